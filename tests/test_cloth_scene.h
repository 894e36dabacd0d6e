// The GPU tests' cloth: a 16×16 standard cloth pinned at two corners, one pin moving at constant velocity,
// above a sphere and the ground, so that every pass of the solver (colours, Jacobi tail, collisions,
// animated pins) is exercised. (A sine motion is tested on its own: GLSL sin is not correctly rounded, and
// the rigid cloth amplifies a last-bit difference in a pin's position.)
#pragma once

#include "scene/builtin_scenes.h"
#include "scene/scene.h"

namespace vkxpbd::test {

// `offset` (m) moves the whole scene; `groundHeight` (m) is the ground plane's height before the offset.
inline SceneDesc movingPinCloth(SolverMode mode, uint32_t maxColours, glm::vec3 offset = glm::vec3(0.0f),
                                float groundHeight = 0.0f) {
  SceneDesc scene = builtinScene("standard_cloth");
  ClothDesc& cloth = scene.cloths.at(0);
  cloth.resolution = {16, 16};
  cloth.center += offset;
  cloth.complianceBend = 1e-4f;
  cloth.pins.at(1).motion = PinMotionDesc{VKXPBD_MOTION_LINEAR, {0.1f, 0.0f, 0.05f}, 0.0f};
  scene.colliders.push_back(sphereCollider(glm::vec3(0.3f, 0.6f, 0.4f) + offset, 0.25f));
  scene.colliders.push_back(planeCollider({0.0f, 1.0f, 0.0f}, groundHeight + offset.y));
  scene.solver.mode = mode;
  scene.solver.colouring.maxColours = maxColours;
  return scene;
}

}  // namespace vkxpbd::test
