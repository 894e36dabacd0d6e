#include "render/camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

#include "render/collider_mesh.h"
#include "shared/collider_math.h"

namespace vkxpbd::render {

glm::vec3 OrbitCamera::eye() const {
  const glm::vec3 offset(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
  return target + distance * offset;
}

OrbitCamera lookAtCamera(glm::vec3 eye, glm::vec3 target, float fovYRadians) {
  OrbitCamera camera;
  const glm::vec3 d = eye - target;
  camera.target = target;
  camera.distance = glm::length(d);
  camera.pitch = std::asin(std::clamp(d.y / camera.distance, -1.0f, 1.0f));
  camera.yaw = std::atan2(d.x, d.z);  // eye() puts the eye at (sin yaw, ·, cos yaw)
  camera.fovY = fovYRadians;
  return camera;
}

glm::mat4 OrbitCamera::view() const {
  return glm::lookAt(eye(), target, glm::vec3(0.0f, 1.0f, 0.0f));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
  // GLM_FORCE_DEPTH_ZERO_TO_ONE (set for this library) gives Vulkan's depth range; Vulkan's
  // framebuffer y points down, so y is flipped to keep +y up on screen.
  glm::mat4 p = glm::perspective(fovY, aspect, nearPlane(), farPlane());
  p[1][1] = -p[1][1];
  return p;
}

Bounds sceneBounds(const Model& model) {
  return sceneBounds(model, model.restPositions, 0.0f);
}

Bounds sceneBounds(const Model& model, const std::vector<glm::vec4>& positions, float time) {
  Bounds b;
  bool any = false;
  auto add = [&](glm::vec3 lo, glm::vec3 hi) {
    b.min = any ? glm::min(b.min, lo) : lo;
    b.max = any ? glm::max(b.max, hi) : hi;
    any = true;
  };
  // Not the parked spare particles of tearing bodies (sim/tearing.h): a spare counts once a split took it,
  // i.e. once a surface triangle names it.
  std::vector<bool> skip(model.particleCount(), false);
  for (const TearBody& t : model.tears) std::fill_n(skip.begin() + t.spareFirst, t.spareCount, true);
  for (const SurfaceMesh& s : model.surfaces)
    for (const uint32_t p : s.indices)
      if (p < skip.size()) skip[p] = false;
  for (uint32_t i = 0; i < model.particleCount() && i < positions.size(); ++i)
    if (!skip[i]) add(glm::vec3(positions[i]), glm::vec3(positions[i]));
  for (uint32_t k = 0; k < model.colliders.size(); ++k) {
    // Every drawn collider where it is at `time`.
    const Collider& c = model.colliders[k];
    for (const glm::vec4& p : buildColliderMesh(model, k).positions) {
      const glm::vec3 world =
          gpu::colliderCentre(c, time) + gpu::quatRotate(gpu::colliderRotation(c, time), glm::vec3(p));
      add(world, world);
    }
  }
  if (!any) add(glm::vec3(-1.0f, 0.0f, -1.0f), glm::vec3(1.0f, 1.0f, 1.0f));
  for (const Collider& plane : model.colliders) {
    if (plane.type != VKXPBD_COLLIDER_PLANE) continue;
    const glm::vec3 n(plane.shape);
    if (n.y > 0.9f) {  // a floor: y = offset / n.y on the box's vertical axis
      const float floorY = plane.shape.w / n.y;
      if (floorY < b.min.y) b.min.y = floorY;
    }
  }
  return b;
}

OrbitCamera frameBounds(const Bounds& bounds, float aspect, float yaw, float pitch) {
  OrbitCamera cam;
  cam.target = bounds.center();
  cam.yaw = yaw;
  cam.pitch = pitch;
  // At this distance the bounding sphere fits, so every corner of the box does.
  const float radius = std::max(bounds.radius(), 1e-3f);
  const float halfFovX = std::atan(std::tan(0.5f * cam.fovY) * aspect);
  const float halfFov = std::min(0.5f * cam.fovY, halfFovX);
  const float sphereFit = radius / std::sin(halfFov);
  // Move closer while the box's eight corners stay within 90% of the view (bisection).
  auto fits = [&](float distance) {
    cam.distance = distance;
    const glm::mat4 viewProj = cam.projection(aspect) * cam.view();
    for (int i = 0; i < 8; ++i) {
      const glm::vec3 corner((i & 1) ? bounds.max.x : bounds.min.x, (i & 2) ? bounds.max.y : bounds.min.y,
                             (i & 4) ? bounds.max.z : bounds.min.z);
      const glm::vec4 clip = viewProj * glm::vec4(corner, 1.0f);
      if (clip.w <= cam.nearPlane() || std::abs(clip.x) > 0.9f * clip.w || std::abs(clip.y) > 0.9f * clip.w)
        return false;
    }
    return true;
  };
  float lo = 0.2f * sphereFit, hi = sphereFit;
  for (int step = 0; step < 24; ++step) {
    const float mid = 0.5f * (lo + hi);
    (fits(mid) ? hi : lo) = mid;
  }
  cam.distance = hi;
  return cam;
}

}  // namespace vkxpbd::render
