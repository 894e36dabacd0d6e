// An orbit camera (a point looked at from a distance, yaw and pitch) with view and projection
// matrices for Vulkan clip space (depth 0..1, y pointing down in the framebuffer), and automatic
// framing of a scene's bounding box. World +y is up; metres throughout.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::render {

struct OrbitCamera {
  glm::vec3 target{0.0f, 0.5f, 0.0f};  // m, the point orbited and looked at
  float distance = 3.0f;               // m, from the target to the eye
  float yaw = 0.6f;                    // rad, around +y; 0 puts the eye on +z looking towards -z
  float pitch = 0.45f;                 // rad, elevation of the eye above the target's horizon
  float fovY = 0.8f;                   // rad, vertical field of view

  glm::vec3 eye() const;
  glm::mat4 view() const;
  // Near and far planes follow the distance (1/50 and 50 times it).
  glm::mat4 projection(float aspect) const;
  float nearPlane() const { return 0.02f * distance; }
  float farPlane() const { return 50.0f * distance; }
};

// The camera at `eye` looking at `target` (both m) with a vertical field of view `fovYRadians` (rad); `eye`
// must not be straight above or below `target` (the picture's up is +y).
OrbitCamera lookAtCamera(glm::vec3 eye, glm::vec3 target, float fovYRadians);

struct Bounds {
  glm::vec3 min{0.0f};  // m
  glm::vec3 max{0.0f};  // m
  glm::vec3 center() const { return 0.5f * (min + max); }
  float radius() const { return 0.5f * glm::length(max - min); }  // of the enclosing sphere
};

// The rest positions and the drawn colliders (all but planes) at t = 0, extended down to any roughly
// horizontal ground plane beneath them (so the camera sees where the cloth will fall).
Bounds sceneBounds(const Model& model);
// The same for the bodies where they are now: `positions` (m; the state's, as drawn) and the colliders
// at `time` (s). With tearing bodies pass the solver's torn model: the spares a split took are counted
// (a surface triangle names them), the parked ones are not.
Bounds sceneBounds(const Model& model, const std::vector<glm::vec4>& positions, float time);

// A camera at the given yaw and pitch looking at the centre of `bounds`, as close as it can be while
// the box's corners stay within the middle 90% of a view of the given aspect (width / height).
OrbitCamera frameBounds(const Bounds& bounds, float aspect, float yaw = 0.6f, float pitch = 0.45f);

}  // namespace vkxpbd::render
