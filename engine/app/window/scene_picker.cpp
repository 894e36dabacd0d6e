#include "app/window/scene_picker.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include <imgui.h>

namespace vkxpbd::window {

std::vector<std::string> listSceneFiles(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    if (entry.path().extension() == ".json" && entry.is_regular_file(error))
      files.push_back(entry.path().filename().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string sceneFolderOf(const std::string& scenePath) {
  if (scenePath.empty()) return "scenes";
  const std::filesystem::path parent = std::filesystem::path(scenePath).parent_path();
  return parent.empty() ? "." : parent.string();
}

std::optional<std::string> ScenePicker::draw(const std::string& currentScene) {
  std::optional<std::string> open;
  const std::string folder = sceneFolderOf(currentScene);
  if (folder != folder_) {  // listed once per folder; "rescan" lists again
    folder_ = folder;
    files_ = listSceneFiles(folder_);
    selected_ = -1;
  }
  const std::string currentName = std::filesystem::path(currentScene).filename().string();
  ImGui::TextDisabled("%s/", folder_.c_str());
  if (files_.empty()) ImGui::TextDisabled("(no .json files there)");
  const float rows = static_cast<float>(std::min<size_t>(files_.size(), 8));
  if (!files_.empty() &&
      ImGui::BeginListBox("##scenes", ImVec2(-1.0f, rows * ImGui::GetTextLineHeightWithSpacing() + 6.0f))) {
    for (int i = 0; i < static_cast<int>(files_.size()); ++i) {
      const bool isOpen = files_[static_cast<size_t>(i)] == currentName;
      if (ImGui::Selectable(files_[static_cast<size_t>(i)].c_str(), isOpen || i == selected_,
                            ImGuiSelectableFlags_AllowDoubleClick)) {
        selected_ = i;
        if (ImGui::IsMouseDoubleClicked(0)) open = folder_ + "/" + files_[static_cast<size_t>(i)];
      }
    }
    ImGui::EndListBox();
  }
  if (ImGui::Button("open selected") && selected_ >= 0)
    open = folder_ + "/" + files_[static_cast<size_t>(selected_)];
  ImGui::SameLine();
  if (ImGui::Button("rescan")) folder_.clear();
  ImGui::InputTextWithHint("##path", "path/to/scene.json", path_.data(), path_.size());
  ImGui::SameLine();
  if (ImGui::Button("open path") && path_[0] != '\0') open = std::string(path_.data());
  ImGui::TextDisabled("double-click a scene, or drop a .json file onto the window");
  return open;
}

}  // namespace vkxpbd::window
