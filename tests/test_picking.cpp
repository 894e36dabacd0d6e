// Mouse picking against known triangles, camera rays, and the constant-depth drag plane.
//
//   quad in the z = 0 plane, seen from +z:     2 ----- 3
//                                              |     / |
//                                              |   /   |
//                                              | /     |
//                                              0 ----- 1      (1 m × 1 m, particle 0 at the origin)
#include <gtest/gtest.h>

#include "render/picking.h"

namespace vkxpbd::render {
namespace {

Model quad(float z, uint32_t base = 0) {
  Model m;
  for (glm::vec2 p : {glm::vec2(0, 0), glm::vec2(1, 0), glm::vec2(0, 1), glm::vec2(1, 1)})
    m.restPositions.push_back(glm::vec4(p, z, 1.0f));
  m.surfaces.push_back(SurfaceMesh{"quad", {base + 0, base + 1, base + 3, base + 0, base + 3, base + 2}});
  return m;
}

Ray down(glm::vec2 xy) {
  return Ray{glm::vec3(xy, 5.0f), glm::vec3(0.0f, 0.0f, -1.0f)};
}

TEST(Picking, RayHitsExpectedParticle) {
  const Model m = quad(0.0f);
  struct Case {
    glm::vec2 at;
    uint32_t particle;
  };
  for (Case c :
       {Case{{0.1f, 0.1f}, 0}, Case{{0.9f, 0.15f}, 1}, Case{{0.2f, 0.85f}, 2}, Case{{0.8f, 0.9f}, 3}}) {
    std::optional<PickHit> hit = pickParticle(down(c.at), m, m.restPositions);
    ASSERT_TRUE(hit.has_value()) << c.at.x << "," << c.at.y;
    EXPECT_EQ(hit->particle, c.particle);
    EXPECT_NEAR(hit->distance, 5.0f, 1e-5f);
    EXPECT_NEAR(glm::length(hit->point - glm::vec3(c.at, 0.0f)), 0.0f, 1e-5f);
  }
}

TEST(Picking, MissesOutsideAndBehind) {
  const Model m = quad(0.0f);
  EXPECT_FALSE(pickParticle(down({1.5f, 0.5f}), m, m.restPositions).has_value());
  const Ray away{glm::vec3(0.5f, 0.5f, 5.0f), glm::vec3(0.0f, 0.0f, 1.0f)};
  EXPECT_FALSE(pickParticle(away, m, m.restPositions).has_value());
}

TEST(Picking, NearestOfTwoLayersWins) {
  Model m = quad(0.0f);
  const Model upper = quad(0.5f, 4);
  m.restPositions.insert(m.restPositions.end(), upper.restPositions.begin(), upper.restPositions.end());
  m.surfaces.push_back(upper.surfaces[0]);
  std::optional<PickHit> hit = pickParticle(down({0.1f, 0.1f}), m, m.restPositions);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->particle, 4u);
  EXPECT_NEAR(hit->distance, 4.5f, 1e-5f);
}

TEST(Picking, PinnedVertexIsNeverGrabbed) {
  Model m = quad(0.0f);
  m.restPositions[0].w = 0.0f;  // pinned
  std::optional<PickHit> hit = pickParticle(down({0.05f, 0.05f}), m, m.restPositions);
  ASSERT_TRUE(hit.has_value());
  EXPECT_NE(hit->particle, 0u);
}

TEST(Picking, DegenerateTriangleIsSkipped) {
  EXPECT_FALSE(intersectTriangle(down({0.0f, 0.0f}), glm::vec3(0), glm::vec3(1, 0, 0), glm::vec3(2, 0, 0))
                   .has_value());
}

// A world point projected to a pixel and cast back lies on the ray through that pixel.
TEST(Picking, CameraRayPassesThroughProjectedPoint) {
  OrbitCamera camera;
  camera.target = glm::vec3(0.2f, 0.5f, -0.1f);
  const glm::vec2 viewport(640.0f, 480.0f);
  const glm::vec3 world(0.4f, 0.7f, 0.3f);
  glm::vec4 clip = camera.projection(viewport.x / viewport.y) * camera.view() * glm::vec4(world, 1.0f);
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;
  const glm::vec2 pixel = (ndc + 1.0f) * 0.5f * viewport - 0.5f;
  const Ray ray = cameraRay(camera, pixel, viewport);
  const glm::vec3 toPoint = world - ray.origin;
  const float along = glm::dot(toPoint, ray.direction);
  EXPECT_GT(along, 0.0f);
  EXPECT_LT(glm::length(toPoint - along * ray.direction), 1e-4f);
  EXPECT_NEAR(glm::length(ray.direction), 1.0f, 1e-6f);
}

// Dragging keeps the target at the grab point's depth along the view direction.
TEST(Picking, DragTargetStaysAtConstantDepth) {
  const glm::vec3 grabPoint(0.0f, 1.0f, 0.0f), view(0.0f, 0.0f, -1.0f);
  const Ray ray{glm::vec3(0.0f, 0.0f, 5.0f), glm::normalize(glm::vec3(0.3f, 0.2f, -1.0f))};
  const glm::vec3 target = dragTarget(ray, grabPoint, view);
  EXPECT_NEAR(glm::dot(target - grabPoint, view), 0.0f, 1e-5f);
  EXPECT_NEAR(target.x, 1.5f, 1e-5f);
  EXPECT_NEAR(target.y, 1.0f, 1e-5f);
}

}  // namespace
}  // namespace vkxpbd::render
