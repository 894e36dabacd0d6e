// Wind on soft bodies (docs/wind.md): the boundary triangles of the tetrahedral mesh feel drag and lift,
// one-sided (only a face the air flows into from outside), on the CPU reference in both solver modes.
// The GPU against it: GpuWind.SoftCubeInGustyWindAgreesWithTheCpu.
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "cpu_run.h"
#include "param_print.h"
#include "wind_scenes.h"

namespace vkxpbd {
namespace {

class SoftWind : public ::testing::TestWithParam<SolverMode> {};

double massOf(const Model& model) {
  double m = 0.0;  // kg
  for (const glm::vec4& x : model.restPositions) m += 1.0 / double(x.w);
  return m;
}

// A 0.2 m cube of 5 kg/m³ (0.04 kg) falling in still air with normal drag only: only its bottom face
// (0.04 m²) brakes it, so it reaches v_t = √(2 m g / (ρ C_n A)) of the drag law. Both integrators: with
// BDF2 the cube is a free body, whose drag enters whole (aeroFreeBody, aeroIntegratorScale).
TEST_P(SoftWind, FallingCubeReachesTheDragLawsTerminalSpeed) {
  for (const Integrator integrator : {Integrator::Euler, Integrator::Bdf2}) {
    SceneDesc scene = test::softCubeInWind(GetParam(), 5.0f, 100.0f, -9.81f, R"({"density": 1.2})",
                                           R"({"normal_drag": 1.2, "tangential_drag": 0, "lift": 0})");
    scene.solver.integrator = integrator;
    const Model model = buildModel(scene);
    ASSERT_EQ(model.surfaces.size(), 1u);
    EXPECT_TRUE(model.surfaces[0].oneSided);
    EXPECT_EQ(model.surfaces[0].aero, glm::vec3(1.2f, 0.0f, 0.0f));
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    const State state = test::runCpu(model, scene.solver, layout, 180);  // 3 s ≈ 8 time constants v_t/g
    const double expected = std::sqrt(2.0 * massOf(model) * 9.81 / (1.2 * 1.2 * 0.04));  // m/s
    const double speed = -test::meanVelocity(state).y;
    std::printf("falling soft cube (%s, %s): %.4f m/s, drag law %.4f m/s\n", solverModeName(GetParam()),
                integratorName(integrator), speed, expected);
    EXPECT_NEAR(speed, expected, 0.05 * expected) << integratorName(integrator);
  }
}

// In a side wind with no gravity, the cube starts moving with the drag of one face: k = ½ ρ C_n A, and
// m dv/dt = k (u₀ − v)² gives v(t) = u₀ − 1 / (1/u₀ + k t / m). A two-sided formula would count the
// leeward face too (twice the force: the faces push the same way); the side faces (C_t, C_l = 0) add
// nothing. Mean velocity after 0.5 s.
TEST_P(SoftWind, AClosedSurfacesOppositeFacesDoNotCancelOrAddUp) {
  const SceneDesc scene =
      test::softCubeInWind(GetParam(), 100.0f, 1.0f, 0.0f, R"({"velocity": [5, 0, 0], "density": 1.2})",
                           R"({"normal_drag": 1.2, "tangential_drag": 0, "lift": 0})");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const State state = test::runCpu(model, scene.solver, layout, 30);
  const double m = massOf(model), k = 0.5 * 1.2 * 1.2 * 0.04, u0 = 5.0, t = 0.5;
  const double expected = u0 - 1.0 / (1.0 / u0 + k * t / m);  // m/s
  const glm::dvec3 v = test::meanVelocity(state);
  std::printf("soft cube in a 5 m/s side wind (%s): %.5f m/s after 0.5 s, one face's drag %.5f m/s\n",
              solverModeName(GetParam()), v.x, expected);
  EXPECT_NEAR(v.x, expected, 0.02 * expected);
  EXPECT_LT(std::abs(v.y) + std::abs(v.z), 1e-3 * expected);  // symmetric: no sideways force
}

INSTANTIATE_TEST_SUITE_P(Modes, SoftWind, ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& p) { return std::string(solverModeName(p.param)); });

// The key: defaults as for cloths, each coefficient settable; a bad value names the field (exit code 3).
TEST(SoftWindScene, AerodynamicsKeyDefaultsAndErrors) {
  const SceneDesc plain = test::softCubeInWind(SolverMode::GaussSeidel, 100.0f, 1.0f, 0.0f, "{}", "{}");
  EXPECT_EQ(plain.softBodies.at(0).aero, kClothAerodynamics);
  const SceneDesc set = test::softCubeInWind(SolverMode::GaussSeidel, 100.0f, 1.0f, 0.0f, "{}",
                                             R"({"normal_drag": 0.8, "lift": 0})");
  EXPECT_EQ(set.softBodies.at(0).aero, glm::vec3(0.8f, kClothAerodynamics.y, 0.0f));
  EXPECT_EQ(buildModel(set).surfaces.at(0).aero, glm::vec3(0.8f, kClothAerodynamics.y, 0.0f));
  try {
    test::softCubeInWind(SolverMode::GaussSeidel, 100.0f, 1.0f, 0.0f, "{}", R"({"normal_drag": -1})");
    ADD_FAILURE() << "a negative drag coefficient was accepted";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("soft_bodies[0].aerodynamics.normal_drag"), std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace vkxpbd
