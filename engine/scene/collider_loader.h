// Reader of the scene's "colliders": planes, spheres, capsules, boxes and closed meshes (turned into
// signed-distance grids), with friction, restitution and a constant motion. Format: docs/scene-format.md.
#pragma once

#include <string>

#include "scene/json_node.h"
#include "scene/scene.h"

namespace vkxpbd::scene_json {

// Appends to scene.colliders (and scene.sdfValues); `sceneFolder` resolves mesh paths.
void readColliders(const Node& node, SceneDesc& scene, const std::string& sceneFolder);

}  // namespace vkxpbd::scene_json
