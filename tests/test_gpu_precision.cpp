// The split positions on the GPU (shared/position_math.h): the test cloth (every pass: colours, Jacobi
// tail, moving pin, sphere and ground) moved 1 km from the origin agrees with the CPU reference, and
// its motion relative to its own rest state is the motion of the cloth at the origin.
#include <gtest/gtest.h>
#include <cmath>
#include <cstdio>

#include "far_scenes.h"
#include "gpu/gpu_solver.h"
#include "gpu_cpu_run.h"
#include "gpu_test_fixture.h"
#include "scene/builtin_scenes.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {
namespace {

class GpuPrecision : public test::GpuTest {};

// A 16×16 cloth with a moving pin above a sphere and the ground, translated by `offset` (m), 50 substeps.
SceneDesc translatedCloth(glm::vec3 offset, SolverMode mode) {
  SceneDesc scene = builtinScene("standard_cloth");
  ClothDesc& cloth = scene.cloths.at(0);
  cloth.resolution = {17, 17};  // a spacing of 1/16 m: at 1024 m every rest position is still exact
  cloth.center += offset;
  // Slightly compliant: the rigid cloth is chaotic next to its pins (docs/benchmarks.md), so the
  // rounding of its rest positions at 1 km (6e-5 m) would decide where it ends up.
  cloth.complianceStretch = 1e-4f;
  cloth.complianceShear = 1e-4f;
  cloth.complianceBend = 1e-3f;
  cloth.pins.at(1).motion = PinMotionDesc{VKXPBD_MOTION_LINEAR, {0.1f, 0.0f, 0.05f}, 0.0f};
  scene.colliders.push_back(sphereCollider(glm::vec3(0.25f, 0.5f, 0.375f) + offset, 0.25f));
  scene.colliders.push_back(planeCollider({0.0f, 1.0f, 0.0f}, offset.y));
  scene.solver.mode = mode;
  scene.solver.substeps = 50;
  scene.solver.damping = 2.0f;            // 1/s: a contracting motion, so rounding differences do not grow
  scene.solver.colouring.maxColours = 3;  // colours and a Jacobi tail
  return scene;
}

// Largest distance between the two runs' motions (m): x − x_rest of every particle.
double motionDifference(const Model& a, const State& sa, const Model& b, const State& sb) {
  double d = 0.0;
  for (size_t i = 0; i < sa.positions.size(); ++i) {
    const glm::dvec3 ma =
        glm::dvec3(sa.positions[i]) + glm::dvec3(sa.positionsLow[i]) - glm::dvec3(a.restPositions[i]);
    const glm::dvec3 mb =
        glm::dvec3(sb.positions[i]) + glm::dvec3(sb.positionsLow[i]) - glm::dvec3(b.restPositions[i]);
    d = std::max(d, glm::length(ma - mb));
  }
  return d;
}

// Distance between the two runs' mean displacements x − x_rest (m).
double centreDifference(const Model& a, const State& sa, const Model& b, const State& sb) {
  glm::dvec3 d(0.0);
  for (size_t i = 0; i < sa.positions.size(); ++i)
    d += (glm::dvec3(sa.positions[i]) + glm::dvec3(sa.positionsLow[i]) - glm::dvec3(a.restPositions[i])) -
         (glm::dvec3(sb.positions[i]) + glm::dvec3(sb.positionsLow[i]) - glm::dvec3(b.restPositions[i]));
  return glm::length(d) / static_cast<double>(sa.positions.size());
}

TEST_F(GpuPrecision, ClothOneKilometreAwayMovesAsAtTheOriginAndAgreesWithTheCpu) {
  const glm::vec3 far(1024.0f, 1024.0f, -1024.0f);  // m
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    State results[2];
    Model models[2];
    for (int k = 0; k < 2; ++k) {
      const SceneDesc scene = translatedCloth(k == 0 ? glm::vec3(0.0f) : far, mode);
      models[k] = buildModel(scene);
      const SolverLayout layout = buildSolverLayout(models[k], scene.solver);
      GpuSolver gpu(*ctx, models[k], scene.solver, layout);
      gpu.simulate(40);
      results[k] = gpu.download();
      if (k == 1) {
        CpuSolver cpu(models[k], scene.solver, layout);
        State expected = makeInitialState(models[k]);
        for (int f = 0; f < 40; ++f) cpu.stepFrame(expected);
        // m per particle; H200: 1.6e-4 (gs), 2.6e-5 (jacobi)
        EXPECT_LT(motionDifference(models[k], results[k], models[k], expected), gpuCpuBound(1e-5, 1e-3))
            << solverModeName(mode);
      }
    }
    // Not bitwise: the two parts round differently at 1 km. With one float per coordinate the moving
    // pin alone was quantised to 6e-5 m per substep.
    const double centre = centreDifference(models[0], results[0], models[1], results[1]);
    const double worst = motionDifference(models[0], results[0], models[1], results[1]);
    std::printf("%s: 1 km against the origin after 40 frames: centre %.3g m, worst particle %.3g m\n",
                solverModeName(mode), centre, worst);
    // The cloth lands on the sphere with friction, where contacts switch on and off, so the two runs'
    // last-bit differences grow. Measured (lavapipe) in gs mode, whose 3 colours leave a Jacobi tail:
    // the worst particle (next to the pins, where the rigid-ish cloth is most sensitive) 7.6e-7 m after
    // 10 frames, 1.1e-4 after 20, 4.3e-4 after 30, 5.8e-3 after 40; the centre 2.5e-5 m after 40 (0.8 mm
    // and below 1e-5 m before the tail took split masses, docs/convergence.md); Jacobi 1.2e-5 and 1.3e-7 m.
    // The centre moves about 0.3 m, so it agrees to 1e-4 of its motion.
    EXPECT_LT(centre, mode == SolverMode::GaussSeidel ? 1e-4 : 1e-5) << solverModeName(mode);
    EXPECT_LT(worst, mode == SolverMode::GaussSeidel ? 2e-2 : 2e-3) << solverModeName(mode);
  }
}

// Moving and attached pins on the GPU (Pin::targetLow, colliderDisplacement): a 32² cloth of 0.5 m
// hanging from a swinging pin and a pin riding a moving, turning box (test::swingingPinsCloth: both pins'
// rest positions have low parts 1 km away), with the hierarchy, 1 km from the origin: the GPU agrees with
// the CPU reference and moves as the same cloth at the origin (PrecisionRest.MovingAndAttachedPins… on the
// CPU). Both modes, 8 frames; measured on lavapipe: 0 m from the CPU, 1.3e-7 / 1.0e-7 m from the origin's
// run (gs / jacobi). With the predict pass dropping the pins' low part: 5.4e-4 m.
TEST_F(GpuPrecision, MovingAndAttachedPinsOneKilometreAwayAgreeWithTheCpuAndTheOrigin) {
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    State gpuStates[2];
    double cpuApart = 0.0;  // GPU against CPU 1 km away (m)
    for (int k = 0; k < 2; ++k) {
      const glm::dvec3 offset = k == 0 ? glm::dvec3(0.0) : test::kFar;
      SceneDesc scene = parseScene(test::swingingPinsCloth(offset, 32), "pins.json");
      scene.solver.mode = mode;
      const Model model = buildModel(scene);
      const test::GpuCpuStates run =
          test::runGpuAndCpu(*ctx, model, scene.solver, buildSolverLayout(model, scene.solver), 8);
      gpuStates[k] = run.gpu;
      if (k == 1) cpuApart = test::largestDistance(run.gpu, run.cpu);
    }
    // The GPU's run 1 km away against its run at the origin, less the offset (m).
    const double originApart = test::largestDistance(gpuStates[1], gpuStates[0], test::kFar);
    std::printf("%s: 1 km away the GPU is %.2e m from the CPU and %.2e m from its run at the origin\n",
                solverModeName(mode), cpuApart, originApart);
    EXPECT_LT(cpuApart, 1e-6) << solverModeName(mode);
    EXPECT_LT(originApart, 1e-6) << solverModeName(mode);
  }
}

// The plane's offset seen from a particle (planeOffsetRelativeTo: Dekker's exact products and TwoSum,
// `precise` in GLSL) is rounded the same way on the GPU as on the CPU: a sheet landing on a 20° plane 1 km
// away along it and 1 km in z, sliding (μ = 0.3 < tan 20°), gives the CPU's positions bit for bit, both
// parts, in both modes. Rounded naively the offset was off by up to ~6e-5 m there
// (Precision.PlaneOffsetSeenFromAFarPointIsRoundedOnce).
TEST_F(GpuPrecision, SheetOnAFarInclinedPlaneAgreesBitwiseWithTheCpu) {
  const double theta = glm::radians(20.0), far = 1000.0, up = 0.02;  // m: 1 cm above the thickness
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"thickness": 0.01, "cloths": [{"size": [0.2, 0.2],
    "resolution": [6, 6], "center": [%.9g, %.9g, %.9g], "rotation": [0, 0, 20]}],
    "colliders": [{"type": "plane", "normal": [%.9g, %.9g, 0], "offset": 0,
                   "friction": {"static": 0.3, "kinetic": 0.3}}]})",
                -std::sin(theta) * up + std::cos(theta) * far, std::cos(theta) * up + std::sin(theta) * far,
                far, -std::sin(theta), std::cos(theta));
  for (SolverMode mode : {SolverMode::GaussSeidel, SolverMode::Jacobi}) {
    SceneDesc scene = parseScene(json, "far_plane.json");
    scene.solver.mode = mode;
    const Model model = buildModel(scene);
    const test::GpuCpuStates run =
        test::runGpuAndCpu(*ctx, model, scene.solver, buildSolverLayout(model, scene.solver), 30);
    size_t differing = 0;
    for (size_t i = 0; i < run.cpu.positions.size(); ++i)
      for (int k = 0; k < 3; ++k)
        differing += (run.gpu.positions[i][k] != run.cpu.positions[i][k]) +
                     (run.gpu.positionsLow[i][k] != run.cpu.positionsLow[i][k]);
    const double slid = glm::length(glm::dvec3(glm::vec3(run.cpu.positions[0])) -
                                    glm::dvec3(glm::vec3(model.restPositions[0])));
    std::printf("%s: %zu of %zu coordinates differ after 30 frames (moved %.3f m)\n", solverModeName(mode),
                differing, 6 * run.cpu.positions.size(), slid);
    EXPECT_EQ(differing, 0u) << solverModeName(mode);
    EXPECT_GT(slid, 0.05) << solverModeName(mode);  // it landed and slid
  }
}

}  // namespace
}  // namespace vkxpbd
