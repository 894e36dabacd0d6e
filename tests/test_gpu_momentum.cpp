// Internal constraints keep a free body's linear and angular momentum on the GPU too (issue 12;
// shared/momentum_math.h): the free balloon, the perturbed closed shell and the perturbed soft body of
// test_momentum.cpp, no gravity, in both solver modes, with the GPU result equal to the CPU reference.
// 120 frames (2 s) each to stay within ~15 s on lavapipe; without the momentum projection the balloon
// spun at 26 rad/s after 2 s in Gauss-Seidel mode. The shell at rest is a GPU case: its rest values come
// from the CPU and are not all exactly met in the GPU's colour passes, and without the projection it
// drifted by 1.9 mm in 5 s in Gauss-Seidel mode (exactly 0 on the CPU). Validation is on
// (gpu_test_fixture.h). The balloon and the soft body also run with BDF2 (before its own projection, CPU:
// 0.036 and 0.02 rad/s after 5 s).
#include <algorithm>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "momentum_check.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {
namespace {

constexpr uint32_t kFrames = 120;  // 2 s at 60 Hz
constexpr uint32_t kReadEvery = 10;

struct FreeCase {
  const char* name;
  SolverMode mode;
};
void PrintTo(const FreeCase& c, std::ostream* os) {
  *os << c.name << ", " << solverModeName(c.mode);
}

class GpuMomentum : public test::GpuTest, public ::testing::WithParamInterface<FreeCase> {};

SceneDesc freeCaseScene(const std::string& name, SolverMode mode) {
  // "…_bdf2": the same body with the BDF2 integrator (momentumTermsBdf2).
  const std::string bdf2 = "_bdf2";
  if (name.size() > bdf2.size() && name.ends_with(bdf2)) {
    SceneDesc scene = freeCaseScene(name.substr(0, name.size() - bdf2.size()), mode);
    scene.solver.integrator = Integrator::Bdf2;
    return scene;
  }
  if (name == "balloon") return test::freeScene(VKXPBD_SOURCE_DIR "/scenes/balloon.json", mode);
  if (name == "shell" || name == "shell_at_rest") {
    SceneDesc scene = test::freeScene(VKXPBD_SOURCE_DIR "/scenes/balloon.json", mode);
    scene.shells[0].pressure.reset();
    scene.solver.iterations = 1;
    scene.solver.damping = 0.0f;
    return scene;
  }
  return test::freeScene(VKXPBD_SOURCE_DIR "/scenes/soft_cube.json", mode);
}

TEST_P(GpuMomentum, FreeBodyNeitherDriftsNorSpinsAndMatchesTheCpu) {
  const std::string name = GetParam().name;
  const SceneDesc scene = freeCaseScene(name, GetParam().mode);
  const Model model = buildModel(scene);
  ASSERT_EQ(model.momentumBodies.size(), 1u);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  State initial = makeInitialState(model);
  const float perturbation = name == "shell"                                   ? 0.005f
                             : name == "soft_body" || name == "soft_body_bdf2" ? 0.01f
                                                                               : 0.0f;  // m
  test::perturb(initial, perturbation, 12345u);

  GpuSolver gpu(*ctx, model, scene.solver, layout);
  gpu.upload(initial);
  test::MomentumTracker tracker(initial);
  State got;
  for (uint32_t f = 0; f < kFrames; f += kReadEvery) {
    gpu.simulate(kReadEvery);
    got = gpu.download();
    tracker.add(got);
  }
  std::printf("  %s %s: shift %.3g mm, centre speed %.3g m/s, |omega| %.3g rad/s\n", name.c_str(),
              solverModeName(GetParam().mode), 1e3 * tracker.maxShift, tracker.maxSpeed, tracker.maxOmega);
  EXPECT_LT(tracker.maxShift, 1e-4);  // m
  EXPECT_LT(tracker.maxSpeed, 1e-5);  // m/s
  EXPECT_LT(tracker.maxOmega, 1e-3);  // rad/s

  CpuSolver cpu(model, scene.solver, layout);
  State expected = initial;
  for (uint32_t f = 0; f < kFrames; ++f) cpu.stepFrame(expected);
  double distance = 0.0;
  for (size_t i = 0; i < got.positions.size(); ++i)
    distance = std::max(distance, double(glm::length(glm::vec3(got.positions[i] - expected.positions[i]))));
  EXPECT_LT(distance, 1e-4);  // m: GPU = CPU within 0.1 mm
}

INSTANTIATE_TEST_SUITE_P(
    Bodies, GpuMomentum,
    ::testing::Values(
        FreeCase{"balloon", SolverMode::GaussSeidel}, FreeCase{"balloon", SolverMode::Jacobi},
        FreeCase{"shell_at_rest", SolverMode::GaussSeidel}, FreeCase{"shell", SolverMode::GaussSeidel},
        FreeCase{"shell", SolverMode::Jacobi}, FreeCase{"soft_body", SolverMode::GaussSeidel},
        FreeCase{"soft_body", SolverMode::Jacobi}, FreeCase{"balloon_bdf2", SolverMode::GaussSeidel},
        FreeCase{"balloon_bdf2", SolverMode::Jacobi}, FreeCase{"soft_body_bdf2", SolverMode::GaussSeidel},
        FreeCase{"soft_body_bdf2", SolverMode::Jacobi}),
    [](const auto& param) { return std::string(param.param.name) + "_" + solverModeName(param.param.mode); });

}  // namespace
}  // namespace vkxpbd
