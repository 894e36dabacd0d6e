// The Jacobi batch and the particle contacts on the CPU reference: every correction conserves momentum
// (a resting cube with half its constraints in the Jacobi tail stays put on frictionless ground, free
// bodies keep Σ m v, two bodies pushed apart by contacts keep Σ m v), and Jacobi mode converges to the
// Gauss-Seidel answer (the sink of a block under its own weight, near ρgh²/(3E)).
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {
namespace {

struct Simulation {
  Model model;
  SolverLayout layout;
  State state;
};

Simulation prepare(const std::string& json, SolverMode mode) {
  SceneDesc scene = parseScene(json, "test.json");
  scene.solver.mode = mode;
  Simulation run{buildModel(scene), {}, {}};
  run.layout = buildSolverLayout(run.model, scene.solver);
  run.state = makeInitialState(run.model);
  return run;
}

void simulate(Simulation& run, const SolverSettings& settings, uint32_t frames) {
  CpuSolver solver(run.model, settings, run.layout);
  for (uint32_t f = 0; f < frames; ++f) solver.stepFrame(run.state);
  for (const glm::vec4& x : run.state.positions)
    ASSERT_TRUE(std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.z));
}

// Centre of mass (m) of the moving particles.
glm::dvec3 centreOfMass(const Model& model, const std::vector<glm::vec4>& positions) {
  glm::dvec3 sum(0.0);
  double mass = 0.0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const double w = model.restPositions[i].w;
    if (w <= 0.0) continue;
    sum += glm::dvec3(glm::vec3(positions[i])) / w;
    mass += 1.0 / w;
  }
  return sum / mass;
}

// Σ m v (kg·m/s) and Σ m |v| (kg·m/s) of the moving particles.
glm::dvec3 momentum(const Model& model, const State& state, double* magnitudeSum = nullptr) {
  glm::dvec3 p(0.0);
  double magnitude = 0.0;
  for (size_t i = 0; i < state.velocities.size(); ++i) {
    const double w = model.restPositions[i].w;
    if (w <= 0.0) continue;
    const glm::dvec3 v(glm::vec3(state.velocities[i]));
    p += v / w;
    magnitude += glm::length(v) / w;
  }
  if (magnitudeSum) *magnitudeSum = magnitude;
  return p;
}

std::string block(float height, float youngs, int cellsUp, const std::string& solver) {
  return R"({"solver": )" + solver + R"(, "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, )" +
         std::to_string(height) + R"(, 0.2], "cells": [3, )" + std::to_string(cellsUp) +
         R"(, 3]}, "density": 1000, "material": {"model": "neohookean", "youngs_modulus": )" +
         std::to_string(youngs) + R"(, "poisson_ratio": 0.3}, "instances": [{"position": [0, )" +
         std::to_string(height / 2) + R"(, 0]}]}], "colliders": [{"type": "plane"}], "thickness": 0})";
}

// A soft cube resting on frictionless ground with about half of its constraints in the Jacobi tail
// (max_colours 3, so the colouring keeps 3 colours and the rest is Jacobi): the ground only pushes up,
// so nothing may move the centre of mass sideways. Before the per-constraint scale it drifted 3 cm in 2 s.
TEST(JacobiMomentum, RestingCubeWithAJacobiTailDoesNotDrift) {
  Simulation run =
      prepare(block(0.2f, 1.0e6f, 4, R"({"substeps": 10, "iterations": 4, "damping": 1, "max_colours": 8})"),
              SolverMode::GaussSeidel);
  const double tailShare = run.layout.stats.tailShare;
  std::printf("tail share %.3f (%u of %u)\n", tailShare, run.layout.stats.tail, run.layout.stats.constraints);
  EXPECT_GT(tailShare, 0.3);
  EXPECT_LT(tailShare, 0.7);
  const glm::dvec3 before = centreOfMass(run.model, run.state.positions);
  SceneDesc scene = parseScene(
      block(0.2f, 1.0e6f, 4, R"({"substeps": 10, "iterations": 4, "damping": 1, "max_colours": 8})"),
      "test.json");
  simulate(run, scene.solver, 120);  // 2 s
  const glm::dvec3 after = centreOfMass(run.model, run.state.positions);
  const double drift = std::hypot(after.x - before.x, after.z - before.z);
  std::printf("horizontal drift %.3e m\n", drift);
  EXPECT_LT(drift, 1e-4);
}

// Free bodies in Jacobi mode (no gravity, no ground): a spinning, moving soft cube and a cloth keep their
// total linear momentum to 1e-5 relative.
TEST(JacobiMomentum, FreeBodiesKeepLinearMomentum) {
  const std::string json = R"({"solver": {"substeps": 4, "iterations": 6, "gravity": [0, 0, 0], "omega": 1.5},
    "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [3, 3, 3]},
      "material": {"model": "neohookean", "youngs_modulus": 50000, "poisson_ratio": 0.3},
      "instances": [{"position": [0, 0, 0], "rotation": [10, 20, 30], "velocity": [0.2, 0.1, -0.05]}]}],
    "cloths": [{"size": [0.5, 0.5], "resolution": [8, 8], "bending": "dihedral", "center": [0, 0, 0]}]})";
  const SolverMode mode = SolverMode::Jacobi;
  Simulation run = prepare(json, mode);
  ASSERT_EQ(run.layout.colours.size(), 0u);
  // Disturb the velocities so that the constraints work hard: a swirl about the cube's axis and noise.
  uint32_t seed = 7;
  for (size_t i = 0; i < run.state.velocities.size(); ++i) {
    glm::vec4& v = run.state.velocities[i];
    const glm::vec3 x(run.state.positions[i]);
    v += glm::vec4(-x.z * 2.0f, 0.0f, x.x * 2.0f, 0.0f);
    for (int axis = 0; axis < 3; ++axis) {
      seed = seed * 1664525u + 1013904223u;
      v[axis] += 0.2f * (static_cast<float>(seed >> 8) / 16777216.0f - 0.5f);
    }
  }
  double scale = 0.0;
  const glm::dvec3 p0 = momentum(run.model, run.state, &scale);
  SceneDesc scene = parseScene(json, "test.json");
  scene.solver.mode = mode;
  simulate(run, scene.solver, 30);
  const glm::dvec3 p1 = momentum(run.model, run.state);
  std::printf("|Δ Σ m v| / Σ m |v| = %.3e\n", glm::length(p1 - p0) / scale);
  EXPECT_LT(glm::length(p1 - p0) / scale, 1e-5);
}

// A block of height h = 0.3 m, E = 100 kPa, ρ = 1000 kg/m³ on frictionless ground: its centre of mass sinks
// by ρgh²/(3E) = 2.94 mm under its own weight (linear elasticity, uniaxial stress). Jacobi mode with enough
// iterations must give the Gauss-Seidel sink within 5%, and both must be near the analytic value (the coarse
// 3×6×3 lattice of linear tetrahedra gives 3.27 mm with Gauss-Seidel, 11% above it).
TEST(JacobiMomentum, BlockSinkInJacobiModeMatchesGaussSeidel) {
  const float h = 0.3f, youngs = 1.0e5f;
  const double analytic = 1000.0 * 9.81 * h * h / (3.0 * youngs);
  double sink[2] = {0.0, 0.0};
  const SolverMode modes[2] = {SolverMode::GaussSeidel, SolverMode::Jacobi};
  for (int m = 0; m < 2; ++m) {
    const std::string json =
        block(h, youngs, 6,
              R"({"substeps": 20, "iterations": )" + std::string(m == 0 ? "4" : R"(64, "omega": 1.5)") +
                  R"(, "damping": 5, "max_colours": 64})");
    Simulation run = prepare(json, modes[m]);
    const double rest = centreOfMass(run.model, run.state.positions).y;
    SceneDesc scene = parseScene(json, "test.json");
    scene.solver.mode = modes[m];
    simulate(run, scene.solver, 90);
    sink[m] = rest - centreOfMass(run.model, run.state.positions).y;
    std::printf("%s sink %.4f mm (analytic %.4f mm)\n", solverModeName(modes[m]), sink[m] * 1e3,
                analytic * 1e3);
  }
  EXPECT_NEAR(sink[1] / sink[0], 1.0, 0.05);
  EXPECT_NEAR(sink[0] / analytic, 1.0, 0.15);
  EXPECT_NEAR(sink[1] / analytic, 1.0, 0.15);
}

}  // namespace
}  // namespace vkxpbd
