// Tearing with the hierarchy on the GPU solver against the CPU reference (docs/hierarchy.md, "Tearing with
// the hierarchy"), under the validation layer with synchronization validation: the tear check pass sets
// the same torn marks as the CPU reference, the same constraints break in the same frames, positions
// agree; two GPU runs are bitwise equal. Both modes, both integrators, and the shipped cloth_tear.json
// with "hierarchy": {}.
#include <cstdio>
#include <cstring>

#include <gtest/gtest.h>

#include "bitwise_state.h"
#include "gpu/gpu_solver.h"
#include "gpu_cpu_run.h"
#include "gpu_test_fixture.h"
#include "param_print.h"
#include "scene/scene.h"
#include "shared/hierarchy_tear.h"
#include "sim/cloth_builder.h"
#include "sim/tear_table.h"
#include "tear_hierarchy_scenes.h"

namespace vkxpbd {
namespace {

class GpuTearHierarchy : public test::GpuTest, public ::testing::WithParamInterface<SolverMode> {};

// `frames` frames of `scene` on both solvers, compared frame by frame (broken lists) and at the end
// (torn marks exactly; positions within 1e-4 m; inverse masses exactly). Returns the constraints broken.
uint32_t compareWithCpu(const vk::Context& ctx, const SceneDesc& scene, int frames, const char* what,
                        uint32_t* hostFrames = nullptr) {
  test::Lockstep run(ctx, scene);
  EXPECT_GE(run.layout.hierarchy.levelCount(), 2u);
  EXPECT_FALSE(run.layout.hierarchy.tearMarks.empty());
  uint32_t broken = 0;
  for (int f = 0; f < frames; ++f) {
    run.step(1);
    broken += static_cast<uint32_t>(run.cpu.lastTear().broken.size());
    if (hostFrames && run.cpu.lastTear().broken.size() == VKXPBD_TEAR_CHUNKS * VKXPBD_TEAR_SPLIT_PER_CHUNK)
      ++*hostFrames;
    EXPECT_EQ(run.gpu.lastTear().broken, run.cpu.lastTear().broken) << what << ", frame " << f;
  }
  const State gpuState = run.gpu.download();
  const std::vector<glm::uvec4> marks = run.gpu.downloadTearMarks();
  EXPECT_EQ(marks, run.cpu.layout().hierarchy.tearMarks) << what;
  uint32_t torn = 0;
  for (size_t p = 0; p < marks.size(); p += VKXPBD_TEAR_MARK_VEC4S) torn += marks[p].z != 0u;
  double largest = 0.0;
  for (size_t i = 0; i < run.cpuState.positions.size(); ++i) {
    largest = std::max(
        largest,
        double(glm::length(glm::vec3(gpuState.positions[i]) + glm::vec3(gpuState.positionsLow[i]) -
                           glm::vec3(run.cpuState.positions[i]) - glm::vec3(run.cpuState.positionsLow[i]))));
    EXPECT_EQ(gpuState.positions[i].w, run.cpuState.positions[i].w)
        << what << ", inverse mass of particle " << i;
  }
  std::printf("[ measured ] %s: %u constraints broken, %u particles with torn marks, GPU - CPU %.3g m\n",
              what, broken, torn, largest);
  EXPECT_LT(largest, 1e-4) << what << " (m)";
  EXPECT_GT(torn, 0u) << what;
  return broken;
}

// The sheet torn off its moving corner pins (tear_hierarchy_scenes.h), 60 frames, Euler and BDF2; then
// with bilateral coarse constraints and with compression_compliance (tear strain 1.005, as on the CPU).
TEST_P(GpuTearHierarchy, TornSheetAsTheCpuReference) {
  if (!cpuArithmetic()) GTEST_SKIP() << test::kExactTopologyNeedsCpuRounding;
  for (Integrator integrator : {Integrator::Euler, Integrator::Bdf2}) {
    SceneDesc scene = test::droppingSheet(GetParam(), true, 8.0f, 1.02f);
    scene.solver.integrator = integrator;
    const std::string what = std::string(solverModeName(GetParam())) + " " + integratorName(integrator);
    EXPECT_GT(compareWithCpu(*ctx, scene, 60, what.c_str()), 0u);
  }
  for (bool bilateral : {true, false}) {
    SceneDesc scene = test::droppingSheet(GetParam(), true, 8.0f, 1.005f);
    scene.solver.hierarchy.bilateral = bilateral;
    if (!bilateral) scene.solver.hierarchy.compressionCompliance = 0.01f;  // m/N
    const std::string what =
        std::string(solverModeName(GetParam())) + (bilateral ? " bilateral" : " compression 0.01 m/N");
    EXPECT_GT(compareWithCpu(*ctx, scene, 60, what.c_str()), 0u);
  }
}

// `cloth_tear.json` in `mode` with the hierarchy on for its cloth.
SceneDesc shippedSceneWithHierarchy(SolverMode mode) {
  SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/cloth_tear.json");
  scene.solver.mode = mode;
  scene.cloths.at(0).hierarchy = HierarchySettings{};
  scene.cloths.at(0).hierarchy->enabled = true;
  return scene;
}

// The shipped scene with the hierarchy on (docs/hierarchy.md): 90 frames, its split on the GPU.
TEST_P(GpuTearHierarchy, ShippedSceneAsTheCpuReference) {
  if (!cpuArithmetic()) GTEST_SKIP() << test::kExactTopologyNeedsCpuRounding;
  SceneDesc scene = shippedSceneWithHierarchy(GetParam());
  ASSERT_TRUE(tearSplitsOnGpu(buildModel(scene)));
  const std::string what = std::string("cloth_tear.json with the hierarchy, ") + solverModeName(GetParam());
  EXPECT_GT(compareWithCpu(*ctx, scene, 90, what.c_str()), 0u);
}

// Past the tear passes' limit: cloth_tear.json with the hierarchy at tear strain 1.02 (jacobi) or 1.005
// (gs), 40 frames: frames that flag more than the 256 a frame takes break the 256 most strained on
// the GPU and in the CPU reference alike, with the torn marks of every flagged constraint.
TEST_P(GpuTearHierarchy, FramesPastThePassLimitAsTheCpuReference) {
  if (!cpuArithmetic()) GTEST_SKIP() << test::kExactTopologyNeedsCpuRounding;
  SceneDesc scene = shippedSceneWithHierarchy(GetParam());
  // The hierarchy keeps the sheet stiffer: in gs mode it takes a lower strain to break that many at once.
  const float strain = GetParam() == SolverMode::Jacobi ? 1.02f : 1.005f;
  scene.cloths.at(0).tear->strain = strain;
  uint32_t hostFrames = 0;
  const std::string what = "cloth_tear.json, strain " + std::to_string(strain).substr(0, 5) +
                           ", hierarchy, " + solverModeName(GetParam());
  EXPECT_GT(compareWithCpu(*ctx, scene, 40, what.c_str(), &hostFrames), 0u);
  std::printf("[ measured ] %s: %u frames broke the 256 a frame takes\n", what.c_str(), hostFrames);
  EXPECT_GT(hostFrames, 0u);
}

// Two GPU runs of the torn sheet are bitwise equal: positions, low parts and torn marks.
TEST_P(GpuTearHierarchy, RerunsAreBitwiseEqual) {
  const SceneDesc scene = test::droppingSheet(GetParam(), true, 8.0f, 1.02f);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  State states[2];
  std::vector<glm::uvec4> marks[2];
  for (int run = 0; run < 2; ++run) {
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.upload(makeInitialState(model));
    gpu.simulate(40);
    states[run] = gpu.download();
    marks[run] = gpu.downloadTearMarks();
  }
  test::expectBitwiseEqual(states[0], states[1]);
  EXPECT_EQ(marks[0], marks[1]);
  uint32_t torn = 0;
  for (size_t p = 0; p < marks[0].size(); p += VKXPBD_TEAR_MARK_VEC4S) torn += marks[0][p].z != 0u;
  EXPECT_GT(torn, 0u);
}

INSTANTIATE_TEST_SUITE_P(Modes, GpuTearHierarchy,
                         ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& p) { return std::string(solverModeName(p.param)); });

}  // namespace
}  // namespace vkxpbd
