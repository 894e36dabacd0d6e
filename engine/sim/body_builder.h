// Adds the scene's mesh bodies to a model: soft bodies (tetrahedral meshes with a tetrahedral
// material) and shells (triangle surfaces with stretch and bending constraints, optionally closed
// under a global volume constraint). Each mesh is loaded or generated once and placed per instance.
#pragma once

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd {

// Throws SceneError naming the scene file and the field (or the mesh file and the element).
void addSoftBodies(const SceneDesc& scene, Model& model);
void addShells(const SceneDesc& scene, Model& model);

}  // namespace vkxpbd
