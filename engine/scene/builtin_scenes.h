// Scenes compiled into the binary from scenes/*.json at build time (the files stay the one source),
// so the tool runs with no scene argument and the benchmark needs no files beside the binary.
#pragma once

#include <string>
#include <vector>

#include "scene/scene.h"

namespace vkxpbd {

// Names: "flag" (the default scene of `vkxpbd run`), "standard_cloth" (docs/benchmarks.md, 64×64),
// "soft_bodies_100" (the soft-body benchmark: 100 Neo-Hookean blocks).
std::vector<std::string> builtinSceneNames();
// Throws SceneError for an unknown name. The scene's path reads "builtin:<name>".
SceneDesc builtinScene(const std::string& name);

}  // namespace vkxpbd
