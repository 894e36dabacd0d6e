// The window's live residual after a tear (lab::liveResiduals, docs/tearing.md): it measures the torn
// cloth, not the model as loaded, whose constraints still join the particles a tear split. CPU only (the
// lab library is linked into test_gpu).
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "lab/live_residual.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "tear_scenes.h"

namespace vkxpbd {
namespace {

TEST(LiveResidual, AfterATearTheWindowMeasuresTheTornCloth) {
  const SceneDesc scene = test::tearSheet(SolverMode::GaussSeidel, 0.1f, 1.2f);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  size_t broken = 0;
  for (int f = 0; f < 240; ++f) {
    solver.stepFrame(state);
    broken += solver.lastTear().broken.size();
  }
  ASSERT_GE(broken, 8u) << "the sheet did not tear through";

  const std::vector<lab::StepMetrics> live =
      lab::liveResiduals(solver.model(), solver.layout(), scene.solver, state, 16);
  ASSERT_EQ(live.size(), 16u);
  // The loaded model measures the open crack as strain; the torn one only the cloth's stretch.
  const lab::StepMetrics loaded = lab::measureStep(model, combinedPositions(state), {},
                                                   scene.solver.implicitDt(), scene.solver.constraintModel);
  std::printf(
      "after the tear: max strain of the torn cloth %.3g (live residual %.3g m after 16 iterations); "
      "the model as loaded %.3g\n",
      live.back().maxStrain, live.back().residualL2, loaded.maxStrain);
  EXPECT_GT(loaded.maxStrain, 1.0);
  EXPECT_LT(live.back().maxStrain, 0.5);
  EXPECT_LT(live.back().residualL2, live.front().residualL2 * 1.01);
  for (const lab::StepMetrics& m : live) EXPECT_TRUE(std::isfinite(m.residualL2));
  // The diagnostics' model: the torn one after a tear, the loaded one without tearing bodies.
  const Model measured = lab::measuredModel(model, solver.model(), solver.layout());
  EXPECT_LT(measured.distance.size(), model.distance.size());
  Model plain = model;
  plain.tears.clear();
  EXPECT_EQ(lab::measuredModel(plain, plain, layout).distance.size(), model.distance.size());
}

// Without tearing bodies it is the measurement the window made before: one substep of the CPU reference
// from the state, measured on the model as loaded after each iteration (bit for bit; fixed pins, so the
// step's time does not matter).
TEST(LiveResidual, WithoutTearingItMeasuresTheLoadedModel) {
  SceneDesc scene = test::tearSheet(SolverMode::Jacobi, 0.0f, 1.2f);
  scene.cloths[0].tear.reset();
  const Model model = buildModel(scene);
  ASSERT_TRUE(model.tears.empty());
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  for (int f = 0; f < 30; ++f) solver.stepFrame(state);
  const std::vector<lab::StepMetrics> live = lab::liveResiduals(model, layout, scene.solver, state, 16);
  SolverSettings step = scene.solver;
  step.frameDt = step.substepDt();
  step.substeps = 1;
  step.iterations = 16;
  CpuSolver cpu(model, step, layout);
  State x = state;
  std::vector<double> expected;
  cpu.stepFrame(x, [&](uint32_t, uint32_t, const State& now) {
    expected.push_back(lab::measureStep(model, combinedPositions(now),
                                        lab::lambdasInModelOrder(layout, cpu.lambdas()), step.implicitDt(),
                                        step.constraintModel)
                           .residualL2);
  });
  ASSERT_EQ(live.size(), expected.size());
  for (size_t k = 0; k < live.size(); ++k)
    EXPECT_EQ(live[k].residualL2, expected[k]) << "iteration " << k + 1;
  EXPECT_LT(live.back().residualL2, live.front().residualL2);
}

}  // namespace
}  // namespace vkxpbd
