// Tearing on the GPU solver (gpu/gpu_tearing.cpp) against the CPU reference (sim/tearing.h), under the
// validation layer with synchronization validation: the same constraints break, the same particles are
// split, the same surface is drawn, and the positions agree; two GPU runs are bitwise equal. Both modes.
#include <cstring>

#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "param_print.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "tear_scenes.h"

namespace vkxpbd {
namespace {

class GpuTearing : public test::GpuTest, public ::testing::WithParamInterface<SolverMode> {};

// The sheet of tear_scenes.h, 90 frames (1.5 s): it tears through on the CPU reference in both modes
// with these settings (test_tearing.cpp).
SceneDesc sheet(SolverMode mode) {
  SceneDesc scene = test::tearSheet(mode, 0.1f, mode == SolverMode::Jacobi ? 1.5f : 1.2f);
  if (mode == SolverMode::Jacobi) scene.solver.iterations = 20;
  return scene;
}

TEST_P(GpuTearing, SameTearsAsTheCpuReference) {
  const SceneDesc scene = sheet(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver cpu(model, scene.solver, layout);
  State cpuState = makeInitialState(model);
  GpuSolver gpu(*ctx, model, scene.solver, layout);
  gpu.upload(cpuState);
  uint32_t cpuBroken = 0, gpuBroken = 0;
  for (int f = 0; f < 90; ++f) {
    cpu.stepFrame(cpuState);
    gpu.simulate(1);
    cpuBroken += static_cast<uint32_t>(cpu.lastTear().broken.size());
    gpuBroken += static_cast<uint32_t>(gpu.lastTear().broken.size());
    // The tear check pass's list, sorted by the host: the same constraints in the same frame.
    EXPECT_EQ(gpu.lastTear().broken, cpu.lastTear().broken) << "frame " << f;
  }
  const State gpuState = gpu.download();
  ASSERT_GT(cpuBroken, 0u);
  EXPECT_EQ(gpuBroken, cpuBroken);
  EXPECT_GT(gpu.topologyVersion(), 0u);
  EXPECT_EQ(gpu.model().surfaces[0].indices, cpu.model().surfaces[0].indices);
  EXPECT_EQ(gpu.layout().surface.indices, cpu.layout().surface.indices);
  for (size_t k = 0; k < layout.distance.size(); ++k) {
    EXPECT_EQ(gpu.layout().distance[k].a, cpu.layout().distance[k].a) << "constraint " << k;
    EXPECT_EQ(gpu.layout().distance[k].b, cpu.layout().distance[k].b) << "constraint " << k;
  }
  float largest = 0.0f;
  for (size_t i = 0; i < cpuState.positions.size(); ++i) {
    largest =
        std::max(largest, glm::length(glm::vec3(gpuState.positions[i]) - glm::vec3(cpuState.positions[i])));
    EXPECT_EQ(gpuState.positions[i].w, cpuState.positions[i].w) << "inverse mass of particle " << i;
  }
  EXPECT_LT(largest, 1e-4f) << "m";
}

TEST_P(GpuTearing, RerunsAreBitwiseEqual) {
  const SceneDesc scene = sheet(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  auto run = [&]() {
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.simulate(60);
    EXPECT_GT(gpu.topologyVersion(), 0u);
    return gpu.download();
  };
  const State a = run();
  const State b = run();
  EXPECT_EQ(std::memcmp(a.positions.data(), b.positions.data(), a.positions.size() * sizeof(glm::vec4)), 0);
  EXPECT_EQ(std::memcmp(a.velocities.data(), b.velocities.data(), a.velocities.size() * sizeof(glm::vec4)),
            0);
}

// The force threshold on the GPU (the tear check pass reads λ): the hanging strip of test_tear_force.cpp,
// whose top stretch constraints carry the weight of their column (measured there against m·g). With the
// tear force 3% below that weight the GPU breaks the same constraints in the same frame as the CPU
// reference (by frame 2); 3% above, neither breaks anything in 20 frames.
TEST_P(GpuTearing, ForceThresholdAsTheCpuReference) {
  for (const float factor : {0.97f, 1.03f}) {
    SceneDesc scene = test::tearSheet(GetParam(), 0.0f, 1.5f, ClothBending::Dihedral, 2, 5);
    ClothDesc& cloth = scene.cloths.at(0);
    cloth.pins = {PinDesc{0, -1, std::nullopt}, PinDesc{1, -1, std::nullopt}};
    cloth.complianceShear = 1.0f;  // m/N
    cloth.massDistribution = MassDistribution::Uniform;
    scene.solver.iterations = GetParam() == SolverMode::Jacobi ? 60 : 20;
    Model model = buildModel(scene);
    float columnMass = 0.0f;  // kg, one column below the pinned row
    for (uint32_t j = 0; j < 4; ++j) columnMass += 1.0f / model.restPositions[2 * j].w;
    model.tears[0].settings.force = factor * columnMass * glm::length(scene.solver.gravity);  // N
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver cpu(model, scene.solver, layout);
    State cpuState = makeInitialState(model);
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.upload(cpuState);
    uint32_t broken = 0;
    for (int f = 0; f < 20; ++f) {
      cpu.stepFrame(cpuState);
      gpu.simulate(1);
      EXPECT_EQ(gpu.lastTear().broken, cpu.lastTear().broken) << "factor " << factor << ", frame " << f;
      broken += static_cast<uint32_t>(gpu.lastTear().broken.size());
    }
    if (factor < 1.0f)
      EXPECT_EQ(broken, 2u) << "the two top constraints";
    else
      EXPECT_EQ(broken, 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, GpuTearing, ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& p) { return std::string(solverModeName(p.param)); });

}  // namespace
}  // namespace vkxpbd
