// BDF2 on the GPU (shared/integrator_math.h): the undamped pendulum keeps its energy, and the test cloth
// (colours, Jacobi tail, moving pin, sphere and ground, so histories restart at contacts) agrees with
// the CPU reference in both solver modes.
#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "test_cloth_scene.h"
#include "test_models.h"

namespace vkxpbd {
namespace {

class GpuIntegrators : public test::GpuTest {};

TEST_F(GpuIntegrators, Bdf2PendulumKeepsItsEnergyForThirtySeconds) {
  const float length = 0.3f;  // m
  const Model model = test::pendulum(length, 0.3f, 1.0f, 0.0f);
  for (Integrator integrator : {Integrator::Euler, Integrator::Bdf2}) {
    SolverSettings s = test::settings(SolverMode::GaussSeidel, 10, 1);
    s.integrator = integrator;
    const SolverLayout layout = buildSolverLayout(model, s);
    GpuSolver gpu(*ctx, model, s, layout, GpuSolverOptions{false});
    auto energy = [&](const State& x) {
      const glm::dvec3 v(x.velocities[1]);
      return 0.5 * glm::dot(v, v) + 9.81 * (double(x.positions[1].y) + length);  // J/kg
    };
    const double start = energy(makeInitialState(model));
    gpu.simulate(60 * 30);
    const double kept = energy(gpu.download()) / start;
    if (integrator == Integrator::Bdf2) {
      EXPECT_GE(kept, 0.99);
      EXPECT_LE(kept, 1.01);
    } else {
      EXPECT_LT(kept, 0.5);  // implicit Euler's numerical damping (0.187 on the CPU)
    }
  }
}

TEST_F(GpuIntegrators, Bdf2ClothAgreesWithTheCpu) {
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    // The ground at 0.8 m: the falling cloth reaches it.
    SceneDesc scene = test::movingPinCloth(mode, 3, glm::vec3(0.0f), 0.8f);
    scene.solver.integrator = Integrator::Bdf2;
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.simulate(60);
    const State got = gpu.download();
    CpuSolver cpu(model, scene.solver, layout);
    State expected = makeInitialState(model);
    for (int f = 0; f < 60; ++f) cpu.stepFrame(expected);
    double worst = 0.0;
    for (size_t i = 0; i < got.positions.size(); ++i)
      worst = std::max(worst, double(glm::length(glm::vec3(got.positions[i] - expected.positions[i]))));
    EXPECT_LT(worst, gpuCpuBound(1e-5, 1e-2)) << solverModeName(mode);  // m; H200: 1.5e-3 (gs), 1.9e-5
    // The cloth lies on the ground, so contacts restarted histories.
    double lowest = 1e9;  // m
    for (const glm::vec4& x : got.positions) lowest = std::min(lowest, double(x.y));
    EXPECT_LT(lowest, 0.8 + model.thickness + 1e-4) << solverModeName(mode);
  }
}

}  // namespace
}  // namespace vkxpbd
