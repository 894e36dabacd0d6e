// Analytic checks of the solver's physics on the CPU reference (the GPU is checked against it in
// test_gpu_solver.cpp): free fall, pendulum period, static extension of a compliant constraint, and
// PBD's iteration-count dependence that XPBD removes.
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"
#include "test_models.h"

namespace vkxpbd {
namespace {

using test::pendulum;
using test::settings;

constexpr float kG = 9.81f;  // m/s²

// Runs `frames` frames and returns the final state.
State simulate(const Model& model, const SolverSettings& s, uint32_t frames) {
  SolverLayout layout = buildSolverLayout(model, s);
  CpuSolver solver(model, s, layout);
  State state = makeInitialState(model);
  for (uint32_t f = 0; f < frames; ++f) solver.stepFrame(state);
  return state;
}

// y(t) = y0 − ½ g t². Symplectic Euler with N substeps in t has relative error 1/N.
TEST(CpuPhysics, FreeFallFollowsHalfGTSquared) {
  const Model model = test::singleParticle({0.0f, 10.0f, 0.0f}, 1.0f);
  const SolverSettings s = settings(SolverMode::GaussSeidel, 10, 1);
  const State state = simulate(model, s, 60);  // 1 s, 600 substeps
  const double t = 1.0;
  const double expectedDrop = 0.5 * kG * t * t;
  const double drop = 10.0 - state.positions[0].y;
  EXPECT_NEAR(drop, expectedDrop, expectedDrop * (1.0 / 600.0 + 1e-4));
  EXPECT_NEAR(state.velocities[0].y, -kG * t, 1e-3);
  EXPECT_FLOAT_EQ(state.positions[0].x, 0.0f);
}

// Zero crossings of x(t) of a small-amplitude pendulum give its period; expected 2π√(L/g).
TEST(CpuPhysics, PendulumPeriodWithinOnePercent) {
  const float length = 1.0f;  // m
  const Model model = pendulum(length, 0.05f, 1.0f, 0.0f);
  const SolverSettings s = settings(SolverMode::GaussSeidel, 20, 1);
  SolverLayout layout = buildSolverLayout(model, s);
  CpuSolver solver(model, s, layout);
  State state = makeInitialState(model);

  const double dtFrame = s.frameDt;
  std::vector<double> crossings;  // times (s) x changes sign from + to −
  double previousX = state.positions[1].x;
  for (uint32_t f = 1; f <= 60 * 12; ++f) {
    solver.stepFrame(state);
    double x = state.positions[1].x;
    if (previousX > 0.0 && x <= 0.0) crossings.push_back(dtFrame * (f - 1 + previousX / (previousX - x)));
    previousX = x;
  }
  ASSERT_GE(crossings.size(), 4u);
  const double measured = (crossings.back() - crossings.front()) / static_cast<double>(crossings.size() - 1);
  const double expected = 2.0 * M_PI * std::sqrt(length / kG);
  EXPECT_NEAR(measured, expected, 0.01 * expected)
      << "period " << measured << " s, expected " << expected << " s";
  // The rod stays rigid (zero compliance).
  EXPECT_NEAR(glm::length(glm::vec3(state.positions[1])), length, 1e-4);
}

// A mass m hanging from a constraint of compliance α settles at extension m·g·α, and the force
// λ/Δt² equals the weight, whatever the iteration count.
TEST(CpuPhysics, XpbdStaticExtensionIsMgAlphaAtAnyIterationCount) {
  const float mass = 0.1f;                         // kg
  const float compliance = 1e-3f;                  // m/N
  const float length = 0.5f;                       // m
  const double expected = mass * kG * compliance;  // 0.981 mm
  for (uint32_t iterations : {1u, 10u, 100u}) {
    const Model model = pendulum(length, 0.0f, mass, compliance);
    SolverSettings s = settings(SolverMode::GaussSeidel, 10, iterations);
    s.damping = 5.0f;  // 1/s, to settle within the run; no effect at rest
    SolverLayout layout = buildSolverLayout(model, s);
    CpuSolver solver(model, s, layout);
    State state = makeInitialState(model);
    for (int f = 0; f < 60 * 6; ++f) solver.stepFrame(state);
    const double extension = -state.positions[1].y - length;
    EXPECT_NEAR(extension, expected, 0.01 * expected) << iterations << " iterations";
    const double dt = s.substepDt();
    const double force = std::abs(solver.lambdas()[0]) / (dt * dt);  // N
    EXPECT_NEAR(force, mass * kG, 0.01 * mass * kG) << iterations << " iterations";
  }
}

// PBD with stiffness k < 1 gives an extension that depends on the iteration count (here by > 10×).
TEST(CpuPhysics, PbdExtensionChangesWithIterationCount) {
  const float mass = 0.1f, length = 0.5f, stiffness = 0.5f;
  std::vector<double> extensions;
  for (uint32_t iterations : {1u, 10u}) {
    const Model model = pendulum(length, 0.0f, mass, 0.0f, stiffness);
    SolverSettings s = settings(SolverMode::GaussSeidel, 10, iterations);
    s.constraintModel = ConstraintModel::Pbd;
    s.damping = 5.0f;
    const State state = simulate(model, s, 60 * 6);
    extensions.push_back(-state.positions[1].y - length);
  }
  // Steady state of PBD: C = g·Δt²·(1−k)^n / (1 − (1−k)^n) per substep.
  const double dt = (1.0 / 60.0) / 10.0;
  EXPECT_NEAR(extensions[0], kG * dt * dt * 1.0, 0.02 * kG * dt * dt);
  EXPECT_GT(extensions[0], 10.0 * extensions[1]);
}

// Jacobi mode solves the same single constraint to the same rest state.
TEST(CpuPhysics, JacobiMatchesStaticExtension) {
  const float mass = 0.1f, compliance = 1e-3f, length = 0.5f;
  const Model model = pendulum(length, 0.0f, mass, compliance);
  SolverSettings s = settings(SolverMode::Jacobi, 10, 4);
  s.damping = 5.0f;
  const State state = simulate(model, s, 60 * 6);
  const double expected = mass * kG * compliance;
  EXPECT_NEAR(-state.positions[1].y - length, expected, 0.01 * expected);
}

// A particle dropped on the ground plane rests at the collision thickness.
TEST(CpuPhysics, GroundPlaneStopsParticle) {
  Model model = test::singleParticle({0.0f, 0.5f, 0.0f}, 1.0f);
  model.colliders.push_back(planeCollider({0.0f, 1.0f, 0.0f}, 0.0f));
  model.thickness = 0.01f;
  const State state = simulate(model, settings(SolverMode::GaussSeidel, 10, 1), 120);
  EXPECT_NEAR(state.positions[0].y, 0.01f, 1e-5f);
  EXPECT_NEAR(state.velocities[0].y, 0.0f, 1e-3f);
}

// A particle dropped on a sphere ends outside it (radius + thickness).
TEST(CpuPhysics, SphereKeepsParticleOutside) {
  Model model = test::singleParticle({0.05f, 2.0f, 0.0f}, 1.0f);
  model.colliders.push_back(sphereCollider({0.0f, 1.0f, 0.0f}, 0.5f));
  model.thickness = 0.01f;
  SolverLayout layout = buildSolverLayout(model, settings(SolverMode::GaussSeidel, 10, 1));
  CpuSolver solver(model, settings(SolverMode::GaussSeidel, 10, 1), layout);
  State state = makeInitialState(model);
  for (int f = 0; f < 120; ++f) {
    solver.stepFrame(state);
    EXPECT_GE(glm::length(glm::vec3(state.positions[0]) - glm::vec3(0, 1, 0)), 0.51f - 1e-5f);
  }
}

}  // namespace
}  // namespace vkxpbd

namespace vkxpbd {
namespace {

// The NaN check that `vkxpbd run` applies to every read-back names the first bad particle.
TEST(Diagnostics, FindNonFiniteNamesTheParticle) {
  State state;
  state.positions.assign(5, glm::vec4(0.0f, 1.0f, 0.0f, 1.0f));
  state.velocities.assign(5, glm::vec4(0.0f));
  EXPECT_FALSE(findNonFinite(state).has_value());
  state.velocities[3].y = std::numeric_limits<float>::infinity();
  EXPECT_EQ(findNonFinite(state), 3u);
  state.positions[1].x = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(findNonFinite(state), 1u);
}

// Strain statistics of a stretched chain: one edge 10% long, one 30%, one exact.
TEST(Diagnostics, StrainStatistics) {
  Model model;
  for (float x : {0.0f, 1.1f, 2.4f, 3.4f}) model.restPositions.push_back(glm::vec4(x, 0.0f, 0.0f, 1.0f));
  for (uint32_t i = 0; i < 3; ++i)
    model.distance.push_back(DistanceConstraint{i, i + 1, 1.0f, 0.0f, 1.0f, 0});
  const StrainStats s = measureStrain(model, model.restPositions);
  EXPECT_EQ(s.constraints, 3u);
  EXPECT_NEAR(s.maxStrain, 0.3, 1e-6);
  EXPECT_NEAR(s.medianStrain, 0.1, 1e-6);
  EXPECT_NEAR(s.maxViolation, 0.3, 1e-6);
}

}  // namespace
}  // namespace vkxpbd

#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"

namespace vkxpbd {
namespace {

// The standard cloth at 64×64 (pinned at two corners), with or without tethers.
SceneDesc standardCloth(bool tethers) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).tethers = tethers;
  return scene;
}

// Every moving particle gets one tether to its nearest pin, at the rest distance.
TEST(Tethers, BuilderAnchorsEveryMovingParticleToItsNearestPin) {
  const Model model = buildModel(standardCloth(true));
  ASSERT_EQ(model.tethers.size(), model.particleCount() - model.pins.size());
  for (const Tether& t : model.tethers) {
    EXPECT_GT(model.restPositions[t.particle].w, 0.0f);
    EXPECT_EQ(model.restPositions[t.anchor].w, 0.0f);
    const glm::vec3 x(model.restPositions[t.particle]);
    EXPECT_FLOAT_EQ(t.maxLength, glm::length(x - glm::vec3(model.restPositions[t.anchor])));
    for (const Pin& p : model.pins) EXPECT_LE(t.maxLength, glm::length(x - glm::vec3(p.target)) + 1e-6f);
  }
  EXPECT_TRUE(buildModel(standardCloth(false)).tethers.empty());
}

// Tethers bound every particle's distance to its pin, and cut the stretch near the pins that ten
// single-iteration substeps cannot remove (docs/benchmarks.md).
TEST(Tethers, BoundDistanceToPinsAndReduceStretch) {
  double maxStrain[2] = {0.0, 0.0};
  for (int withTethers = 0; withTethers < 2; ++withTethers) {
    const SceneDesc scene = standardCloth(withTethers == 1);
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver solver(model, scene.solver, layout);
    State state = makeInitialState(model);
    for (int f = 0; f < 120; ++f) solver.stepFrame(state);
    for (const Tether& t : model.tethers) {
      const float d =
          glm::length(glm::vec3(state.positions[t.particle]) - glm::vec3(state.positions[t.anchor]));
      EXPECT_LE(d, t.maxLength * (1.0f + 1e-5f));
    }
    maxStrain[withTethers] = measureStrain(model, state.positions, ConstraintKind::Stretch).maxStrain;
  }
  // Measured at 64², 330 frames: 90% without, 13.7% with (docs/benchmarks.md).
  EXPECT_LT(maxStrain[1], 0.5 * maxStrain[0])
      << "max edge stretch without " << maxStrain[0] << ", with " << maxStrain[1];
}

}  // namespace
}  // namespace vkxpbd
