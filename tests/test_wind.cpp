// Wind and aerodynamics in the CPU reference (shared/aero_math.h, docs/wind.md): exact zero force in
// still air at rest, the drag law's terminal speed of a falling plate, a flag's stable mean angle in a
// steady wind, in both solver modes.
#include <cmath>
#include <cstdio>

#include <gtest/gtest.h>

#include "shared/aero_math.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/solver_schedule.h"
#include "wind_scenes.h"

namespace vkxpbd {
namespace {

using glm::vec3;
using glm::vec4;

const SolverMode kModes[] = {SolverMode::GaussSeidel, SolverMode::Jacobi};

TEST(Wind, StillAirOnATriangleAtRestGivesExactlyZero) {
  const vec4 coeff(1.2f, 0.02f, 0.2f, 0.0f);
  const vec3 f =
      gpu::aeroTriangleForce(vec3(0.3f, 0.0f, 0.1f), vec3(0.0f, 0.2f, 0.4f), vec3(0.0f), coeff, 1.2f);
  EXPECT_EQ(f, vec3(0.0f));
  // And the whole solver: a weightless cloth at rest in still air ends every frame bitwise where the
  // same cloth without wind does (the aero passes add exactly nothing), in both modes.
  for (SolverMode mode : kModes) {
    SceneDesc scene = test::fallingPlate(mode);
    scene.solver.gravity = vec3(0.0f);
    SceneDesc noWind = scene;
    noWind.wind.enabled = false;
    const Model model = buildModel(scene), modelNoWind = buildModel(noWind);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    const SolverLayout layoutNoWind = buildSolverLayout(modelNoWind, noWind.solver);
    EXPECT_EQ(buildFrameSchedule(model, scene.solver, layout, false).passCount(PassId::AeroForces),
              scene.solver.substeps);
    EXPECT_EQ(
        buildFrameSchedule(modelNoWind, noWind.solver, layoutNoWind, false).passCount(PassId::AeroForces),
        0u);
    CpuSolver cpu(model, scene.solver, layout), cpuNoWind(modelNoWind, noWind.solver, layoutNoWind);
    State state = makeInitialState(model), stateNoWind = makeInitialState(modelNoWind);
    for (int frame = 0; frame < 10; ++frame) {
      cpu.stepFrame(state);
      cpuNoWind.stepFrame(stateNoWind);
    }
    for (uint32_t i = 0; i < model.particleCount(); ++i) {
      EXPECT_EQ(state.velocities[i], stateNoWind.velocities[i]) << i;
      EXPECT_EQ(state.positions[i], stateNoWind.positions[i]) << i;
    }
  }
}

TEST(Wind, DragLawOnOneTriangle) {
  // A triangle of area 0.5 m² in the x–z plane (normal ±y), air rising through it at 2 m/s: the normal
  // drag is ½ρ C_n A |u|² = 0.5 · 1.2 · 1.2 · 0.5 · 4 = 1.44 N, up; the tangential part of u is zero.
  const vec3 f = gpu::aeroTriangleForce(vec3(1.0f, 0.0f, 0.0f), vec3(0.0f, 0.0f, 1.0f),
                                        vec3(0.0f, 2.0f, 0.0f), vec4(1.2f, 0.5f, 0.7f, 0.0f), 1.2f);
  EXPECT_NEAR(f.y, 1.44f, 1e-5f);
  EXPECT_NEAR(f.x, 0.0f, 1e-6f);
  EXPECT_NEAR(f.z, 0.0f, 1e-6f);
  // Air along the plane: only the tangential drag ½ρ C_t A |u|² = 0.5 · 1.2 · 0.5 · 0.5 · 4 = 0.6 N.
  const vec3 t = gpu::aeroTriangleForce(vec3(1.0f, 0.0f, 0.0f), vec3(0.0f, 0.0f, 1.0f),
                                        vec3(2.0f, 0.0f, 0.0f), vec4(1.2f, 0.5f, 0.7f, 0.0f), 1.2f);
  EXPECT_NEAR(t.x, 0.6f, 1e-5f);
  EXPECT_EQ(t.y, 0.0f);
  // At 45°, the lift ½ρ C_l A |u|² sin θ cos θ is perpendicular to u.
  const vec3 u(1.0f, 1.0f, 0.0f);
  const vec3 l = gpu::aeroTriangleForce(vec3(1.0f, 0.0f, 0.0f), vec3(0.0f, 0.0f, 1.0f), u,
                                        vec4(0.0f, 0.0f, 1.0f, 0.0f), 1.2f);
  EXPECT_NEAR(glm::dot(l, u), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(l), 0.5f * 1.2f * 0.5f * 2.0f * 0.5f, 1e-5f);
}

TEST(Wind, GustsAreAFunctionOfTimeAndPlaceOnlyAndBounded) {
  gpu::WindField wind{vec4(5.0f, 0.0f, 0.0f, 1.2f), vec4(2.0f, 0.5f, 4.0f, 3.0f)};
  const vec3 a = gpu::windVelocityAt(wind, vec3(0.1f, 1.0f, 0.3f), 1.25f);
  EXPECT_EQ(a, gpu::windVelocityAt(wind, vec3(0.1f, 1.0f, 0.3f), 1.25f));
  double largest = 0.0, sum = 0.0;
  for (int k = 0; k < 2000; ++k) {
    const float s = static_cast<float>(k);
    const vec3 g =
        gpu::windVelocityAt(wind, vec3(0.01f * s, 1.0f, 0.0f), 0.013f * s) - vec3(5.0f, 0.0f, 0.0f);
    largest = std::max(largest, double(glm::length(g)));
    sum += glm::length(g);
  }
  EXPECT_LE(largest, 2.0 + 1e-5);  // |g| ≤ amplitude
  EXPECT_GT(sum / 2000.0, 0.3);    // and the gusts are there
  wind.gust.x = 0.0f;
  EXPECT_EQ(gpu::windVelocityAt(wind, vec3(3.0f), 7.0f), vec3(5.0f, 0.0f, 0.0f));
}

// m g = ½ ρ C_n A v_t²: 0.1 kg · 9.81 m/s² = 0.5 · 1.2 kg/m³ · 1.2 · 1 m² · v_t², v_t = 1.167 m/s.
TEST(Wind, FallingPlateReachesTheDragLawsTerminalSpeed) {
  for (SolverMode mode : kModes) {
    const SceneDesc scene = test::fallingPlate(mode);
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver cpu(model, scene.solver, layout);
    State state = makeInitialState(model);
    double mass = 0.0;
    for (const vec4& x : model.restPositions) mass += 1.0 / x.w;
    const double expected = std::sqrt(2.0 * mass * 9.81 / (1.2 * 1.2 * 1.0));  // m/s
    for (int f = 0; f < 120; ++f) cpu.stepFrame(state);  // 2 s ≈ 17 time constants v_t/g
    double vy = 0.0;
    for (const vec4& v : state.velocities) vy += v.y;
    vy /= double(state.velocities.size());
    std::printf("falling plate (%s): %.4f m/s, drag law %.4f m/s\n", solverModeName(mode), -vy, expected);
    EXPECT_NEAR(-vy, expected, 0.05 * expected) << solverModeName(mode);
    // Without the wind's drag it would fall at g·t = 19.6 m/s.
  }
}

TEST(Wind, FlagInSteadyWindSettlesAtAStableMeanAngle) {
  for (SolverMode mode : kModes) {
    const SceneDesc scene = test::windFlag(mode, 8.0f);
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver cpu(model, scene.solver, layout);
    State state = makeInitialState(model);
    auto meanOver = [&](int frames) {
      double sum = 0.0;
      for (int f = 0; f < frames; ++f) {
        cpu.stepFrame(state);
        sum += test::flagDroopDegrees(state.positions);
      }
      return sum / frames;
    };
    meanOver(120);  // 2 s to settle
    const double first = meanOver(60), second = meanOver(60);
    std::printf("flag droop (%s): %.2f deg over 2-3 s, %.2f deg over 3-4 s\n", solverModeName(mode), first,
                second);
    // Weight against the normal drag of a rigid plate at droop θ: m g cos θ = ½ρ C_n A u² sin θ gives
    // θ = 1.2° (0.06 kg, 0.6 m², 8 m/s); a cloth that stretches droops more; hanging in still air it
    // would be far steeper. Measured (CPU reference, 4 iterations): 0.42° Gauss-Seidel, 5.1° Jacobi.
    EXPECT_GT(first, 0.0) << solverModeName(mode);
    EXPECT_LT(first, 10.0) << solverModeName(mode);
    EXPECT_NEAR(second, first, 0.5) << solverModeName(mode);
    for (const vec4& x : state.positions) ASSERT_TRUE(std::isfinite(x.x + x.y + x.z));
  }
}

}  // namespace
}  // namespace vkxpbd
