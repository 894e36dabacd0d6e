// The debug views on soft bodies (tetrahedron edges from the solver's element buffer), the legends of the
// colour and stress views, and the render camera (render::lookAtCamera, the scene's "camera" object).
// Rendered offscreen under the validation layer (gpu_test_fixture.h); each test checks pixels.
#include <algorithm>

#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "hierarchy_scenes.h"
#include "plot/glyphs.h"
#include "render/legend.h"
#include "render/offscreen_renderer.h"
#include "render/stress_scale.h"
#include "scene/scene.h"
#include "shared/element_math.h"
#include "sim/cloth_builder.h"

namespace vkxpbd {
namespace {

using render::Image;
using render::OrbitCamera;
using render::ViewMode;

struct RenderedSim {
  RenderedSim(const vk::Context& ctx, const SceneDesc& scene, uint32_t width, uint32_t height)
      : model(buildModel(scene)),
        layout(buildSolverLayout(model, scene.solver)),
        solver(ctx, model, scene.solver, layout, render::rendererSolverOptions(GpuSolverOptions{false})),
        renderer(ctx, model, solver, width, height) {}
  Model model;
  SolverLayout layout;
  GpuSolver solver;
  render::OffscreenRenderer renderer;
};

SceneDesc sceneFile(const std::string& name) {
  return loadScene(std::string(VKXPBD_SOURCE_DIR) + "/scenes/" + name + ".json");
}

// The clear colour, linear (0.02, 0.03, 0.05) → sRGB (39, 48, 63).
bool isBackground(glm::u8vec4 c) {
  return std::abs(c.x - 39) <= 3 && std::abs(c.y - 48) <= 3 && std::abs(c.z - 63) <= 3;
}

// Pixels that are neither background nor grey (ground, grid, wireframe lines are grey; so count those
// separately where needed).
int countIf(const Image& image, glm::uvec2 lo, glm::uvec2 hi, auto predicate) {
  int n = 0;
  for (uint32_t y = lo.y; y < std::min(hi.y, image.height); ++y)
    for (uint32_t x = lo.x; x < std::min(hi.x, image.width); ++x) n += predicate(image.pixel(x, y)) ? 1 : 0;
  return n;
}

// The screen box (px) of the model's rest positions.
void screenBox(const Model& model, const OrbitCamera& camera, const Image& image, glm::uvec2& lo,
               glm::uvec2& hi) {
  const float aspect = static_cast<float>(image.width) / static_cast<float>(image.height);
  const glm::mat4 viewProj = camera.projection(aspect) * camera.view();
  glm::vec2 a(1e9f), b(-1e9f);
  for (const glm::vec4& p : model.restPositions) {
    const glm::vec4 clip = viewProj * glm::vec4(glm::vec3(p), 1.0f);
    const glm::vec2 px = (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * glm::vec2(image.width, image.height);
    a = glm::min(a, px);
    b = glm::max(b, px);
  }
  lo = glm::uvec2(glm::max(a, glm::vec2(0.0f)));
  hi = glm::uvec2(glm::min(b + 1.0f, glm::vec2(image.width, image.height)));
}

class RenderSoftViews : public test::GpuTest {};

// soft_beam (a cantilever of tetrahedra, no ground) has no distance constraints: before element lines
// the three line views drew nothing at all. Every view must now cover its screen box with the body.
TEST_F(RenderSoftViews, EveryViewDrawsTheTetrahedraOfASoftBody) {
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    SceneDesc scene = sceneFile("soft_beam");
    scene.solver.mode = mode;
    RenderedSim sim(*ctx, scene, 240, 135);
    ASSERT_TRUE(sim.layout.distance.empty()) << "the test expects a body of elements only";
    sim.solver.simulate(10);
    const OrbitCamera camera = sim.renderer.framingCamera();
    for (ViewMode view :
         {ViewMode::Shaded, ViewMode::Wireframe, ViewMode::ConstraintColours, ViewMode::Stress}) {
      sim.renderer.scene().view = view;
      const Image image = sim.renderer.render(camera);
      glm::uvec2 lo, hi;
      screenBox(sim.model, camera, image, lo, hi);
      const int box = static_cast<int>((hi.x - lo.x) * (hi.y - lo.y));
      const int drawn = countIf(image, lo, hi, [](glm::u8vec4 c) { return !isBackground(c); });
      const int outside = countIf(image, {0, 0}, {image.width, image.height},
                                  [](glm::u8vec4 c) { return !isBackground(c); }) -
                          drawn;
      EXPECT_GT(drawn, box / 4) << render::viewModeName(view) << ": " << drawn << " of " << box
                                << " pixels of the body's box drawn (mode " << static_cast<int>(mode) << ")";
      // The beam sags a little in 10 frames; almost nothing is drawn outside its rest box.
      EXPECT_LT(outside, box / 5) << render::viewModeName(view);
    }
  }
}

// The stress view colours tetrahedra by elementForce: at rest (λ = 0) every line is blue, after the
// cantilever sags its root is hotter than its tip, and the CPU evaluation of elementForce from the
// downloaded λ says the same.
TEST_F(RenderSoftViews, ElementStressIsZeroAtRestAndHighestAtTheClampedRoot) {
  const SceneDesc scene = sceneFile("soft_beam");
  RenderedSim sim(*ctx, scene, 240, 135);
  sim.renderer.scene().view = ViewMode::Stress;
  const OrbitCamera camera = sim.renderer.framingCamera();
  auto hot = [](glm::u8vec4 c) { return c.x > c.z + 60; };
  const Image rest = sim.renderer.render(camera);
  EXPECT_EQ(countIf(rest, {0, 0}, {rest.width, rest.height}, hot), 0);

  sim.solver.simulate(30);
  const std::vector<float> lambdas = sim.solver.downloadLambdas();
  const std::vector<glm::vec4> x = sim.solver.download().positions;
  const float alphaScale = sim.solver.settings().alphaScale();
  const uint32_t base = static_cast<uint32_t>(sim.layout.distance.size());
  // Per particle: the largest element force (N) over the tetrahedra around it (CPU, shared header).
  std::vector<float> force(x.size(), 0.0f);
  for (uint32_t k = 0; k < sim.layout.elements.size(); ++k) {
    const gpu::ElementConstraint& e = sim.layout.elements[k];
    glm::vec4 q[3] = {glm::vec4(0.0f), glm::vec4(0.0f), glm::vec4(0.0f)};
    for (uint32_t j = 0; j < gpu::elementDataSize(e.type); ++j) q[j] = sim.model.elementData[e.data + j];
    const float f = gpu::elementForce(e, x[e.a], x[e.b], x[e.c], x[e.d], q[0], q[1], q[2], alphaScale,
                                      lambdas[base + 2 * k], lambdas[base + 2 * k + 1]);
    ASSERT_TRUE(std::isfinite(f) && f >= 0.0f);
    for (uint32_t p : {e.a, e.b, e.c, e.d}) force[p] = std::max(force[p], f);
  }
  // Root (the smallest x, where it is pinned) against tip (the largest x) of the rest shape.
  float xMin = 1e9f, xMax = -1e9f;
  for (const glm::vec4& p : sim.model.restPositions) xMin = std::min(xMin, p.x), xMax = std::max(xMax, p.x);
  float root = 0.0f, tip = 0.0f;
  for (size_t p = 0; p < x.size(); ++p) {
    const float s = (sim.model.restPositions[p].x - xMin) / (xMax - xMin);
    if (s < 0.2f) root = std::max(root, force[p]);
    if (s > 0.8f) tip = std::max(tip, force[p]);
  }
  EXPECT_GT(root, 3.0f * tip) << "largest element force near the root " << root << " N, near the tip " << tip
                              << " N";
  const Image image = sim.renderer.render(camera);
  EXPECT_GT(countIf(image, {0, 0}, {image.width, image.height}, hot), 20) << "no hot line after sagging";
}

// The legend of the colours and stress views is drawn into its box (bottom left); shaded and
// wireframe have none. The stress legend's bar runs from blue (0 N) to red (the scale).
TEST_F(RenderSoftViews, ColourAndStressViewsCarryALegend) {
  RenderedSim sim(*ctx, sceneFile("soft_cube"), 320, 180);
  sim.solver.simulate(5);
  const OrbitCamera camera = sim.renderer.framingCamera();
  for (ViewMode view : {ViewMode::Shaded, ViewMode::Wireframe}) {
    sim.renderer.scene().view = view;
    Image image = sim.renderer.render(camera);
    EXPECT_FALSE(sim.renderer.drawLegend(image).has_value()) << render::viewModeName(view);
  }
  sim.renderer.scene().view = ViewMode::Stress;
  sim.renderer.scene().stressScale = 2.0f;
  const std::optional<render::Legend> legend = sim.renderer.scene().legend();
  ASSERT_TRUE(legend.has_value());
  EXPECT_EQ(legend->ticks.back().label, "≥ 2 N");
  Image image = sim.renderer.render(camera);
  const Image plain = image;
  const std::optional<render::LegendBox> box = sim.renderer.drawLegend(image);
  ASSERT_TRUE(box.has_value());
  EXPECT_LT(box->x + box->width, image.width);
  EXPECT_LT(box->y + box->height, image.height);
  const glm::uvec2 lo(box->x, box->y), hi(box->x + box->width, box->y + box->height);
  auto blue = [](glm::u8vec4 c) { return c.z > c.x + 100 && c.z > c.y + 40; };
  auto red = [](glm::u8vec4 c) { return c.x > c.z + 100 && c.x > c.y + 40; };
  auto white = [](glm::u8vec4 c) { return c.x > 200 && c.y > 200 && c.z > 200; };
  EXPECT_GT(countIf(image, lo, hi, blue), 20);
  EXPECT_GT(countIf(image, lo, hi, red), 20);
  std::string why;
  if (plot::fontAvailable(&why)) {
    EXPECT_GT(countIf(image, lo, hi, white), 20) << "no text in the legend";
  }
  // Outside its box the picture is unchanged.
  int changed = 0;
  for (uint32_t y = 0; y < image.height; ++y)
    for (uint32_t x = 0; x < image.width; ++x)
      if (x < lo.x || x >= hi.x || y < lo.y || y >= hi.y)
        changed += image.pixel(x, y) != plain.pixel(x, y) ? 1 : 0;
  EXPECT_EQ(changed, 0);

  sim.renderer.scene().view = ViewMode::ConstraintColours;
  const std::optional<render::Legend> colours = sim.renderer.scene().legend();
  ASSERT_TRUE(colours.has_value());
  EXPECT_EQ(colours->swatches.size(),
            std::min<size_t>(sim.layout.colours.size(), 12) + (sim.layout.colours.size() > 12 ? 1 : 0) +
                (sim.layout.jacobi.count + sim.layout.jacobiElements.count > 0 ? 1 : 0));
}

// lookAtCamera puts the eye where asked and the target at the picture's centre; a camera looking away
// from the body (the scene's "camera" object) shows only background, one looking at it shows the body.
TEST_F(RenderSoftViews, SceneCameraIsUsed) {
  const std::string json =
      R"({"soft_bodies": [{"mesh": {"type": "box", "size": [0.4, 0.4, 0.4], "cells": [2, 2, 2]},
                                "density": 1000.0, "material": {"model": "neohookean", "youngs_modulus": 1e5,
                                "poisson_ratio": 0.4}, "instances": [{"position": [0, 1, 0]}]}],
                               "camera": {"eye": [0, 1, 3], "target": [0, 1, 6], "fov_deg": 40}})";
  const SceneDesc scene = parseScene(json, "camera.json");
  ASSERT_TRUE(scene.camera.has_value());
  EXPECT_FLOAT_EQ(scene.camera->fovDegrees, 40.0f);
  RenderedSim sim(*ctx, scene, 160, 90);
  const OrbitCamera away =
      render::lookAtCamera(scene.camera->eye, scene.camera->target, glm::radians(scene.camera->fovDegrees));
  EXPECT_NEAR(glm::length(away.eye() - scene.camera->eye), 0.0f, 1e-5f);
  const Image awayImage = sim.renderer.render(away);
  EXPECT_EQ(countIf(awayImage, {0, 0}, {160, 90}, [](glm::u8vec4 c) { return !isBackground(c); }), 0);

  const OrbitCamera towards =
      render::lookAtCamera(scene.camera->eye, glm::vec3(0, 1, 0), glm::radians(40.0f));
  const Image image = sim.renderer.render(towards);
  // The body (0.4 m at 3 m, 40° view: about a quarter of the height) is at the centre.
  EXPECT_FALSE(isBackground(image.pixel(80, 45)));
  EXPECT_GT(countIf(image, {0, 0}, {160, 90}, [](glm::u8vec4 c) { return !isBackground(c); }), 200);
}

// The automatic stress scale: the 99th percentile of the positive forces, rounded up to 1, 2 or 5 × 10^k N;
// an outlier (a pinned corner) does not set it; no force gives 0.
TEST(StressScale, NiceNumberAtOrAboveThe99thPercentile) {
  EXPECT_EQ(render::niceStressScale({}), 0.0f);
  EXPECT_EQ(render::niceStressScale({0.0f, 0.0f, std::nanf("")}), 0.0f);
  EXPECT_FLOAT_EQ(render::niceStressScale({0.3f}), 0.5f);
  EXPECT_FLOAT_EQ(render::niceStressScale({1.0f}), 1.0f);
  EXPECT_FLOAT_EQ(render::niceStressScale({1.01f}), 2.0f);
  EXPECT_FLOAT_EQ(render::niceStressScale({3.0f}), 5.0f);
  EXPECT_FLOAT_EQ(render::niceStressScale({7.0f}), 10.0f);
  EXPECT_FLOAT_EQ(render::niceStressScale({0.0012f}), 0.002f);
  std::vector<float> ramp;
  for (int i = 1; i <= 100; ++i) ramp.push_back(static_cast<float>(i));  // p99 = 99 N
  EXPECT_FLOAT_EQ(render::niceStressScale(ramp), 100.0f);
  std::vector<float> outlier(99, 1.5f);
  outlier.push_back(1000.0f);
  EXPECT_FLOAT_EQ(render::niceStressScale(outlier), 2.0f);
}

// A soft block resting on the ground: with the old weight-based scale (a tenth of the weight in full red)
// the whole block is drawn blue; the automatic scale shows the load growing towards the ground.
TEST_F(RenderSoftViews, AutomaticStressScaleShowsTheLoadOfARestingBlock) {
  const std::string json =
      R"({"soft_bodies": [{"mesh": {"type": "box", "size": [0.3, 0.4, 0.3], "cells": [3, 4, 3]},
                                "density": 1000.0, "material": {"model": "neohookean", "youngs_modulus": 5e5,
                                "poisson_ratio": 0.4}, "instances": [{"position": [0, 0.2, 0]}]}],
                               "colliders": [{"type": "plane"}]})";
  RenderedSim sim(*ctx, parseScene(json, "resting_block.json"), 240, 240);
  sim.renderer.scene().view = ViewMode::Stress;
  const OrbitCamera camera =
      render::lookAtCamera(glm::vec3(0.9f, 0.25f, 0.9f), glm::vec3(0.0f, 0.2f, 0.0f), glm::radians(40.0f));
  EXPECT_FALSE(sim.renderer.scene().autoStressScale(sim.solver)) << "no force before the first frame";
  sim.solver.simulate(20);
  auto warm = [](glm::u8vec4 c) { return c.x > c.z + 60; };
  const float weightScale = sim.renderer.scene().stressScale;  // a tenth of 36 kg · g: 35.3 N
  EXPECT_NEAR(weightScale, 0.1f * 36.0f * 9.81f, 0.5f);
  const Image before = sim.renderer.render(camera);
  EXPECT_EQ(countIf(before, {0, 0}, {240, 240}, warm), 0) << "the weight-based scale already shows the load";

  ASSERT_TRUE(sim.renderer.scene().autoStressScale(sim.solver));
  const float scale = sim.renderer.scene().stressScale;
  EXPECT_LT(scale, weightScale);
  // The scale is at or above the 99th percentile of the forces, and less than 2.5 times it.
  std::vector<float> forces =
      render::constraintForces(sim.model, sim.layout, sim.solver.download().positions,
                               sim.solver.downloadLambdas(), sim.solver.settings().alphaScale());
  std::sort(forces.begin(), forces.end());
  const float p99 = forces[static_cast<size_t>(0.99 * static_cast<double>(forces.size()))];
  EXPECT_GE(scale, 0.99f * p99);
  EXPECT_LT(scale, 2.5f * p99);
  const Image after = sim.renderer.render(camera);
  glm::uvec2 lo, hi;
  screenBox(sim.model, camera, after, lo, hi);
  const glm::uvec2 middle(hi.x, (lo.y + hi.y) / 2);
  const int top = countIf(after, lo, middle, warm);
  const int bottom = countIf(after, glm::uvec2(lo.x, middle.y), hi, warm);
  EXPECT_GT(bottom, 50) << "scale " << scale << " N";
  EXPECT_GT(bottom, 2 * top) << "scale " << scale << " N";
}

// BDF2 with the hierarchy: a body with coarse levels integrates with implicit Euler, its compliances stored
// × 4/9 (docs/hierarchy.md "BDF2"), so its λ are Euler's and |λ|·9/(4Δt²) would read 9/4 of its true
// forces. The stress view and constraintForces scale them back (constraintForce): the hanging cloth and
// the cantilever, both with the hierarchy, show the same forces and the same picture in an Euler and a
// BDF2 run. Before, the BDF2 run's forces were 2.25 times the Euler run's.
TEST_F(RenderSoftViews, StressViewShowsTrueForcesOfABodyThatIntegratesWithEulerInABdf2Run) {
  SceneDesc scene = sceneFile("soft_beam");
  scene.cloths = test::hierarchyCloth(16, true).cloths;
  scene.cloths[0].center += glm::vec3(0.0f, 0.0f, -1.0f);  // m, behind the beam
  scene.solver.hierarchy.enabled = true;
  std::vector<float> forces[2];
  Image images[2];
  float scale = 0.0f;  // N, the Euler run's, for both pictures
  for (Integrator integrator : {Integrator::Euler, Integrator::Bdf2}) {
    scene.solver.integrator = integrator;
    RenderedSim sim(*ctx, scene, 320, 180);
    ASSERT_GT(sim.layout.hierarchy.levelCount(), 0u);
    sim.solver.simulate(30);
    const int run = integrator == Integrator::Euler ? 0 : 1;
    forces[run] = render::constraintForces(sim.model, sim.layout, sim.solver.download().positions,
                                           sim.solver.downloadLambdas(), sim.solver.settings().alphaScale());
    sim.renderer.scene().view = ViewMode::Stress;
    if (run == 0) {
      ASSERT_TRUE(sim.renderer.scene().autoStressScale(sim.solver));
      scale = sim.renderer.scene().stressScale;
    }
    sim.renderer.scene().stressScale = scale;
    images[run] = sim.renderer.render(sim.renderer.framingCamera());
  }
  ASSERT_EQ(forces[0].size(), forces[1].size());
  for (double q : {0.5, 0.9, 0.99}) {
    std::vector<float> euler = forces[0], bdf2 = forces[1];
    const size_t k = static_cast<size_t>(q * double(euler.size()));
    std::nth_element(euler.begin(), euler.begin() + static_cast<std::ptrdiff_t>(k), euler.end());
    std::nth_element(bdf2.begin(), bdf2.begin() + static_cast<std::ptrdiff_t>(k), bdf2.end());
    EXPECT_NEAR(bdf2[k], euler[k], 0.02 * euler[k]) << "quantile " << q << " of the constraint forces (N)";
  }
  // The pictures: pixels whose colour differs by more than a few levels in any channel.
  ASSERT_EQ(images[0].width, images[1].width);
  int drawn = 0, different = 0;
  for (uint32_t y = 0; y < images[0].height; ++y)
    for (uint32_t x = 0; x < images[0].width; ++x) {
      const glm::ivec4 a(images[0].pixel(x, y)), b(images[1].pixel(x, y));
      drawn += isBackground(images[0].pixel(x, y)) ? 0 : 1;
      const glm::ivec4 d = glm::abs(a - b);
      different += std::max(std::max(d.x, d.y), d.z) > 24 ? 1 : 0;
    }
  EXPECT_GT(drawn, 2000);
  EXPECT_LT(different, drawn / 50) << "of " << drawn << " drawn pixels, stress scale " << scale << " N";
}

}  // namespace
}  // namespace vkxpbd
