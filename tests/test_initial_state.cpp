// Initial conditions (scene "velocity" and "angular_velocity" of every body kind): the model's initial
// velocities v_i = v + ω × (x_i − c), pinned particles at rest, and the momentum P = M v and angular
// momentum L = I ω after the first frame of the CPU reference solver, in both solver modes.
#include <gtest/gtest.h>

#include "initial_state_scenes.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"
#include "sim/initial_velocity.h"

namespace vkxpbd {
namespace {

using test::label;

using test::kInitialSpin;
using test::kInitialVelocity;

void expectNearVec(const glm::dvec3& actual, const glm::dvec3& expected, double tolerance,
                   const std::string& what) {
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(actual[i], expected[i], tolerance) << what << " component " << i;
}

TEST(InitialState, ModelVelocitiesAreLinearPlusSpinAboutTheCentreOfMass) {
  for (const test::MovingBodyScene& s : test::movingBodyScenes("gs")) {
    const Model model = buildModel(parseScene(s.json, "test.json"));
    ASSERT_EQ(model.bodies.size(), 1u) << s.name;
    const glm::dvec3 c = centreOfMass(model, 0, model.particleCount());
    const State state = makeInitialState(model);
    for (uint32_t i = 0; i < model.particleCount(); ++i) {
      const glm::dvec3 expected =
          glm::dvec3(kInitialVelocity) +
          glm::cross(glm::dvec3(kInitialSpin), glm::dvec3(glm::vec3(state.positions[i])) - c);
      expectNearVec(glm::dvec3(glm::vec3(state.velocities[i])), expected, 1e-6,
                    label(s.name, std::to_string(i).c_str()));
    }
  }
}

TEST(InitialState, PinnedParticlesStartAtRest) {
  const Model model = buildModel(parseScene(R"({"cloths": [{"resolution": [4, 4], "pins": [{"i": 0, "j": 0}],
    "velocity": [1, 2, 3], "angular_velocity": [0, 5, 0]}]})",
                                            "test.json"));
  const State state = makeInitialState(model);
  EXPECT_EQ(state.velocities[0], glm::vec4(0.0f));
  EXPECT_GT(glm::length(glm::vec3(state.velocities[1])), 1.0f);
}

TEST(InitialState, EveryInstanceGetsItsOwnVelocityAboutItsOwnCentre) {
  const Model model =
      buildModel(parseScene(R"({"soft_bodies": [{"mesh": {"type": "box", "size": [0.1, 0.1, 0.1],
    "cells": [1, 1, 1]}, "instances": [{"position": [0, 1, 0], "velocity": [1, 0, 0]},
    {"position": [2, 1, 0], "angular_velocity": [0, 0, 3]}]}]})",
                            "test.json"));
  ASSERT_EQ(model.bodies.size(), 2u);
  const State state = makeInitialState(model);
  const Momentum first = measureMomentum(state, model.bodies[0].first, model.bodies[0].count);
  const Momentum second = measureMomentum(state, model.bodies[1].first, model.bodies[1].count);
  expectNearVec(first.linear, glm::dvec3(first.mass, 0.0, 0.0), 1e-6, "first: P = M v");
  expectNearVec(first.angular, glm::dvec3(0.0), 1e-9, "first: no spin");
  expectNearVec(second.linear, glm::dvec3(0.0), 1e-6, "second: spins in place");
  EXPECT_GT(second.angular.z, 0.0);
}

TEST(InitialState, BadAngularVelocityNamesTheField) {
  try {
    parseScene(R"({"cloths": [{"angular_velocity": [0, 1]}]})", "test.json");
    FAIL() << "accepted a 2-vector";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("cloths[0].angular_velocity"), std::string::npos) << e.what();
  }
}

// No gravity, no colliders: the constraints are internal forces, so P = M v and L = I ω hold after
// the first frame (within float32 rounding, and Jacobi averaging of the tiny corrections).
TEST(InitialState, MomentumAndAngularMomentumAfterTheFirstFrameMatchTheScene) {
  for (const char* mode : {"gs", "jacobi"})
    for (const test::MovingBodyScene& s : test::movingBodyScenes(mode)) {
      const SceneDesc scene = parseScene(s.json, "test.json");
      const Model model = buildModel(scene);
      const SolverLayout layout = buildSolverLayout(model, scene.solver);
      CpuSolver solver(model, scene.solver, layout);
      State state = makeInitialState(model);
      solver.stepFrame(state);
      const double mass = test::totalMass(model);
      const glm::dvec3 expectedP = mass * glm::dvec3(kInitialVelocity);
      const glm::dvec3 expectedL = test::inertiaTensor(model) * glm::dvec3(kInitialSpin);
      const Momentum m = measureMomentum(state, 0, model.particleCount());
      const std::string what = label(s.name, mode);
      expectNearVec(m.linear, expectedP, 1e-4 * glm::length(expectedP), label(what.c_str(), "P"));
      expectNearVec(m.angular, expectedL, 1e-3 * glm::length(expectedL), label(what.c_str(), "L"));
      EXPECT_GT(glm::length(m.angular), 0.0) << what;
    }
}

// The scene's analytic masses: 1 m² of cloth at 0.1 kg/m², a 0.2 m cube at 1000 kg/m³.
TEST(InitialState, MomentumUsesTheScenesMass) {
  const std::vector<test::MovingBodyScene> scenes = test::movingBodyScenes("gs");
  EXPECT_NEAR(test::totalMass(buildModel(parseScene(scenes[0].json, "t.json"))), 0.1, 1e-6);
  EXPECT_NEAR(test::totalMass(buildModel(parseScene(scenes[1].json, "t.json"))), 8.0, 1e-4);
}

}  // namespace
}  // namespace vkxpbd
