#include "render/picking.h"

#include <cmath>
#include <limits>

namespace vkxpbd::render {

Ray cameraRay(const OrbitCamera& camera, glm::vec2 pixel, glm::vec2 viewport) {
  // Normalized device coordinates of the pixel centre; Vulkan's y points down, as do pixel rows.
  const glm::vec2 ndc = 2.0f * (pixel + 0.5f) / viewport - 1.0f;
  const glm::mat4 inverse = glm::inverse(camera.projection(viewport.x / viewport.y) * camera.view());
  glm::vec4 nearPoint = inverse * glm::vec4(ndc, 0.0f, 1.0f);
  glm::vec4 farPoint = inverse * glm::vec4(ndc, 1.0f, 1.0f);
  nearPoint /= nearPoint.w;
  farPoint /= farPoint.w;
  Ray ray;
  ray.origin = glm::vec3(nearPoint);
  ray.direction = glm::normalize(glm::vec3(farPoint) - glm::vec3(nearPoint));
  return ray;
}

std::optional<float> intersectTriangle(const Ray& ray, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
  const glm::vec3 e1 = b - a, e2 = c - a;
  const glm::vec3 p = glm::cross(ray.direction, e2);
  const float det = glm::dot(e1, p);
  // Relative to the edge lengths, so tiny cloth triangles are not mistaken for degenerate ones.
  if (std::abs(det) <= 1e-12f * glm::dot(e1, e1) * glm::length(e2)) return std::nullopt;
  const float inv = 1.0f / det;
  const glm::vec3 s = ray.origin - a;
  const float u = glm::dot(s, p) * inv;
  if (u < 0.0f || u > 1.0f) return std::nullopt;
  const glm::vec3 q = glm::cross(s, e1);
  const float v = glm::dot(ray.direction, q) * inv;
  if (v < 0.0f || u + v > 1.0f) return std::nullopt;
  const float t = glm::dot(e2, q) * inv;
  if (t < 0.0f) return std::nullopt;
  return t;
}

std::optional<PickHit> pickParticle(const Ray& ray, const Model& model,
                                    const std::vector<glm::vec4>& positions) {
  std::optional<PickHit> best;
  for (const SurfaceMesh& surface : model.surfaces) {
    for (size_t t = 0; t + 2 < surface.indices.size(); t += 3) {
      const uint32_t idx[3] = {surface.indices[t], surface.indices[t + 1], surface.indices[t + 2]};
      const glm::vec3 x[3] = {glm::vec3(positions[idx[0]]), glm::vec3(positions[idx[1]]),
                              glm::vec3(positions[idx[2]])};
      std::optional<float> hit = intersectTriangle(ray, x[0], x[1], x[2]);
      if (!hit || (best && *hit >= best->distance)) continue;
      const glm::vec3 point = ray.origin + *hit * ray.direction;
      float nearest = std::numeric_limits<float>::max();
      std::optional<uint32_t> particle;
      for (int k = 0; k < 3; ++k) {
        const float d = glm::length(x[k] - point);
        if (positions[idx[k]].w > 0.0f && d < nearest) {
          nearest = d;
          particle = idx[k];
        }
      }
      if (!particle) continue;
      best = PickHit{*particle, static_cast<uint32_t>(t / 3), *hit, point};
    }
  }
  return best;
}

glm::vec3 dragTarget(const Ray& ray, glm::vec3 grabPoint, glm::vec3 viewDirection) {
  const float denom = glm::dot(ray.direction, viewDirection);
  if (std::abs(denom) < 1e-6f) return grabPoint;
  const float t = glm::dot(grabPoint - ray.origin, viewDirection) / denom;
  return ray.origin + t * ray.direction;
}

}  // namespace vkxpbd::render
