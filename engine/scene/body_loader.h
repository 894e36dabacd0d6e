// Readers of the scene sections for bodies made from meshes: "soft_bodies" (tetrahedral) and "shells"
// (triangle surfaces, balloons). Format: docs/scene-format.md.
#pragma once

#include <string>
#include <vector>

#include "scene/json_node.h"
#include "scene/scene.h"

namespace vkxpbd::scene_json {

// `sceneFolder` is where relative mesh paths are resolved from.
std::vector<SoftBodyDesc> readSoftBodies(const Node& node, const std::string& sceneFolder);
std::vector<ShellDesc> readShells(const Node& node, const std::string& sceneFolder);

}  // namespace vkxpbd::scene_json
