// Buffers larger than maxStorageBufferRange (gpu/binding_windows.h; docs/architecture.md): with a test
// range of 128 KiB (256 KiB with the hierarchy; GpuSolverOptions::storageBufferRange) the 48² standard
// cloth's distance constraints (13,346, 313 KiB) and, in Jacobi mode, its slot deltas (417 KiB) are bound a
// window at a time, the colour and Jacobi passes cut into several dispatches. The positions match the CPU
// reference, two runs are bitwise identical, and Gauss-Seidel is bitwise the run that binds everything whole
// (a colour cut into chunks computes what it computed whole; Jacobi apply adds its windows' sums one after
// another, so it is compared within a tolerance). A buffer that one binding must hold whole and that exceeds
// the range is refused, naming it. Validation and synchronization validation are on (gpu_test_fixture.h).
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "bitwise_state.h"
#include "cpu_run.h"
#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "hierarchy_scenes.h"
#include "scene_error_of.h"
#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"
#include "tear_scenes.h"

namespace vkxpbd {
namespace {

constexpr uint32_t kFrames = 30;
constexpr uint32_t kCloth = 48;

struct WindowCase {
  SolverMode mode;
  bool hierarchy;
  VkDeviceSize range;  // bytes: above the hierarchy buffer (205 KiB) where it is on
};
void PrintTo(const WindowCase& c, std::ostream* os) {
  *os << solverModeName(c.mode) << (c.hierarchy ? ", hierarchy" : "");
}

class GpuBindingWindows : public test::GpuTest, public ::testing::WithParamInterface<WindowCase> {};

// The dispatches a frame and the distinct window offsets (distance, Jacobi deltas) they bind.
struct Recorded {
  size_t dispatches = 0;
  std::set<uint32_t> distanceOffsets, deltaOffsets;
};

State runGpu(const vk::Context& ctx, const Model& model, const SolverSettings& settings,
             const SolverLayout& layout, VkDeviceSize range, Recorded* recorded = nullptr) {
  GpuSolverOptions options;
  options.storageBufferRange = range;
  GpuSolver gpu(ctx, model, settings, layout, options);
  if (recorded != nullptr)
    for (const ScheduledPass& p : gpu.schedule().passes)
      for (const PassChunk& c : splitIntoWindows(p.pass, p.constants, p.threads, gpu.constraintWindow(),
                                                 gpu.deltaWindow(), layout.slotCount())) {
        ++recorded->dispatches;
        recorded->distanceOffsets.insert(c.distanceOffset);
        recorded->deltaOffsets.insert(c.deltaOffset);
      }
  if (range > 0) {
    EXPECT_TRUE(gpu.constraintWindow().windowed);
    EXPECT_LE(gpu.constraintWindow().windowBytes, range);
    EXPECT_EQ(gpu.deltaWindow().windowed, settings.mode == SolverMode::Jacobi);
  }
  gpu.simulate(kFrames);
  return gpu.download();
}

TEST_P(GpuBindingWindows, MatchTheCpuAndTheWholeBinding) {
  const SceneDesc scene = test::hierarchyCloth(kCloth, GetParam().hierarchy, GetParam().mode);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const VkDeviceSize range = GetParam().range;
  ASSERT_GT(layout.distance.size() * sizeof(gpu::DistanceConstraint), range);

  Recorded windowed, whole;
  const State a = runGpu(*ctx, model, scene.solver, layout, range, &windowed);
  const State b = runGpu(*ctx, model, scene.solver, layout, range);
  const State full = runGpu(*ctx, model, scene.solver, layout, 0, &whole);
  const State cpu = test::runCpu(model, scene.solver, layout, kFrames);
  ASSERT_FALSE(findNonFinite(a).has_value());

  const double toCpu = test::maxDistance(a, cpu), toWhole = test::maxDistance(a, full);
  const double moved = test::maxDistance(a, makeInitialState(model));
  std::printf(
      "  %zu constraints (%.0f KiB), range %.0f KiB: %zu distance and %zu delta windows bound, %zu "
      "dispatches a frame (%zu whole); GPU - CPU %.3g m, windowed - whole %.3g m after %u frames "
      "(largest displacement %.3g m)\n",
      layout.distance.size(), double(layout.distance.size() * sizeof(gpu::DistanceConstraint)) / 1024.0,
      double(range) / 1024.0, windowed.distanceOffsets.size(), windowed.deltaOffsets.size(),
      windowed.dispatches, whole.dispatches, toCpu, toWhole, kFrames, moved);
  // The windows really moved; in Jacobi mode the batch and its apply were cut into several dispatches
  // (a colour fits one window: its window starts where the colour starts).
  EXPECT_GE(windowed.distanceOffsets.size(), 2u);
  if (GetParam().mode == SolverMode::Jacobi) {
    EXPECT_GE(windowed.deltaOffsets.size(), 2u);
    EXPECT_GT(windowed.dispatches, whole.dispatches);
  }
  EXPECT_TRUE(test::bitwiseEqual(a, b));
  if (GetParam().mode == SolverMode::GaussSeidel)
    EXPECT_TRUE(test::bitwiseEqual(a, full));
  else
    EXPECT_LT(toWhole, 1e-5);  // m: rounding (measured 1.2e-7 flat, 3.0e-6 with the hierarchy)
  EXPECT_LT(toCpu, 1e-5);      // m
  EXPECT_GT(moved, 0.01);      // m: the cloth really moved
}

INSTANTIATE_TEST_SUITE_P(Modes, GpuBindingWindows,
                         ::testing::Values(WindowCase{SolverMode::GaussSeidel, false, 128 * 1024},
                                           WindowCase{SolverMode::Jacobi, false, 128 * 1024},
                                           WindowCase{SolverMode::GaussSeidel, true, 256 * 1024},
                                           WindowCase{SolverMode::Jacobi, true, 256 * 1024}),
                         [](const auto& param) {
                           return std::string(solverModeName(param.param.mode)) +
                                  (param.param.hierarchy ? "_hierarchy" : "_flat");
                         });

class GpuBindingWindowRefusal : public test::GpuTest {};

// The tear passes bind a tearing body's distance constraints whole: past the range they are refused.
TEST_F(GpuBindingWindowRefusal, TearingConstraintsPastTheRange) {
  const SceneDesc scene =
      test::tearSheet(SolverMode::GaussSeidel, 0.1f, 1.2f, ClothBending::Distance, 24, 16);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const VkDeviceSize bytes = layout.distance.size() * sizeof(gpu::DistanceConstraint);
  GpuSolverOptions options;
  options.storageBufferRange = bytes / 32 * 16;  // half, a multiple of 16
  const std::string error = errorOf([&] { GpuSolver gpu(*ctx, model, scene.solver, layout, options); });
  std::printf("  %s\n", error.c_str());
  EXPECT_NE(error.find("GPU buffer 'distance constraints (the tear passes bind it whole)'"),
            std::string::npos);
  EXPECT_NE(error.find("maxStorageBufferRange"), std::string::npos);
  options.storageBufferRange = bytes;
  EXPECT_EQ(errorOf([&] { GpuSolver gpu(*ctx, model, scene.solver, layout, options); }), "");
}

// Positions are bound whole by every pass: a range below them refuses the model, naming the buffer.
TEST_F(GpuBindingWindowRefusal, PositionsPastTheRange) {
  const SceneDesc scene = test::hierarchyCloth(kCloth, false);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolverOptions options;
  options.storageBufferRange = model.particleCount() * sizeof(glm::vec4) - 16;
  const std::string error = errorOf([&] { GpuSolver gpu(*ctx, model, scene.solver, layout, options); });
  std::printf("  %s\n", error.c_str());
  EXPECT_NE(error.find("GPU buffer 'positions' needs 36.0 KiB in one binding"), std::string::npos);
}

// The fused coarse levels keep their particles in shared memory: a device with less refuses the scene,
// naming the limit and the setting that avoids it; with fuse_small_levels 0 the same scene runs.
TEST_F(GpuBindingWindowRefusal, FusedLevelsPastTheSharedMemory) {
  SceneDesc scene = test::hierarchyCloth(kCloth, true);
  const Model model = buildModel(scene);
  const SolverLayout fused = buildSolverLayout(model, scene.solver);
  ASSERT_GT(fused.fusedLevel, 0u);
  GpuSolverOptions options;
  options.sharedMemoryLimit = VKXPBD_COARSE_SHARED_BYTES - 4;
  const std::string error = errorOf([&] { GpuSolver gpu(*ctx, model, scene.solver, fused, options); });
  std::printf("  %s\n", error.c_str());
  EXPECT_NE(error.find("keeps 26624 bytes in shared memory"), std::string::npos);
  EXPECT_NE(error.find("maxComputeSharedMemorySize of 26620; set the solver's fuse_small_levels to 0"),
            std::string::npos);
  scene.solver.fuseSmallLevels = 0;
  const SolverLayout separate = buildSolverLayout(model, scene.solver);
  EXPECT_EQ(errorOf([&] { GpuSolver gpu(*ctx, model, scene.solver, separate, options); }), "");
}

}  // namespace
}  // namespace vkxpbd
