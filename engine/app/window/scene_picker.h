// The window's "open a scene" section: the scene files beside the open scene (or in ./scenes for the
// built-in one) and a path field (files dropped onto the window are opened by the window itself). It
// only chooses a path; the window loads it like a reload, and shows the loader's error in its banner.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace vkxpbd::window {

// The *.json files of `folder`, sorted by name ("" when the folder cannot be read).
std::vector<std::string> listSceneFiles(const std::string& folder);

// The folder whose scenes the picker lists: the open scene's folder, or "scenes" for the built-in scene.
std::string sceneFolderOf(const std::string& scenePath);

class ScenePicker {
 public:
  // Draws the section's widgets (inside the panel); returns the path to open when the user chose one.
  std::optional<std::string> draw(const std::string& currentScene);

 private:
  std::string folder_;
  std::vector<std::string> files_;
  int selected_ = -1;
  std::array<char, 1024> path_{};
};

}  // namespace vkxpbd::window
