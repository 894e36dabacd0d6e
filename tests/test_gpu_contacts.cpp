// Contacts on the GPU: the spatial hash's neighbour lists against brute force and against the CPU
// reference (same lists, same order), a contact scene with every collider shape against the CPU
// reference, and bitwise reruns. Validation and synchronization validation are on.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "bitwise_state.h"
#include "contact_test_scenes.h"
#include "gpu/gpu_solver.h"
#include "gpu_cpu_run.h"
#include "gpu_test_fixture.h"
#include "penetration_check.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/contact_hash.h"
#include "sim/contact_triangles.h"
#include "sim/cpu_solver.h"
#include "sim/sim_params.h"

namespace vkxpbd {
namespace {

class GpuContacts : public test::GpuTest {};

// Particles that do not move (no gravity, no constraints, a contact distance far below their spacing):
// the lists of the last substep are those of the initial positions.
TEST_F(GpuContacts, HashFindsTheBruteForcePairsInTheCpuOrder) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> box(-0.5f, 0.5f), cluster(-0.03f, 0.03f);
  Model model;
  for (uint32_t i = 0; i < 20000; ++i) {
    const bool dense = i % 10 == 0;
    const glm::vec3 p =
        dense ? glm::vec3(cluster(rng), cluster(rng), cluster(rng)) : glm::vec3(box(rng), box(rng), box(rng));
    model.restPositions.emplace_back(p, i % 9 == 0 ? 0.0f : 1.0f);
  }
  model.contacts.enabled = true;
  model.contacts.distance = 1e-7f;
  model.contacts.searchRadius = 0.02f;
  model.contacts.maxNeighbours = 512;
  SolverSettings settings;
  settings.gravity = glm::vec3(0.0f);
  settings.substeps = 2;
  const SolverLayout layout = buildSolverLayout(model, settings);
  GpuSolver gpu(*ctx, model, settings, layout);
  gpu.simulate(1);
  const NeighbourLists got = gpu.downloadNeighbours();
  const NeighbourLists cpu = findNeighbours(model.restPositions, makeSimParams(model, settings));
  const auto brute = bruteForceNeighbours(model.restPositions, 0.02f);
  EXPECT_EQ(got.overflow, 0u);
  EXPECT_EQ(got.count, cpu.count);
  EXPECT_EQ(got.neighbours, cpu.neighbours);  // the same lists in the same order
  EXPECT_GT(test::expectListsAreTheSets(got, brute), 50000u);
}

// Every collider shape (one moving, one spinning and shaking), friction, restitution and particle
// contacts.
const char* kContactScene = R"({
  "solver": {"substeps": 5, "iterations": 2, "max_colours": 64},
  "thickness": 0.01,
  "contacts": {"distance": 0.045, "friction": {"static": 0.3, "kinetic": 0.2}},
  "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]},
    "material": {"model": "neohookean", "youngs_modulus": 100000, "poisson_ratio": 0.4},
    "instances": [{"position": [0, 0.25, 0]}, {"position": [0.05, 0.55, 0.02], "rotation": [0, 30, 0]}]}],
  "cloths": [{"size": [0.6, 0.6], "resolution": [12, 12], "center": [0.8, 0.5, 0], "compliance": {"bend": 0.01},
              "friction": {"static": 0.9, "kinetic": 0.7}}],
  "colliders": [
    {"type": "plane", "friction": {"static": 0.5, "kinetic": 0.4}, "restitution": 0.3},
    {"type": "sphere", "center": [0.8, 0.2, 0], "radius": 0.15, "angular_velocity": [0, 3, 0], "friction": {"static": 0.8},
     "oscillation": {"amplitude": [0.02, 0.05, 0], "frequency": 2}},
    {"type": "capsule", "center": [-0.6, 0.2, 0], "radius": 0.05, "half_length": 0.2, "velocity": [0.2, 0, 0]},
    {"type": "box", "center": [0, 0.02, 0.6], "half_extents": [0.3, 0.02, 0.2], "rotation": [0, 0, 10]}]
})";

TEST_F(GpuContacts, AgreeWithTheCpuReference) {
  const SceneDesc scene = parseScene(kContactScene, "contacts.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const uint32_t frames = 40;
  const auto [got, expected] = test::runGpuAndCpu(*ctx, model, scene.solver, layout, frames);
  double worst = 0.0;
  for (size_t i = 0; i < got.positions.size(); ++i)
    worst = std::max(worst, double(glm::length(glm::vec3(got.positions[i] - expected.positions[i]))));
  // Contacts switch on and off at a threshold, so float differences between the devices (sin and cos
  // of the spinning sphere) can grow: agreement within 1 mm after 40 frames.
  EXPECT_LT(worst, 1e-3);
}

// Lists rebuilt once per frame (every fifth substep): 8 hash passes fewer in four substeps out of five,
// and the GPU still follows the CPU reference.
TEST_F(GpuContacts, RebuildIntervalSkipsSearchesAndAgreesWithTheCpu) {
  SceneDesc scene = parseScene(kContactScene, "contacts.json");
  const Model every = buildModel(scene);
  scene.contacts.rebuildInterval = 5;
  const Model once = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(once, scene.solver);
  GpuSolver reference(*ctx, every, scene.solver, layout);
  GpuSolver gpu(*ctx, once, scene.solver, layout);
  EXPECT_EQ(gpu.passesPerFrame() + 4 * 8, reference.passesPerFrame());
  CpuSolver cpu(once, scene.solver, layout);
  State expected = makeInitialState(once);
  for (uint32_t f = 0; f < 40; ++f) cpu.stepFrame(expected);
  gpu.simulate(40);
  const State got = gpu.download();
  double worst = 0.0;
  for (size_t i = 0; i < got.positions.size(); ++i)
    worst = std::max(worst, double(glm::length(glm::vec3(got.positions[i] - expected.positions[i]))));
  EXPECT_LT(worst, 1e-3);
}

TEST_F(GpuContacts, RerunsAreBitwiseIdentical) {
  const SceneDesc scene = parseScene(kContactScene, "contacts.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  State runs[2];
  for (State& run : runs) {
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.simulate(20);
    run = gpu.download();
  }
  test::expectBitwiseEqual(runs[0], runs[1]);
}

// A cloth dropped edge-first onto a rough floor folds onto itself. With self-collision no edge ends up
// through a triangle after 150 frames; without it the same drop interpenetrates (the check is real).
TEST_F(GpuContacts, FoldingClothDoesNotPassThroughItself) {
  const char* fold = R"({
    "solver": {"substeps": 10, "iterations": 2, "damping": 0.2}, "thickness": 0.008,
    "contacts": {"distance": 0.028, "search_radius": 0.04, "friction": {"static": 0.4, "kinetic": 0.3}},
    "cloths": [{"size": [1, 1], "resolution": [32, 32], "center": [0, 0.9, 0], "plane": "xy",
                "rotation": [0, 0, 10], "bending": "dihedral", "compliance": {"shear": 0.0001, "bend": 20000}}],
    "colliders": [{"type": "plane", "friction": {"static": 0.8, "kinetic": 0.6}}]})";
  uint32_t intersections[2] = {0, 0};
  for (bool contacts : {true, false}) {
    SceneDesc scene = parseScene(fold, "fold.json");
    scene.contacts.enabled = contacts;
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.simulate(150);
    const State state = gpu.download();
    intersections[contacts ? 0 : 1] =
        test::edgeTriangleIntersections(model.surfaces[0].indices, state.positions);
  }
  EXPECT_EQ(intersections[0], 0u);
  EXPECT_GT(intersections[1], 0u) << "without self-collision the fold should interpenetrate";
}

// Point–triangle candidates: two jittered cloths stacked 3 cm apart, at rest without gravity, one
// substep, so the lists are those of the initial positions: the CPU's lists in the same order, and
// as sets those of brute force.
TEST_F(GpuContacts, TriangleListsAreTheCpuListsInTheSameOrder) {
  const test::ClothStack stack = test::jitteredClothStack(11);
  const Model& model = stack.model;
  const SolverLayout layout = buildSolverLayout(model, stack.scene.solver);
  GpuSolver gpu(*ctx, model, stack.scene.solver, layout);
  gpu.simulate(1);
  const NeighbourLists got = gpu.downloadTriangleNeighbours();
  const gpu::SimParams params = makeSimParams(model, stack.scene.solver);
  const std::vector<uint32_t> packed = packContactTriangles(model);
  const NeighbourLists cpu = findTriangleNeighbours(model.restPositions, params,
                                                    findNeighbours(model.restPositions, params), packed);
  const auto brute = bruteForceTriangleNeighbours(model.restPositions, packed, params.contactTriangles,
                                                  params.triangleSearch);
  EXPECT_EQ(got.overflow, 0u);
  EXPECT_EQ(got.count, cpu.count);
  EXPECT_EQ(got.neighbours, cpu.neighbours);
  EXPECT_GT(test::expectListsAreTheSets(got, brute), 2000u);
}

// Triangle candidates that do not fit are counted per substep, not summed over substeps: the stack
// without its constraints (so nothing moves) and room for 4 triangles, after 3 one-substep frames.
TEST_F(GpuContacts, TriangleOverflowIsCountedPerSubstep) {
  test::ClothStack stack = test::jitteredClothStack(5);
  Model& model = stack.model;
  model.distance.clear();
  model.contacts.maxTriangles = 4;
  const SolverLayout layout = buildSolverLayout(model, stack.scene.solver);
  GpuSolver gpu(*ctx, model, stack.scene.solver, layout);
  gpu.simulate(3);
  const NeighbourLists got = gpu.downloadTriangleNeighbours();
  const gpu::SimParams params = makeSimParams(model, stack.scene.solver);
  const NeighbourLists cpu = findTriangleNeighbours(
      model.restPositions, params, findNeighbours(model.restPositions, params), packContactTriangles(model));
  EXPECT_GT(cpu.overflow, 100u);
  EXPECT_EQ(got.overflow, cpu.overflow);
  EXPECT_EQ(got.neighbours, cpu.neighbours);
}

// The coarse sheet on the coarse trampoline (contact_test_scenes.h): only the point–triangle contacts
// hold it. The GPU agrees with the CPU reference, reruns are bitwise equal, and no edge passes through
// a triangle.
TEST_F(GpuContacts, TriangleContactsAgreeWithTheCpuAndRerunBitwise) {
  const SceneDesc scene = parseScene(test::kClothLayers, "layers.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const uint32_t frames = 45;  // the sheet lands at frame 13 and settles
  CpuSolver cpu(model, scene.solver, layout);
  State expected = makeInitialState(model);
  for (uint32_t f = 0; f < frames; ++f) cpu.stepFrame(expected);
  State runs[2];
  for (State& run : runs) {
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.simulate(frames);
    run = gpu.download();
  }
  double worst = 0.0;
  for (size_t i = 0; i < expected.positions.size(); ++i)
    worst = std::max(worst, double(glm::length(glm::vec3(runs[0].positions[i] - expected.positions[i]))));
  EXPECT_LT(worst, gpuCpuBound(1e-3, 0.1));  // m; H200: 1.7e-2 m once the sheet lands and folds
  test::expectBitwiseEqual(runs[0], runs[1]);
  std::vector<uint32_t> all;
  for (const SurfaceMesh& s : model.surfaces) all.insert(all.end(), s.indices.begin(), s.indices.end());
  EXPECT_EQ(test::edgeTriangleIntersections(all, runs[0].positions), 0u);
  // It rests on the trampoline: the sheet's lowest particle is above the trampoline's lowest.
  float sheetLowest = 1e9f, trampolineLowest = 1e9f;
  for (uint32_t p = 0; p < model.particleCount(); ++p) {
    float& lowest = p < test::kTrampolineParticles ? trampolineLowest : sheetLowest;
    lowest = std::min(lowest, runs[0].positions[p].y);
  }
  EXPECT_GT(sheetLowest, trampolineLowest);
}

}  // namespace
}  // namespace vkxpbd
