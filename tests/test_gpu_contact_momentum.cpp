// Contacts conserve momentum on the GPU: two soft bodies thrown at each other (no gravity, no colliders)
// keep Σ m v to 1e-5 of Σ m |v| with particle contacts and with point–triangle contacts, in both solver
// modes, and end where the CPU reference ends (within 1 mm). Validation and synchronization validation
// are on.
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "contact_momentum_scenes.h"
#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {
namespace {

class GpuContactMomentum : public test::GpuTest {
 protected:
  void check(SolverMode mode, bool triangles) {
    SceneDesc scene = parseScene(test::pushApartScene(mode, triangles, true), "push_apart.json");
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    const uint32_t frames = 30;
    State expected = makeInitialState(model);
    const test::Momenta before = test::momenta(model.restPositions, expected);
    CpuSolver cpu(model, scene.solver, layout);
    for (uint32_t f = 0; f < frames; ++f) cpu.stepFrame(expected);
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.simulate(frames);
    const State got = gpu.download();
    EXPECT_EQ(gpu.downloadNeighbours().overflow, 0u);
    const test::Momenta after = test::momenta(model.restPositions, got);
    const double linear = glm::length(after.linear - before.linear) / before.magnitude;
    double worst = 0.0;
    for (size_t i = 0; i < got.positions.size(); ++i)
      worst = std::max(worst,
                       static_cast<double>(glm::length(glm::vec3(got.positions[i] - expected.positions[i]))));
    std::printf("GPU |Δ Σ m v| / Σ m |v| = %.3e, largest GPU − CPU distance %.3e m\n", linear, worst);
    EXPECT_LT(linear, 1e-5);
    EXPECT_LT(worst, 1e-3);
  }
};

TEST_F(GpuContactMomentum, ParticleContactsGaussSeidel) {
  check(SolverMode::GaussSeidel, false);
}
TEST_F(GpuContactMomentum, ParticleContactsJacobi) {
  check(SolverMode::Jacobi, false);
}
TEST_F(GpuContactMomentum, PointTriangleContactsGaussSeidel) {
  check(SolverMode::GaussSeidel, true);
}
TEST_F(GpuContactMomentum, PointTriangleContactsJacobi) {
  check(SolverMode::Jacobi, true);
}

}  // namespace
}  // namespace vkxpbd
