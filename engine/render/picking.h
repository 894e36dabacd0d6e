// Mouse picking: a ray from the cursor through the scene, tested against the cloth's triangles.
// The nearest hit triangle's vertex closest to the hit point is the particle grabbed; while dragging,
// the particle's target follows the cursor on the plane through the grab point that faces the camera
// (constant depth).
#pragma once

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "render/camera.h"
#include "sim/model.h"

namespace vkxpbd::render {

struct Ray {
  glm::vec3 origin{0.0f};     // m
  glm::vec3 direction{0.0f};  // unit length
};

// The ray through pixel `pixel` (origin at the top-left corner, y down) of a viewport of `viewport` pixels.
Ray cameraRay(const OrbitCamera& camera, glm::vec2 pixel, glm::vec2 viewport);

struct PickHit {
  uint32_t particle = 0;  // the hit triangle's moving vertex nearest the hit point
  uint32_t triangle = 0;  // index of the triangle within its surface
  float distance = 0.0f;  // along the ray, m
  glm::vec3 point{0.0f};  // hit point, m
};

// Nearest hit of the ray with any surface triangle of the model at `positions` (both faces count).
// Vertices that cannot move (inverse mass 0) are never chosen; a triangle with none that moves is skipped.
std::optional<PickHit> pickParticle(const Ray& ray, const Model& model,
                                    const std::vector<glm::vec4>& positions);

// Ray–triangle intersection (Möller–Trumbore); distance along the ray, or nothing for a miss,
// a hit behind the origin, or a degenerate triangle.
std::optional<float> intersectTriangle(const Ray& ray, glm::vec3 a, glm::vec3 b, glm::vec3 c);

// The drag target: where the ray meets the plane through `grabPoint` with normal `viewDirection`.
// Falls back to `grabPoint` when the ray is parallel to the plane.
glm::vec3 dragTarget(const Ray& ray, glm::vec3 grabPoint, glm::vec3 viewDirection);

}  // namespace vkxpbd::render
