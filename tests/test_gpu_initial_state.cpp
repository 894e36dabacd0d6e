// Initial conditions on the GPU: the solver starts from the model's initial state (the scene's linear
// and angular velocities), so after the first frame the momentum P = M v and angular momentum L = I ω
// match the scene, and the state equals the CPU reference's, for a cloth, a soft body and a shell in
// both solver modes. Validation and synchronization validation are on (gpu_test_fixture.h).
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "initial_state_scenes.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"

namespace vkxpbd {
namespace {

using test::label;

class GpuInitialState : public test::GpuTest {};

double maxDifference(const std::vector<glm::vec4>& a, const std::vector<glm::vec4>& b) {
  double d = 0.0;
  for (size_t i = 0; i < a.size(); ++i) d = std::max(d, double(glm::length(glm::vec3(a[i] - b[i]))));
  return d;
}

TEST_F(GpuInitialState, StartsFromTheScenesVelocities) {
  const test::MovingBodyScene s = test::movingBodyScenes("gs")[0];
  const SceneDesc scene = parseScene(s.json, "test.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver solver(*ctx, model, scene.solver, layout);
  const State gpu = solver.download();
  const State expected = makeInitialState(model);
  EXPECT_EQ(gpu.frame, 0u);
  EXPECT_EQ(maxDifference(gpu.velocities, expected.velocities), 0.0);
  EXPECT_EQ(maxDifference(gpu.positions, expected.positions), 0.0);
}

TEST_F(GpuInitialState, MomentumAfterTheFirstFrameMatchesTheSceneAndTheCpu) {
  for (const char* mode : {"gs", "jacobi"})
    for (const test::MovingBodyScene& s : test::movingBodyScenes(mode)) {
      const std::string what = label(s.name, mode);
      const SceneDesc scene = parseScene(s.json, "test.json");
      const Model model = buildModel(scene);
      const SolverLayout layout = buildSolverLayout(model, scene.solver);
      GpuSolver solver(*ctx, model, scene.solver, layout);
      solver.simulate(1);
      const State gpu = solver.download();
      CpuSolver cpuSolver(model, scene.solver, layout);
      State cpu = makeInitialState(model);
      cpuSolver.stepFrame(cpu);
      EXPECT_LT(maxDifference(gpu.positions, cpu.positions), 1e-5) << what << ": GPU = CPU (m)";
      EXPECT_LT(maxDifference(gpu.velocities, cpu.velocities), 1e-3) << what << ": GPU = CPU (m/s)";

      const glm::dvec3 expectedP = test::totalMass(model) * glm::dvec3(test::kInitialVelocity);
      const glm::dvec3 expectedL = test::inertiaTensor(model) * glm::dvec3(test::kInitialSpin);
      const Momentum m = measureMomentum(gpu, 0, model.particleCount());
      for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(m.linear[i], expectedP[i], 1e-4 * glm::length(expectedP)) << what << ": P[" << i << "]";
        EXPECT_NEAR(m.angular[i], expectedL[i], 1e-3 * glm::length(expectedL)) << what << ": L[" << i << "]";
      }
    }
}

}  // namespace
}  // namespace vkxpbd
