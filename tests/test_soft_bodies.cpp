// Soft bodies, balloons and bending on the CPU reference (the GPU is compared with it in
// test_gpu_solver.cpp): volume kept at rest on the ground, rest angles kept, over-pressure inflating a
// balloon, and the Neo-Hookean sag independent of resolution and iteration count (XPBD's promise).
#include <cmath>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "mesh/triangle_mesh.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/element_builder.h"

namespace vkxpbd {
namespace {

struct Simulated {
  Model model;
  State state;
};

Simulated simulate(const std::string& json, uint32_t frames, SolverMode mode = SolverMode::GaussSeidel) {
  SceneDesc scene = parseScene(json, "test.json");
  scene.solver.mode = mode;
  Simulated run{buildModel(scene), {}};
  const SolverLayout layout = buildSolverLayout(run.model, scene.solver);
  CpuSolver solver(run.model, scene.solver, layout);
  run.state = makeInitialState(run.model);
  for (uint32_t f = 0; f < frames; ++f) solver.stepFrame(run.state);
  for (const glm::vec4& x : run.state.positions)
    EXPECT_TRUE(std::isfinite(x.x) && std::isfinite(x.y) && std::isfinite(x.z));
  return run;
}

double surfaceVolume(const Model& model, const std::vector<glm::vec4>& positions, size_t surface = 0) {
  TriangleMesh mesh{{}, model.surfaces[surface].indices};
  for (const glm::vec4& x : positions) mesh.vertices.emplace_back(x);
  return enclosedVolume(mesh);
}

std::string softCube(float youngs, float poisson, float height, const std::string& solver) {
  return R"({"solver": )" + solver + R"(, "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2],
    "cells": [4, 4, 4]}, "density": 1000, "material": {"model": "neohookean", "youngs_modulus": )" +
         std::to_string(youngs) + R"(, "poisson_ratio": )" + std::to_string(poisson) +
         R"(}, "instances": [{"position": [0, )" + std::to_string(height) + R"(, 0]}]}],
    "colliders": [{"type": "plane"}], "thickness": 0})";
}

// A stiff Neo-Hookean cube dropped onto the ground comes to rest with its volume within 1%, in both modes.
TEST(SoftBody, StiffCubeRestingOnTheGroundKeepsItsVolume) {
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    const Simulated run =
        simulate(softCube(1.0e6f, 0.45f, 0.15f,
                          R"({"substeps": 10, "iterations": 2, "damping": 1, "max_colours": 64})"),
                 120, mode);
    const double rest = 0.2 * 0.2 * 0.2;
    const double volume = surfaceVolume(run.model, run.state.positions);
    EXPECT_NEAR(volume / rest, 1.0, 0.01) << solverModeName(mode);
    double lowest = 1e9;
    for (const glm::vec4& x : run.state.positions) lowest = std::min(lowest, double(x.y));
    EXPECT_NEAR(lowest, 0.0, 1e-4) << solverModeName(mode);  // resting on the ground, not above or in it
  }
}

// A plate bent along a line at 60° (two flat halves), zero gravity, positions disturbed by up to 5 mm:
// dihedral bending brings every interior edge back to its rest angle within 0.01 rad.
TEST(Dihedral, BentPlateKeepsItsRestAnglesAtZeroGravity) {
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    SceneDesc scene = parseScene(R"({"solver": {"gravity": [0, 0, 0], "damping": 2, "iterations": 2},
      "cloths": [{"size": [0.4, 0.4], "resolution": [9, 9], "bending": "dihedral",
                  "compliance": {"bend": 0.5}}]})",
                                 "plate.json");
    scene.solver.mode = mode;
    Model model = buildModel(scene);
    // Fold the half x > 0 up by 60° about the z axis through x = 0.
    const float angle = glm::radians(60.0f);
    for (glm::vec4& x : model.restPositions)
      if (x.x > 0.0f) x = glm::vec4(x.x * std::cos(angle), 1.0f + x.x * std::sin(angle), x.z, x.w);
    // Rebuild the constraints at the bent rest shape.
    model.distance.clear();
    model.elements.clear();
    for (size_t t = 0; t < model.surfaces[0].indices.size(); t += 3)
      for (size_t k = 0; k < 3; ++k) {
        const uint32_t a = model.surfaces[0].indices[t + k], b = model.surfaces[0].indices[t + (k + 1) % 3];
        if (a < b)
          model.distance.push_back(
              {a, b, glm::length(glm::vec3(model.restPositions[a]) - glm::vec3(model.restPositions[b])), 0.0f,
               1.0f, 0});
      }
    for (size_t t = 0; t < model.surfaces[0].indices.size(); t += 3) {  // edges seen only from b > a
      for (size_t k = 0; k < 3; ++k) {
        const uint32_t a = model.surfaces[0].indices[t + k], b = model.surfaces[0].indices[t + (k + 1) % 3];
        bool found = false;
        for (const DistanceConstraint& c : model.distance)
          found |= (c.a == std::min(a, b) && c.b == std::max(a, b));
        if (!found)
          model.distance.push_back(
              {std::min(a, b), std::max(a, b),
               glm::length(glm::vec3(model.restPositions[a]) - glm::vec3(model.restPositions[b])), 0.0f, 1.0f,
               0});
      }
    }
    addBending(model, model.surfaces[0].indices, BendingModel::Dihedral, 0.5f, 1.0f);
    ASSERT_GT(model.elements.size(), 100u);
    double largestRest = 0.0;
    for (const ElementConstraint& e : model.elements)
      largestRest = std::max(largestRest, std::abs(double(e.rest)));
    EXPECT_NEAR(largestRest, angle, 1e-4);  // the fold line's edges

    State state = makeInitialState(model);
    uint32_t seed = 12345;
    for (glm::vec4& x : state.positions) {
      for (int axis = 0; axis < 3; ++axis) {
        seed = seed * 1664525u + 1013904223u;
        x[axis] += 0.005f * (static_cast<float>(seed >> 8) / 16777216.0f - 0.5f) * 2.0f;
      }
    }
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver solver(model, scene.solver, layout);
    double worstBefore = 0.0;
    for (const ElementConstraint& e : model.elements) {
      const gpu::ElementGradient g =
          gpu::elementGradient(e, state.positions[e.a], state.positions[e.b], state.positions[e.c],
                               state.positions[e.d], {}, {}, {});
      worstBefore = std::max(worstBefore, std::abs(double(g.C)));
    }
    EXPECT_GT(worstBefore, 0.02);  // the disturbance is large enough to matter
    for (int f = 0; f < 240; ++f) solver.stepFrame(state);
    double worst = 0.0;
    for (const ElementConstraint& e : model.elements) {
      const gpu::ElementGradient g =
          gpu::elementGradient(e, state.positions[e.a], state.positions[e.b], state.positions[e.c],
                               state.positions[e.d], {}, {}, {});
      worst = std::max(worst, std::abs(double(g.C)));
    }
    EXPECT_LT(worst, 0.01) << solverModeName(mode) << ": largest |θ − θ₀| " << worst << " rad";
  }
}

// Over-pressure p: a balloon at zero gravity inflates to p times its rest volume (the volume constraint
// is rigid; the stretch constraints are compliant and give way).
TEST(Balloon, InflatesToThePressureFactor) {
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    for (float factor : {1.3f, 1.8f}) {
      const Simulated run = simulate(R"({"solver": {"gravity": [0, 0, 0], "damping": 2, "iterations": 2},
        "shells": [{"mesh": {"type": "icosphere", "radius": 0.2, "subdivisions": 2}, "areal_density": 0.1,
                    "compliance": {"stretch": 0.01, "bend": 10}, "pressure": {"factor": )" +
                                         std::to_string(factor) + R"(}}]})",
                                     120, mode);
      const double rest = run.model.volumes[0].restVolume;
      EXPECT_NEAR(surfaceVolume(run.model, run.state.positions) / rest, factor, 0.01 * factor)
          << solverModeName(mode) << " p=" << factor;
    }
  }
}

// Tip sag of a Neo-Hookean cantilever (0.4 × 0.1 × 0.1 m, E = 1 MPa, ν = 0.3, ρ = 1000 kg/m³) clamped
// at x = −0.2 m, after it settles.
double cantileverSag(uint32_t cellsAlong, uint32_t cellsAcross, uint32_t iterations) {
  const std::string json = R"({"solver": {"substeps": 20, "iterations": )" + std::to_string(iterations) +
                           R"(, "damping": 4, "max_colours": 64},
    "soft_bodies": [{"mesh": {"type": "box", "size": [0.4, 0.1, 0.1], "cells": [)" +
                           std::to_string(cellsAlong) + ", " + std::to_string(cellsAcross) + ", " +
                           std::to_string(cellsAcross) + R"(]}, "density": 1000,
      "material": {"model": "neohookean", "youngs_modulus": 1000000, "poisson_ratio": 0.3},
      "pin_box": {"min": [-1, -1, -1], "max": [-0.199, 1, 1]}}]})";
  const Simulated run = simulate(json, 180);
  double sag = 0.0;
  int tip = 0;
  for (size_t p = 0; p < run.state.positions.size(); ++p) {
    if (run.model.restPositions[p].x > 0.199f) {
      sag += run.model.restPositions[p].y - run.state.positions[p].y;
      ++tip;
    }
  }
  return sag / tip;
}

// XPBD's promise: the sag does not depend on the iteration count (2 vs 8, within 2%), and changes
// little with resolution (12×3×3 vs 16×4×4 cells, within 15%: linear tetrahedra are too stiff in
// bending on coarse meshes, "locking", which is the discretisation, not the solver). The fine mesh is
// within 10% of Euler-Bernoulli beam theory, δ = qL⁴/(8EI) = 0.0377 m (shear adds a little).
TEST(NeoHookean, CantileverSagIndependentOfResolutionAndIterations) {
  const double coarse2 = cantileverSag(12, 3, 2), coarse8 = cantileverSag(12, 3, 8);
  const double fine2 = cantileverSag(16, 4, 2), fine8 = cantileverSag(16, 4, 8);
  std::printf("cantilever tip sag (m): 12x3x3 cells: %.5f (2 iterations), %.5f (8); 16x4x4: %.5f, %.5f\n",
              coarse2, coarse8, fine2, fine8);
  EXPECT_NEAR(coarse2 / coarse8, 1.0, 0.02);
  EXPECT_NEAR(fine2 / fine8, 1.0, 0.02);
  EXPECT_NEAR(coarse8 / fine8, 1.0, 0.15);
  EXPECT_NEAR(fine8 / 0.0377, 1.0, 0.10);
}

}  // namespace
}  // namespace vkxpbd
