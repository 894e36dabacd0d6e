// Attachments on the CPU reference (docs/attachments.md): pins that follow a moving, spinning collider,
// pins selected by a box or sphere for every body kind, stitches (colouring, closing the gap, momentum),
// runtime pins, bitwise reruns, and the errors of an empty selection. The GPU: test_gpu_attach.cpp.
#include <algorithm>
#include <cstdio>
#include <cstring>

#include <gtest/gtest.h>

#include "attach_scenes.h"
#include "bitwise_state.h"
#include "param_print.h"
#include "scene_error_of.h"
#include "sim/cloth_builder.h"
#include "sim/colouring.h"
#include "sim/cpu_solver.h"
#include "sim/runtime_pins.h"

namespace vkxpbd {
namespace {

class AttachModes : public ::testing::TestWithParam<SolverMode> {};

// The pins stay where the capsule carries them: 1 s of translation, oscillation and spin (about 1.6 rad).
TEST_P(AttachModes, PinsFollowAMovingSpinningColliderWithin10Microns) {
  const SceneDesc scene = test::attachedClothScene(GetParam());
  const Model model = buildModel(scene);
  ASSERT_EQ(model.pins.size(), 10u);  // the top row (9) and the centre
  for (const Pin& p : model.pins) EXPECT_EQ(p.attach, 1u);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  double worst = 0.0;
  for (uint32_t f = 1; f <= 60; ++f) {
    solver.stepFrame(state);
    worst = std::max(
        worst, test::attachedPinError(model, combinedPositions(state), f * double(scene.solver.frameDt)));
  }
  EXPECT_LT(worst, 1e-5) << "m";
  std::printf("attached pins, %s: largest distance from the collider-carried position %.3g m\n",
              solverModeName(GetParam()), worst);
  // The capsule moved: the pins did too (0.2 m/s for 1 s, plus the spin).
  const glm::vec3 moved =
      glm::vec3(combinedPositions(state)[model.pins[0].particle]) - glm::vec3(model.pins[0].target);
  EXPECT_GT(glm::length(moved), 0.15f);
  // The free particles hang below, within the cloth's reach of the pins.
  for (const glm::vec4& x : combinedPositions(state)) EXPECT_TRUE(std::isfinite(x.x + x.y + x.z));
}

// With the hierarchy's coarse levels (which see attached pins as pinned, inverse mass 0) the pins still
// follow the capsule; the cloth is 17 × 17 so that there is a coarse level.
TEST_P(AttachModes, PinsFollowTheColliderWithTheHierarchy) {
  const SceneDesc scene = test::attachedClothWithHierarchy(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  ASSERT_GT(layout.hierarchy.levelCount(), 0u);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  for (uint32_t f = 0; f < 60; ++f) solver.stepFrame(state);
  EXPECT_LT(test::attachedPinError(model, combinedPositions(state), 60 * double(scene.solver.frameDt)), 1e-5);
}

TEST_P(AttachModes, StitchesCloseTheGapKeepMomentumAndColourValidly) {
  const SceneDesc scene = test::stitchedSheetsScene(GetParam());
  const Model model = buildModel(scene);
  ASSERT_EQ(test::stitchCount(model), 6u);  // one per particle of the facing edges
  EXPECT_NEAR(test::longestStitch(model, model.restPositions), 0.02, 1e-6);
  // The two sheets joined by stitches are one free body.
  ASSERT_EQ(model.momentumBodies.size(), 1u);
  EXPECT_EQ(model.momentumBodies[0].count, 72u);

  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  // The layout's colours as a colouring of its own constraints, checked by the validator.
  ColouringProblem problem;
  problem.particleCount = model.particleCount();
  Colouring colouring;
  colouring.colourSizes.assign(layout.colours.size(), 0u);
  for (uint32_t k = 0; k < layout.distance.size(); ++k) {
    const DistanceConstraint& c = layout.distance[k];
    problem.add({c.a, c.b});
    uint32_t colour = kTailColour;
    for (uint32_t col = 0; col < layout.colours.size(); ++col)
      if (k >= layout.colours[col].first && k < layout.colours[col].first + layout.colours[col].count)
        colour = col;
    colouring.colourOf.push_back(colour);
    if (colour == kTailColour) {
      ++colouring.tailSize;
    } else {
      ++colouring.colourSizes[colour];
    }
  }
  EXPECT_FALSE(validateColouring(problem, colouring).has_value()) << *validateColouring(problem, colouring);
  if (GetParam() == SolverMode::GaussSeidel) {
    EXPECT_EQ(colouring.tailSize, 0u);
  }

  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  auto momentum = [&](const State& s) {
    glm::dvec3 p(0.0);  // kg·m/s
    for (size_t i = 0; i < s.positions.size(); ++i)
      p += glm::dvec3(glm::vec3(s.velocities[i])) / double(s.positions[i].w);
    return p;
  };
  const glm::dvec3 p0 = momentum(state);
  double drift = 0.0;
  for (uint32_t f = 0; f < 60; ++f) {
    solver.stepFrame(state);
    drift = std::max(drift, glm::length(momentum(state) - p0));
  }
  EXPECT_LT(test::longestStitch(model, combinedPositions(state)), 1e-3) << "m after 1 s";
  // Float32 rounding of the velocities only: measured 1.0e-6 of |P| (Gauss-Seidel), less with Jacobi.
  EXPECT_LT(drift, 1e-5 * glm::length(p0)) << "kg·m/s, of " << glm::length(p0);
  std::printf("stitches, %s: longest stitch after 1 s %.3g m, momentum drift %.3g of |P|\n",
              solverModeName(GetParam()), test::longestStitch(model, combinedPositions(state)),
              drift / glm::length(p0));
}

// Contacts leave stitch partners out: the stitched half of the facing edges closes while particle and
// point–triangle contacts hold the unstitched half apart. Measured before: contacts kept the stitches open
// near the contact distance, longest stitch after 1 s 1.15 cm (gs) and 1.5 cm (jacobi).
TEST_P(AttachModes, StitchesHoldWithParticleContactsThatSeparateTheUnstitchedEdge) {
  const SceneDesc scene = test::stitchedSheetsWithContacts(GetParam());
  const Model model = buildModel(scene);
  ASSERT_EQ(test::stitchCount(model), 3u);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  double closest = 1e30;  // m, over the run
  for (uint32_t f = 0; f < 60; ++f) {
    solver.stepFrame(state);
    closest = std::min(closest, test::closestUnstitchedPair(model, combinedPositions(state)));
  }
  const double gap = test::longestStitch(model, combinedPositions(state));
  const double apart = test::closestUnstitchedPair(model, combinedPositions(state));
  std::printf(
      "stitches with contacts, %s: longest stitch after 1 s %.3g m, closest unstitched pair %.4g m "
      "(%.4g m at the end), contact distance 0.015 m\n",
      solverModeName(GetParam()), gap, closest, apart);
  EXPECT_LT(gap, GetParam() == SolverMode::GaussSeidel ? 1e-4 : 7.5e-3) << "m";
  // The unstitched half met and contacts hold it at the contact distance (no particle passes another).
  EXPECT_LT(apart, 0.02) << "m: the unstitched edges came together";
  EXPECT_GT(closest, 0.8 * 0.015) << "m";
}

TEST_P(AttachModes, RerunsAreBitwiseEqual) {
  for (const SceneDesc& scene :
       {test::attachedClothScene(GetParam()), test::stitchedSheetsScene(GetParam())}) {
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    State runs[2];
    for (State& s : runs) {
      CpuSolver solver(model, scene.solver, layout);
      s = makeInitialState(model);
      for (uint32_t f = 0; f < 20; ++f) solver.stepFrame(s);
    }
    test::expectBitwiseEqual(runs[0], runs[1]);
  }
}

// A runtime pin holds its particle exactly where it was pinned; unpinned, it moves again.
TEST_P(AttachModes, RuntimePinHoldsTheParticleAndUnpinReleasesIt) {
  SceneDesc scene = test::attachedClothScene(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  const uint32_t particle = 0;  // a bottom corner: free in the model
  ASSERT_TRUE(RuntimePins::pinnable(model, particle));
  for (uint32_t f = 0; f < 10; ++f) solver.stepFrame(state);
  pinInState(state, particle);
  const glm::vec4 held = combinedPositions(state)[particle];
  for (uint32_t f = 0; f < 20; ++f) solver.stepFrame(state);
  EXPECT_EQ(combinedPositions(state)[particle], held);
  unpinInState(state, model, particle);
  for (uint32_t f = 0; f < 10; ++f) solver.stepFrame(state);
  EXPECT_GT(glm::length(glm::vec3(combinedPositions(state)[particle]) - glm::vec3(held)), 1e-3f);
}

// With the hierarchy on, the coarse levels (built from the model's masses) and the prolongation treat a
// particle pinned in the state as fixed: it is held bit for bit. Measured before that: 0.194 m (gs) and
// 0.192 m (jacobi) of drift over the 30 frames.
TEST_P(AttachModes, RuntimePinHoldsExactlyWithTheHierarchy) {
  const SceneDesc scene = test::attachedClothWithHierarchy(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  ASSERT_GT(layout.hierarchy.levelCount(), 0u);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  // Free particles that a coarse level keeps (an even grid point) and leaves out (prolongated).
  const uint32_t kept = 0, leftOut = 17 * 4 + 3;
  const HierarchyLevel& level1 = layout.hierarchy.levels[0];
  ASSERT_NE(std::find(level1.particles.begin(), level1.particles.end(), kept), level1.particles.end());
  ASSERT_TRUE(std::any_of(level1.prolongation.begin(), level1.prolongation.end(),
                          [&](const gpu::ProlongationRow& r) { return r.particle == leftOut; }));
  for (uint32_t f = 0; f < 10; ++f) solver.stepFrame(state);
  pinInState(state, kept);
  pinInState(state, leftOut);
  const glm::vec4 heldKept = combinedPositions(state)[kept];
  const glm::vec4 heldLeftOut = combinedPositions(state)[leftOut];
  for (uint32_t f = 0; f < 30; ++f) solver.stepFrame(state);
  const double drift =
      std::max(glm::length(glm::dvec3(glm::vec3(combinedPositions(state)[kept] - heldKept))),
               glm::length(glm::dvec3(glm::vec3(combinedPositions(state)[leftOut] - heldLeftOut))));
  std::printf("runtime pins with the hierarchy, %s: drift over 30 frames %.3g m\n",
              solverModeName(GetParam()), drift);
  EXPECT_EQ(combinedPositions(state)[kept], heldKept);
  EXPECT_EQ(combinedPositions(state)[leftOut], heldLeftOut);
  // The rest of the cloth still moves with the capsule.
  EXPECT_GT(glm::length(glm::vec3(combinedPositions(state)[16]) - glm::vec3(model.restPositions[16])), 0.01f);
  unpinInState(state, model, kept);
  for (uint32_t f = 0; f < 10; ++f) solver.stepFrame(state);
  EXPECT_GT(glm::length(glm::vec3(combinedPositions(state)[kept]) - glm::vec3(heldKept)), 1e-3f);
}

// The window's P key: what it may pin, and which runtime pin a ray under the cursor releases.
TEST(AttachRuntime, ScenePinsStayAndTheRayFindsTheNearestRuntimePin) {
  const Model model = buildModel(test::attachedClothScene(SolverMode::GaussSeidel));
  EXPECT_FALSE(RuntimePins::pinnable(model, model.pins[0].particle));  // a scene pin
  EXPECT_TRUE(RuntimePins::pinnable(model, 0));
  EXPECT_FALSE(RuntimePins::pinnable(model, model.particleCount()));
  RuntimePins pins;
  pins.add(3);
  pins.add(7);
  pins.add(3);  // once only
  ASSERT_EQ(pins.particles().size(), 2u);
  std::vector<glm::vec4> x(10, glm::vec4(0.0f, 0.0f, -5.0f, 1.0f));
  x[3] = glm::vec4(0.02f, 0.0f, -5.0f, 0.0f);   // 2 cm off the ray
  x[7] = glm::vec4(0.0f, 0.005f, -5.0f, 0.0f);  // 5 mm off the ray
  const glm::vec3 origin(0.0f), down(0.0f, 0.0f, -1.0f);
  EXPECT_EQ(nearestPinToRay(pins, x, origin, down, 0.05f), std::optional<uint32_t>(7u));
  EXPECT_FALSE(nearestPinToRay(pins, x, origin, down, 0.001f).has_value());  // none within 1 mm
  EXPECT_FALSE(nearestPinToRay(pins, x, origin, -down, 0.05f).has_value());  // behind the camera
  pins.remove(7);
  EXPECT_EQ(nearestPinToRay(pins, x, origin, down, 0.05f), std::optional<uint32_t>(3u));
}

INSTANTIATE_TEST_SUITE_P(Modes, AttachModes, ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& p) { return std::string(solverModeName(p.param)); });

uint32_t pinsOf(const Model& model, uint32_t first, uint32_t count) {
  uint32_t n = 0;
  for (const Pin& p : model.pins) n += p.particle >= first && p.particle < first + count;
  return n;
}

// Counts worked out from the grids: an 11 × 11 cloth at 0.1 m spacing, a 5 × 5 × 5 lattice at 0.05 m,
// an icosphere of 42 vertices.
TEST(AttachRegions, ABoxOrSphereSelectsExactlyTheParticlesInside) {
  const SceneDesc scene = parseScene(R"({
    "cloths": [{"name": "sheet", "size": [1, 1], "resolution": [11, 11], "center": [0, 1, 0],
                "pins": [{"box": {"min": [-0.55, 0, -0.55], "max": [-0.25, 2, 0.55]}},
                         {"sphere": {"center": [0.5, 1, 0.5], "radius": 0.25}}]}],
    "soft_bodies": [{"name": "block", "mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]},
                     "instances": [{"position": [3, 1, 0]}],
                     "pins": [{"box": {"min": [2, 1.09, -1], "max": [4, 2, 1]}},
                              {"sphere": {"center": [3, 1, 0], "radius": 0.01}, "attach": "hook"}]}],
    "shells": [{"name": "ball", "mesh": {"type": "icosphere", "radius": 0.1, "subdivisions": 1},
                "instances": [{"position": [6, 1, 0]}],
                "pins": [{"sphere": {"center": [6, 1, 0], "radius": 0.2}}]}],
    "colliders": [{"type": "plane", "name": "floor"}, {"type": "sphere", "name": "hook", "center": [3, 1.5, 0], "radius": 0.1}]
  })",
                                     "<regions>");
  const Model model = buildModel(scene);
  ASSERT_EQ(model.bodies.size(), 3u);
  // Cloth: the box holds the columns x = −0.5, −0.4, −0.3 (3 × 11); the sphere the grid points (a, b)
  // · 0.1 m from its centre with a² + b² ≤ 6.25 inside the sheet's corner: 8.
  EXPECT_EQ(pinsOf(model, model.bodies[0].first, model.bodies[0].count), 33u + 8u);
  ASSERT_EQ(model.bodies[1].count, 125u);
  EXPECT_EQ(pinsOf(model, model.bodies[1].first, model.bodies[1].count), 25u + 1u);  // top layer, centre
  ASSERT_EQ(model.bodies[2].count, 42u);
  EXPECT_EQ(pinsOf(model, model.bodies[2].first, model.bodies[2].count), 42u);
  // Only the soft body's centre follows a collider: the sphere "hook", index 1 (attach = 1 + index).
  uint32_t attached = 0;
  for (const Pin& p : model.pins) {
    EXPECT_EQ(model.restPositions[p.particle].w, 0.0f);
    if (p.attach == 0u) continue;
    ++attached;
    EXPECT_EQ(p.attach, 2u);
    EXPECT_EQ(glm::vec3(p.target), glm::vec3(3.0f, 1.0f, 0.0f));
  }
  EXPECT_EQ(attached, 1u);
}

TEST(AttachRegions, AnEmptySelectionOrAnUnknownNameIsASceneErrorNamingTheField) {
  auto build = [](const std::string& json) { return [json] { buildModel(parseScene(json, "s.json")); }; };
  const std::string cloth =
      R"("cloths": [{"name": "sheet", "size": [1, 1], "resolution": [5, 5], "center": [0, 1, 0], )";
  EXPECT_NE(errorOf(build("{" + cloth +
                          R"("pins": [{"i": 0, "j": 0}, {"box": {"min": [5, 5, 5], "max": [6, 6, 6]}}]}]})"))
                .find("s.json: cloths[0].pins[1]: box selects no particle of body 'sheet'"),
            std::string::npos);
  EXPECT_NE(
      errorOf(build("{" + cloth +
                    R"("pins": [{"sphere": {"center": [0, 1, 0], "radius": 0.1}, "attach": "arm"}]}]})"))
          .find("cloths[0].pins[0].attach: no collider is named 'arm'"),
      std::string::npos);
  EXPECT_NE(errorOf(build("{" + cloth + R"("pins": [{"i": 0, "j": 0, "attach": 2}]}]})"))
                .find("cloths[0].pins[0].attach: collider index 2 is not in 'colliders'"),
            std::string::npos);
  EXPECT_NE(
      errorOf(
          build(
              "{" + cloth +
              R"("pins": [{"i": 0, "j": 0, "attach": 0, "motion": {"type": "linear", "vector": [0, 1, 0]}}]}]})"))
          .find("not both"),
      std::string::npos);
  EXPECT_NE(
      errorOf(
          build(
              "{" + cloth +
              R"("pins": [{"box": {"min": [0, 0, 0], "max": [1, 1, 1]}, "sphere": {"center": [0, 0, 0], "radius": 1}}]}]})"))
          .find("cloths[0].pins[0]: needs exactly one of 'box' and 'sphere'"),
      std::string::npos);
  EXPECT_NE(
      errorOf(build("{" + cloth +
                    R"("pins": []}], "stitches": [{"a": "sheet", "b": "nothing", "max_distance": 0.1}]})"))
          .find("stitches[0].b: no body is named 'nothing'"),
      std::string::npos);
  EXPECT_NE(
      errorOf(build("{" + cloth +
                    R"("pins": []}], "stitches": [{"a": "sheet", "b": "sheet", "max_distance": 0.01}]})"))
          .find("stitches[0].max_distance: no free particle"),
      std::string::npos);
  EXPECT_NE(
      errorOf(
          build(
              "{" + cloth +
              R"("pins": []}], "colliders": [{"type": "sphere", "name": "a", "center": [0, 0, 0], "radius": 1}, {"type": "sphere", "name": "a", "center": [0, 0, 0], "radius": 1}]})"))
          .find("colliders[1].name: another collider is already named 'a'"),
      std::string::npos);
}

}  // namespace
}  // namespace vkxpbd
