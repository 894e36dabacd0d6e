// The offscreen renderer under the validation layer with synchronization validation (see
// gpu_test_fixture.h): it draws from the solver's own position buffer, its pictures show the cloth's
// front side where the cloth is, the ground and the background where they are, it is deterministic,
// and it matches a stored reference picture.
//
// To regenerate the reference after an intended change of the picture (check it by eye first):
//   VKXPBD_UPDATE_REFERENCE=1 build/tests/test_gpu --gtest_filter='Render.MatchesReference*'
#include <algorithm>
#include <cstdlib>
#include <numbers>

#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "mesh/triangle_mesh.h"
#include "render/collider_mesh.h"
#include "render/image.h"
#include "render/offscreen_renderer.h"
#include "scene/builtin_scenes.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/solver_layout.h"
#include "tear_scenes.h"

namespace vkxpbd {
namespace {

using render::Image;
using render::OrbitCamera;

const std::string kReferencePath = std::string(VKXPBD_SOURCE_DIR) + "/tests/data/render_cloth_on_sphere.png";

// Everything one rendered simulation needs, in construction order (each refers to the ones before).
struct RenderedSim {
  RenderedSim(const vk::Context& ctx, const SceneDesc& scene, uint32_t width, uint32_t height,
              bool msaa = true)
      : model(buildModel(scene)),
        layout(buildSolverLayout(model, scene.solver)),
        solver(ctx, model, scene.solver, layout, render::rendererSolverOptions(GpuSolverOptions{false})),
        renderer(ctx, model, solver, width, height, msaa) {}
  Model model;
  SolverLayout layout;
  GpuSolver solver;
  render::OffscreenRenderer renderer;
};

SceneDesc clothOnSphere() {
  return loadScene(std::string(VKXPBD_SOURCE_DIR) +
                   "/tests/data/render_cloth_on_sphere.json");  // frozen: the reference PNG
}

// The pixel a world point (m) lands on.
glm::ivec2 toPixel(const OrbitCamera& camera, const Image& image, glm::vec3 world) {
  const float aspect = static_cast<float>(image.width) / static_cast<float>(image.height);
  const glm::vec4 clip = camera.projection(aspect) * camera.view() * glm::vec4(world, 1.0f);
  const glm::vec2 ndc = glm::vec2(clip) / clip.w;  // Vulkan: x right, y down, both in [-1, 1]
  return {static_cast<int>((ndc.x * 0.5f + 0.5f) * static_cast<float>(image.width)),
          static_cast<int>((ndc.y * 0.5f + 0.5f) * static_cast<float>(image.height))};
}

glm::u8vec4 pixelAt(const Image& image, glm::ivec2 p) {
  EXPECT_TRUE(p.x >= 0 && p.y >= 0 && p.x < static_cast<int>(image.width) &&
              p.y < static_cast<int>(image.height))
      << "pixel (" << p.x << ", " << p.y << ") outside the image";
  return image.pixel(static_cast<uint32_t>(std::clamp(p.x, 0, static_cast<int>(image.width) - 1)),
                     static_cast<uint32_t>(std::clamp(p.y, 0, static_cast<int>(image.height) - 1)));
}

std::string describe(glm::u8vec4 c) {
  return "rgb(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ", " + std::to_string(c.z) + ")";
}

// Colour classes of the sRGB-encoded pixels (the albedos are in shared/render_types.h; lighting only
// scales them, so the hue survives).
bool isFront(glm::u8vec4 c) {  // orange: linear (0.80, 0.22, 0.05)
  return c.x > c.y + 40 && c.y > c.z;
}
bool isBack(glm::u8vec4 c) {  // blue: linear (0.05, 0.25, 0.70)
  return c.z > c.x + 40 && c.z > c.y;
}
bool isGrey(glm::u8vec4 c) {  // ground and grid: equal channels
  const int hi = std::max({c.x, c.y, c.z}), lo = std::min({c.x, c.y, c.z});
  return hi - lo <= 6 && lo > 30;
}
bool isSphere(glm::u8vec4 c) {  // colliders, grey-green: linear (0.45, 0.50, 0.45)
  return c.y > c.x + 2 && c.y > c.z + 2 && std::abs(c.x - c.z) <= 3;
}
bool isBackground(glm::u8vec4 c) {  // the clear colour, linear (0.02, 0.03, 0.05) → sRGB (39, 48, 63)
  return std::abs(c.x - 39) <= 3 && std::abs(c.y - 48) <= 3 && std::abs(c.z - 63) <= 3;
}

uint32_t countPixels(const Image& image, bool (*predicate)(glm::u8vec4)) {
  uint32_t n = 0;
  for (uint32_t y = 0; y < image.height; ++y)
    for (uint32_t x = 0; x < image.width; ++x) n += predicate(image.pixel(x, y)) ? 1u : 0u;
  return n;
}

class Render : public test::GpuTest {};

TEST_F(Render, DrawsFromTheSolversPositionBuffer) {
  RenderedSim sim(*ctx, clothOnSphere(), 64, 48);
  EXPECT_EQ(sim.renderer.boundPositionBuffer(), VkBuffer{VK_NULL_HANDLE}) << "nothing drawn yet";
  sim.solver.simulate(1);
  sim.renderer.render(sim.renderer.framingCamera());
  EXPECT_NE(sim.renderer.boundPositionBuffer(), VkBuffer{VK_NULL_HANDLE});
  EXPECT_EQ(sim.renderer.boundPositionBuffer(), sim.solver.positionBuffer().buffer)
      << "the cloth must be drawn from the solver's own VkBuffer, not a copy";
}

TEST_F(Render, NormalsPassMatchesCpu) {
  RenderedSim sim(*ctx, clothOnSphere(), 32, 24);
  sim.solver.simulate(20);
  sim.renderer.render(sim.renderer.framingCamera());
  const State state = sim.solver.download();
  const std::vector<glm::vec4> gpu = sim.renderer.scene().downloadNormals();
  const std::vector<glm::vec4> cpu =
      render::computeVertexNormals(sim.renderer.scene().clothMesh(), state.positions);
  ASSERT_EQ(gpu.size(), cpu.size());
  double worst = 0.0;
  for (size_t i = 0; i < gpu.size(); ++i)
    worst = std::max(worst, static_cast<double>(glm::length(glm::vec3(gpu[i] - cpu[i]))));
  EXPECT_LT(worst, 1e-5);
  EXPECT_NEAR(glm::length(glm::vec3(gpu[0])), 1.0, 1e-5);
}

TEST_F(Render, ClothOnSphereShowsClothGroundAndBackground) {
  RenderedSim sim(*ctx, clothOnSphere(), 160, 120);
  const OrbitCamera camera = sim.renderer.framingCamera();

  // Frame 0: the flat cloth above the sphere; the sphere's side facing the camera, below the cloth's
  // near edge, is visible.
  const Image start = sim.renderer.render(camera);
  const glm::vec3 sphereSide =
      glm::vec3(0.0f, 0.5f, 0.0f) + 0.3f * glm::normalize(glm::vec3(0.554f, -0.196f, 0.809f));
  const glm::u8vec4 sphere = pixelAt(start, toPixel(camera, start, sphereSide));
  EXPECT_TRUE(isSphere(sphere)) << describe(sphere);

  sim.solver.simulate(30);
  const Image image = sim.renderer.render(camera);
  ASSERT_EQ(image.width, 160u);
  ASSERT_EQ(image.height, 120u);

  // Not blank: cloth, ground and background all cover a good share of the picture.
  const uint32_t pixels = image.width * image.height;
  EXPECT_GT(countPixels(image, isFront), pixels / 40);
  EXPECT_GT(countPixels(image, isGrey), pixels / 5);
  EXPECT_GT(countPixels(image, isBackground), pixels / 50);

  // The cloth rests on top of the sphere (centre (0, 0.5, 0), radius 0.3): seen from above, its
  // front (counter-clockwise from +y) side shows there.
  const glm::u8vec4 top = pixelAt(image, toPixel(camera, image, {0.0f, 0.81f, 0.0f}));
  EXPECT_TRUE(isFront(top)) << describe(top);
  // The ground between the camera and the cloth, away from the cloth's reach.
  const glm::u8vec4 ground = pixelAt(image, toPixel(camera, image, {0.3f, 0.0f, 1.2f}));
  EXPECT_TRUE(isGrey(ground)) << describe(ground);
  // The top corners look above the ground square's far edge: background.
  EXPECT_TRUE(isBackground(image.pixel(0, 0))) << describe(image.pixel(0, 0));
  EXPECT_TRUE(isBackground(image.pixel(image.width - 1, 0))) << describe(image.pixel(image.width - 1, 0));
}

TEST_F(Render, FrontAndBackSidesHaveDistinctColours) {
  // The flag hangs in the xy plane, counter-clockwise seen from +z: its front faces +z.
  RenderedSim sim(*ctx, builtinScene("flag"), 96, 64);
  OrbitCamera camera = sim.renderer.framingCamera();
  camera.pitch = 0.1f;
  camera.yaw = 0.0f;  // eye on +z
  const Image front = sim.renderer.render(camera);
  camera.yaw = std::numbers::pi_v<float>;  // eye on -z
  const Image back = sim.renderer.render(camera);
  const glm::vec3 centre(0.0f, 1.2f, 0.0f);
  const glm::u8vec4 f = pixelAt(front, toPixel(camera, front, centre));
  const glm::u8vec4 b = pixelAt(back, toPixel(camera, back, centre));
  EXPECT_TRUE(isFront(f)) << describe(f);
  EXPECT_TRUE(isBack(b)) << describe(b);
  EXPECT_EQ(countPixels(front, isBack), 0u);
  EXPECT_EQ(countPixels(back, isFront), 0u);
}

TEST_F(Render, MatchesReferenceImageAndIsDeterministic) {
  RenderedSim sim(*ctx, clothOnSphere(), 160, 120);
  sim.solver.simulate(30);
  const OrbitCamera camera = sim.renderer.framingCamera();
  const Image first = sim.renderer.render(camera);
  const Image second = sim.renderer.render(camera);
  EXPECT_EQ(first.rgba, second.rgba) << "two renders of the same state differ";

  if (const char* update = std::getenv("VKXPBD_UPDATE_REFERENCE"); update != nullptr && update[0] == '1') {
    render::writePng(kReferencePath, first);
    GTEST_SKIP() << "wrote " << kReferencePath;
  }
  const Image reference = render::readPng(kReferencePath);
  ASSERT_EQ(reference.width, first.width);
  ASSERT_EQ(reference.height, first.height);
  // Another device or driver may rasterise and round slightly differently (and FMA may move the cloth
  // by micrometres), so a small mean difference is allowed; a changed scene, camera or colour is not.
  const double mad = render::meanAbsoluteDifference(first, reference);
  EXPECT_LT(mad, 2.0) << "mean absolute difference to " << kReferencePath << " (8-bit steps)";
}

TEST_F(Render, SingleSampleFallbackLooksTheSame) {
  RenderedSim msaa(*ctx, clothOnSphere(), 160, 120, true);
  RenderedSim single(*ctx, clothOnSphere(), 160, 120, false);
  EXPECT_EQ(single.renderer.target().samples(), VK_SAMPLE_COUNT_1_BIT);
  const Image a = msaa.renderer.render(msaa.renderer.framingCamera());
  const Image b = single.renderer.render(single.renderer.framingCamera());
  const Image b2 = single.renderer.render(single.renderer.framingCamera());  // re-uses the copied image
  EXPECT_EQ(b.rgba, b2.rgba);
  // Only the edges differ (anti-aliased or not).
  EXPECT_LT(render::meanAbsoluteDifference(a, b), 3.0);
}

// CPU-side pieces.

TEST(RenderMesh, AdjacencyListsEveryCornerInAscendingTriangleOrder) {
  const Model model = buildModel(clothOnSphere());
  const render::ClothMesh mesh = render::buildClothMesh(model);
  ASSERT_EQ(mesh.offsets.size(), model.particleCount() + 1u);
  ASSERT_EQ(mesh.triangles.size(), mesh.indices.size());
  for (uint32_t p = 0; p < model.particleCount(); ++p) {
    for (uint32_t k = mesh.offsets[p]; k < mesh.offsets[p + 1]; ++k) {
      const uint32_t t = mesh.triangles[k];
      EXPECT_TRUE(mesh.indices[3 * t] == p || mesh.indices[3 * t + 1] == p || mesh.indices[3 * t + 2] == p);
      if (k > mesh.offsets[p]) {
        EXPECT_LT(mesh.triangles[k - 1], t);
      }
    }
  }
  // An interior grid particle touches six triangles, a corner one or two.
  EXPECT_EQ(mesh.offsets[65 + 1] - mesh.offsets[65], 6u);
  EXPECT_GE(mesh.offsets[1] - mesh.offsets[0], 1u);
}

// Every triangle of a convex solid centred at the origin faces away from the centre, and every vertex
// normal agrees with its triangle's.
void expectOutwardCounterClockwise(const render::SolidMesh& mesh, const char* what) {
  ASSERT_EQ(mesh.indices.size() % 3, 0u);
  ASSERT_EQ(mesh.positions.size(), mesh.normals.size());
  size_t faces = 0;
  for (size_t t = 0; t < mesh.indices.size(); t += 3) {
    const glm::vec3 a(mesh.positions[mesh.indices[t]]), b(mesh.positions[mesh.indices[t + 1]]),
        c(mesh.positions[mesh.indices[t + 2]]);
    const glm::vec3 n = glm::cross(b - a, c - a);
    if (glm::length(n) < 1e-9f) continue;  // the zero-length band of a capsule of length 0
    ++faces;
    EXPECT_GT(glm::dot(n, a + b + c), 0.0f) << what << " triangle " << t / 3;
    for (size_t k = 0; k < 3; ++k)
      EXPECT_GT(glm::dot(n, glm::vec3(mesh.normals[mesh.indices[t + k]])), 0.0f)
          << what << " triangle " << t / 3;
  }
  EXPECT_GT(faces, 0u) << what;
}

TEST(RenderMesh, ColliderSurfacesAreOutwardCounterClockwise) {
  const render::SolidMesh capsule = render::buildCapsule(0.1f, 0.3f, 16, 8);
  expectOutwardCounterClockwise(capsule, "capsule");
  // Every vertex lies on the capsule: 0.1 m from the segment x in [−0.3, 0.3] m.
  for (const glm::vec4& p : capsule.positions) {
    const glm::vec3 axis(std::clamp(p.x, -0.3f, 0.3f), 0.0f, 0.0f);
    EXPECT_NEAR(glm::length(glm::vec3(p) - axis), 0.1f, 1e-6f);
  }
  expectOutwardCounterClockwise(render::buildCapsule(0.2f, 0.0f, 16, 8), "sphere");
  const render::SolidMesh box = render::buildBox({0.2f, 0.1f, 0.3f});
  expectOutwardCounterClockwise(box, "box");
  EXPECT_EQ(box.indices.size(), 36u);
  for (const glm::vec4& p : box.positions) {
    EXPECT_FLOAT_EQ(std::abs(p.x), 0.2f);
    EXPECT_FLOAT_EQ(std::abs(p.y), 0.1f);
    EXPECT_FLOAT_EQ(std::abs(p.z), 0.3f);
  }
  // A mesh whose triangles wind inward is turned outward.
  TriangleMesh inward = makeIcosphere(0.5f, 1);
  for (size_t t = 0; t < inward.indices.size(); t += 3)
    std::swap(inward.indices[t + 1], inward.indices[t + 2]);
  expectOutwardCounterClockwise(render::buildFlatSurface(inward.vertices, inward.indices), "inward mesh");
}

// Two cloths side by side, seen from above: each surface has its own front colour (orange, then green).
TEST_F(Render, EachSurfaceHasItsOwnFrontColour) {
  const SceneDesc scene = parseScene(R"({"solver": {"gravity": [0, 0, 0]},
    "cloths": [{"size": [0.4, 0.4], "resolution": [5, 5], "center": [-0.3, 0.5, 0]},
               {"size": [0.4, 0.4], "resolution": [5, 5], "center": [0.3, 0.5, 0]}]})",
                                     "two.json");
  RenderedSim sim(*ctx, scene, 96, 64);
  OrbitCamera camera;
  camera.target = {0.0f, 0.5f, 0.0f};
  camera.distance = 2.0f;
  camera.yaw = 0.0f;
  camera.pitch = 1.5f;
  const Image image = sim.renderer.render(camera);
  const glm::u8vec4 first = pixelAt(image, toPixel(camera, image, {-0.3f, 0.5f, 0.0f}));
  const glm::u8vec4 second = pixelAt(image, toPixel(camera, image, {0.3f, 0.5f, 0.0f}));
  EXPECT_TRUE(isFront(first)) << describe(first);
  EXPECT_TRUE(second.y > second.x + 30 && second.y > second.z + 30) << "green: " << describe(second);
}

// A box sliding along +x at 1 m/s and a capsule spinning about y: each is drawn where the solver has
// it at the drawn time, not where it started.
TEST_F(Render, CollidersAreDrawnAtTheirPoseAtTheDrawnTime) {
  const SceneDesc scene = parseScene(R"({"solver": {"gravity": [0, 0, 0]},
    "cloths": [{"size": [0.2, 0.2], "resolution": [3, 3], "center": [0, 1.5, -1]}],
    "colliders": [{"type": "box", "center": [-0.5, 0.5, 0], "half_extents": [0.15, 0.15, 0.15], "velocity": [1, 0, 0]},
                  {"type": "capsule", "center": [0, 0.5, 0.6], "radius": 0.05, "half_length": 0.3,
                   "angular_velocity": [0, 3.14159265, 0]}]})",
                                     "moving.json");
  RenderedSim sim(*ctx, scene, 160, 120);
  OrbitCamera camera;  // straight down from above: x right, z down in the picture
  camera.target = {0.0f, 0.5f, 0.2f};
  camera.distance = 3.0f;
  camera.yaw = 0.0f;
  camera.pitch = 1.5f;
  const Image start = sim.renderer.render(camera);
  const glm::vec3 boxStart(-0.5f, 0.65f, 0.0f), boxEnd(0.0f, 0.65f, 0.0f);           // top face centres
  const glm::vec3 capsuleEnd0(0.25f, 0.55f, 0.6f), capsuleEnd1(0.0f, 0.55f, 0.85f);  // tip, then turned
  EXPECT_TRUE(isSphere(pixelAt(start, toPixel(camera, start, boxStart))));
  EXPECT_FALSE(isSphere(pixelAt(start, toPixel(camera, start, boxEnd))));
  EXPECT_TRUE(isSphere(pixelAt(start, toPixel(camera, start, capsuleEnd0))));
  EXPECT_FALSE(isSphere(pixelAt(start, toPixel(camera, start, capsuleEnd1))));
  sim.solver.simulate(30);  // 0.5 s: the box moved 0.5 m, the capsule turned by a quarter turn
  EXPECT_NEAR(sim.solver.time(), 0.5f, 1e-6f);
  const Image later = sim.renderer.render(camera);
  EXPECT_FALSE(isSphere(pixelAt(later, toPixel(camera, later, boxStart))));
  EXPECT_TRUE(isSphere(pixelAt(later, toPixel(camera, later, boxEnd))));
  EXPECT_FALSE(isSphere(pixelAt(later, toPixel(camera, later, capsuleEnd0))));
  EXPECT_TRUE(isSphere(pixelAt(later, toPixel(camera, later, capsuleEnd1))));
}

// The window's framing (at start, reset, reload and on F) takes the bodies where they are now: moved
// positions move the box; on a torn sheet the box holds every particle its torn surface names (the copies
// a split took) and ignores the parked spares wherever they are.
TEST(Camera, BoundsFollowTheBodiesWhereTheyAreNow) {
  const Model model = buildModel(test::tearSheet(SolverMode::GaussSeidel, 0.1f, 1.2f));
  const render::Bounds rest = render::sceneBounds(model);
  const render::Bounds same = render::sceneBounds(model, model.restPositions, 0.0f);
  EXPECT_EQ(rest.min, same.min);
  EXPECT_EQ(rest.max, same.max);
  std::vector<glm::vec4> moved = model.restPositions;
  for (glm::vec4& p : moved) p += glm::vec4(3.0f, 0.0f, -2.0f, 0.0f);  // m
  const render::Bounds shifted = render::sceneBounds(model, moved, 0.0f);
  EXPECT_NEAR(shifted.min.x, rest.min.x + 3.0f, 1e-5f);
  EXPECT_NEAR(shifted.max.z, rest.max.z - 2.0f, 1e-5f);

  const SceneDesc scene = test::tearSheet(SolverMode::GaussSeidel, 0.1f, 1.2f);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  for (int f = 0; f < 240; ++f) solver.stepFrame(state);
  const Model& torn = solver.model();
  const TearBody& tear = torn.tears.at(0);
  const uint32_t taken = solver.tearing().sparesUsed(0);
  ASSERT_GT(taken, 0u);
  // Parked spares far away change nothing.
  for (uint32_t p = tear.spareFirst + taken; p < tear.spareFirst + tear.spareCount; ++p)
    state.positions[p] = glm::vec4(1e3f, 1e3f, 1e3f, 0.0f);
  const render::Bounds now = render::sceneBounds(torn, state.positions, 4.0f);
  EXPECT_LT(now.max.x, 100.0f);
  for (const uint32_t p : torn.surfaces.at(0).indices) {
    const glm::vec3 x(state.positions[p]);
    EXPECT_TRUE(glm::all(glm::greaterThanEqual(x, now.min)) && glm::all(glm::lessThanEqual(x, now.max)))
        << "particle " << p;
  }
  // The pins moved 0.4 m apart each way: the box is wider than at rest.
  EXPECT_GT(now.max.x - now.min.x, rest.max.x - rest.min.x + 0.5f);
}

TEST(Camera, FramesTheSceneInVulkanClipSpace) {
  const Model model = buildModel(clothOnSphere());
  const render::Bounds bounds = render::sceneBounds(model);
  EXPECT_FLOAT_EQ(bounds.min.y, 0.0f);  // down to the ground plane
  const OrbitCamera camera = render::frameBounds(bounds, 4.0f / 3.0f);
  const glm::mat4 viewProj = camera.projection(4.0f / 3.0f) * camera.view();
  auto ndc = [&](glm::vec3 p) {
    const glm::vec4 c = viewProj * glm::vec4(p, 1.0f);
    return glm::vec3(c) / c.w;
  };
  const glm::vec3 centre = ndc(bounds.center());
  EXPECT_NEAR(centre.x, 0.0f, 1e-5f);
  EXPECT_NEAR(centre.y, 0.0f, 1e-5f);
  EXPECT_GT(centre.z, 0.0f);  // depth in (0, 1)
  EXPECT_LT(centre.z, 1.0f);
  // World up is screen up: Vulkan's y points down, so a higher point has a smaller y.
  EXPECT_LT(ndc(bounds.center() + glm::vec3(0.0f, 0.1f, 0.0f)).y, centre.y);
  // Every corner of the box is in view.
  for (int i = 0; i < 8; ++i) {
    const glm::vec3 corner((i & 1) ? bounds.max.x : bounds.min.x, (i & 2) ? bounds.max.y : bounds.min.y,
                           (i & 4) ? bounds.max.z : bounds.min.z);
    const glm::vec3 p = ndc(corner);
    EXPECT_LE(std::abs(p.x), 1.0f);
    EXPECT_LE(std::abs(p.y), 1.0f);
  }
}

}  // namespace
}  // namespace vkxpbd

namespace vkxpbd {
namespace {

// Debug views of the flag (pinned along its i = 0 edge) after 20 frames.
class RenderViews : public test::GpuTest {};

bool isSaturated(glm::u8vec4 c) {
  const int hi = std::max({c.x, c.y, c.z}), lo = std::min({c.x, c.y, c.z});
  return hi - lo > 80;
}

TEST_F(RenderViews, ConstraintColoursShowManyHues) {
  RenderedSim sim(*ctx, builtinScene("flag"), 240, 135);
  sim.solver.simulate(20);
  sim.renderer.scene().view = render::ViewMode::ConstraintColours;
  const Image image = sim.renderer.render(sim.renderer.framingCamera());
  std::vector<int> hueBins(12, 0);
  for (uint32_t y = 0; y < image.height; ++y)
    for (uint32_t x = 0; x < image.width; ++x) {
      const glm::u8vec4 c = image.pixel(x, y);
      if (!isSaturated(c)) continue;
      const glm::vec3 f = glm::vec3(c) / 255.0f;
      const float hi = std::max({f.x, f.y, f.z}), lo = std::min({f.x, f.y, f.z});
      float h = hi == f.x   ? (f.y - f.z) / (hi - lo)
                : hi == f.y ? 2.0f + (f.z - f.x) / (hi - lo)
                            : 4.0f + (f.x - f.y) / (hi - lo);
      h = std::fmod(h / 6.0f + 1.0f, 1.0f);
      hueBins[static_cast<size_t>(h * 12.0f) % 12] += 1;
    }
  const long used = std::count_if(hueBins.begin(), hueBins.end(), [](int n) { return n >= 5; });
  // 12 graph colours with golden-ratio hues spread over most of the hue circle.
  EXPECT_GE(used, 8) << "hue bins with at least 5 pixels";
}

TEST_F(RenderViews, StressIsHighestAtThePinnedEdgeAndZeroAtRest) {
  const SceneDesc scene = builtinScene("flag");
  RenderedSim sim(*ctx, scene, 240, 135);
  sim.renderer.scene().view = render::ViewMode::Stress;
  const OrbitCamera camera = sim.renderer.framingCamera();
  auto hot = [](glm::u8vec4 c) { return c.x > c.z + 60; };

  // At rest λ is 0 everywhere: no constraint is drawn hot.
  const Image rest = sim.renderer.render(camera);
  int hotAtRest = 0;
  for (uint32_t y = 0; y < rest.height; ++y)
    for (uint32_t x = 0; x < rest.width; ++x) hotAtRest += hot(rest.pixel(x, y)) ? 1 : 0;
  EXPECT_EQ(hotAtRest, 0);

  sim.solver.simulate(20);
  const Image image = sim.renderer.render(camera);
  // Hot pixels near the pinned edge (i = 0) against near the free edge (i = nx − 1), by projecting the
  // two edges' midpoints and splitting the cloth's pixels along the line between them.
  const glm::uvec2 n = scene.cloths[0].resolution;
  const glm::vec3 pinnedMid = glm::vec3(sim.model.restPositions[(n.y / 2) * n.x]);
  const glm::vec3 freeMid = glm::vec3(sim.model.restPositions[(n.y / 2) * n.x + n.x - 1]);
  const glm::vec2 p0 = glm::vec2(toPixel(camera, image, pinnedMid)),
                  p1 = glm::vec2(toPixel(camera, image, freeMid));
  int hotNear = 0, hotFar = 0, linesNear = 0, linesFar = 0;
  for (uint32_t y = 0; y < image.height; ++y)
    for (uint32_t x = 0; x < image.width; ++x) {
      const glm::u8vec4 c = image.pixel(x, y);
      if (!isSaturated(c)) continue;
      const float t = glm::dot(glm::vec2(x, y) - p0, p1 - p0) / glm::dot(p1 - p0, p1 - p0);
      if (t < 0.25f) {
        ++linesNear;
        hotNear += hot(c) ? 1 : 0;
      } else if (t > 0.75f) {
        ++linesFar;
        hotFar += hot(c) ? 1 : 0;
      }
    }
  ASSERT_GT(linesNear, 50);
  ASSERT_GT(linesFar, 50);
  const double nearShare = static_cast<double>(hotNear) / linesNear,
               farShare = static_cast<double>(hotFar) / linesFar;
  EXPECT_GT(hotNear, 0) << "no constraint near the pins is drawn hot";
  EXPECT_GT(nearShare, 4.0 * farShare) << "hot share near the pins " << nearShare << ", far " << farShare;
}

TEST_F(RenderViews, WireframeDrawsEdgesInsteadOfTheSurface) {
  RenderedSim sim(*ctx, builtinScene("flag"), 240, 135);
  sim.solver.simulate(5);
  const OrbitCamera camera = sim.renderer.framingCamera();
  auto count = [&](const Image& image, auto predicate) {
    int n = 0;
    for (uint32_t y = 0; y < image.height; ++y)
      for (uint32_t x = 0; x < image.width; ++x) n += predicate(image.pixel(x, y)) ? 1 : 0;
    return n;
  };
  auto clothColour = [](glm::u8vec4 c) { return isFront(c) || isBack(c); };
  auto lineColour = [](glm::u8vec4 c) { return isGrey(c) && c.x > 150; };
  const Image shaded = sim.renderer.render(camera);
  sim.renderer.scene().view = render::ViewMode::Wireframe;
  const Image wire = sim.renderer.render(camera);
  EXPECT_GT(count(shaded, clothColour), 500);
  EXPECT_EQ(count(wire, clothColour), 0);
  EXPECT_GT(count(wire, lineColour), 200);
  EXPECT_LT(count(shaded, lineColour), count(wire, lineColour) / 4);
}

}  // namespace
}  // namespace vkxpbd
