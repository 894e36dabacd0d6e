// Attachments on the GPU (docs/attachments.md), against the CPU reference: pins following a moving,
// spinning collider stay within 10 µm of where it carries them, stitched sheets, a pin made at run time
// with only the particle's inverse mass and velocity written, and bitwise reruns. Validation is on
// (gpu_test_fixture.h).
#include <cstdio>
#include <cstring>

#include <gtest/gtest.h>

#include "attach_scenes.h"
#include "bitwise_state.h"
#include "gpu/gpu_solver.h"
#include "gpu_cpu_run.h"
#include "gpu_test_fixture.h"
#include "param_print.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/runtime_pins.h"

namespace vkxpbd {
namespace {

double maxDistance(const std::vector<glm::vec4>& a, const std::vector<glm::vec4>& b) {
  double d = 0.0;
  for (size_t i = 0; i < a.size(); ++i) d = std::max(d, double(glm::length(glm::vec3(a[i] - b[i]))));
  return d;
}

class GpuAttach : public test::GpuTest, public ::testing::WithParamInterface<SolverMode> {};

TEST_P(GpuAttach, PinsFollowTheColliderAndTheGpuMatchesTheCpu) {
  const SceneDesc scene = test::attachedClothScene(GetParam());
  test::Lockstep run(*ctx, scene);
  const Model& model = run.model;
  const State& cpuState = run.cpuState;
  double worst = 0.0;
  for (uint32_t f = 1; f <= 60; ++f) {
    run.step(1);
    if (f % 15 != 0) continue;
    const State g = run.gpu.download();
    worst = std::max(worst,
                     test::attachedPinError(model, combinedPositions(g), f * double(scene.solver.frameDt)));
    const double apart = maxDistance(combinedPositions(g), combinedPositions(cpuState));  // m
    // The GPU's sin and cos differ from the CPU's in the last bit and the stiff cloth amplifies that:
    // measured (Gauss-Seidel) 3.4e-7 m at frame 15, 6.5e-7 at 30, 1.7e-6 at 45, 9.2e-6 at 60; Jacobi at
    // most 4.9e-7.
    EXPECT_LT(apart, f <= 30 ? 1e-5 : 1e-4) << "m at frame " << f;
  }
  EXPECT_LT(worst, 1e-5) << "m";
  const State g = run.gpu.download();
  std::printf(
      "attached pins on the GPU, %s: pins within %.3g m of the collider-carried position, GPU - CPU %.3g m\n",
      solverModeName(GetParam()), worst, maxDistance(combinedPositions(g), combinedPositions(cpuState)));
  // H200: 1.8e-3 m/s (gs).
  EXPECT_LT(maxDistance(g.velocities, cpuState.velocities), gpuCpuBound(1e-3, 1e-2)) << "m/s";
}

TEST_P(GpuAttach, StitchedSheetsCloseTheGapAndMatchTheCpu) {
  const SceneDesc scene = test::stitchedSheetsScene(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver cpu(model, scene.solver, layout);
  State cpuState = makeInitialState(model);
  for (uint32_t f = 0; f < 60; ++f) cpu.stepFrame(cpuState);
  GpuSolver gpu(*ctx, model, scene.solver, layout);
  gpu.upload(makeInitialState(model));
  gpu.simulate(60);
  const State g = gpu.download();
  EXPECT_LT(test::longestStitch(model, combinedPositions(g)), 1e-3) << "m after 1 s";
  EXPECT_LT(maxDistance(combinedPositions(g), combinedPositions(cpuState)), 1e-5) << "m";
  std::printf("stitches on the GPU, %s: longest stitch after 1 s %.3g m, GPU - CPU %.3g m\n",
              solverModeName(GetParam()), test::longestStitch(model, combinedPositions(g)),
              maxDistance(combinedPositions(g), combinedPositions(cpuState)));
}

// Pinned at frame 10 through 20 bytes written to the GPU, held for 20 frames, then released; the CPU
// reference does the same in its state.
TEST_P(GpuAttach, RuntimePinMatchesTheCpuAndHoldsItsParticle) {
  test::Lockstep run(*ctx, test::attachedClothScene(GetParam()));
  const uint32_t particle = 0;
  run.step(10);
  pinInState(run.cpuState, particle);
  run.gpu.setParticleInverseMass(particle, 0.0f);
  const glm::vec4 held = combinedPositions(run.gpu.download())[particle];
  run.step(20);
  State g = run.gpu.download();
  EXPECT_EQ(combinedPositions(g)[particle], held);
  EXPECT_LT(maxDistance(combinedPositions(g), combinedPositions(run.cpuState)), 1e-5) << "m";
  unpinInState(run.cpuState, run.model, particle);
  run.gpu.setParticleInverseMass(particle, run.model.restPositions[particle].w);
  run.step(10);
  g = run.gpu.download();
  EXPECT_GT(glm::length(glm::vec3(combinedPositions(g)[particle]) - glm::vec3(held)), 1e-3f);
  EXPECT_LT(maxDistance(combinedPositions(g), combinedPositions(run.cpuState)), 1e-5) << "m";
}

// With the hierarchy on, the coarse solve and the prolongation leave a particle pinned in the state where
// it is (coarseEndInvMass, prolongationMoves): held bit for bit for 30 frames, as on the CPU.
TEST_P(GpuAttach, RuntimePinHoldsWithTheHierarchyAndMatchesTheCpu) {
  SceneDesc scene = test::attachedClothWithHierarchy(GetParam());
  // A still capsule: the spinning one amplifies the devices' last-bit differences (sin, cos) through the
  // stiff cloth and its coarse levels to centimetres within 40 frames, pins or not.
  for (Collider& c : scene.colliders) {
    c.linearVelocity = glm::vec4(0.0f);
    c.angularVelocity = glm::vec4(0.0f);
    c.oscillation = glm::vec4(0.0f);
  }
  test::Lockstep run(*ctx, scene);
  ASSERT_GT(run.layout.hierarchy.levelCount(), 0u);
  const uint32_t kept = 0, leftOut = 17 * 4 + 3;  // kept by level 1; prolongated (AttachModes)
  run.step(10);
  for (uint32_t p : {kept, leftOut}) {
    pinInState(run.cpuState, p);
    run.gpu.setParticleInverseMass(p, 0.0f);
  }
  const std::vector<glm::vec4> held = combinedPositions(run.gpu.download());
  run.step(30);
  const State g = run.gpu.download();
  const State& cpuState = run.cpuState;
  const double drift = std::max(glm::length(glm::vec3(combinedPositions(g)[kept] - held[kept])),
                                glm::length(glm::vec3(combinedPositions(g)[leftOut] - held[leftOut])));
  const double apart = maxDistance(combinedPositions(g), combinedPositions(cpuState));
  std::printf(
      "runtime pins with the hierarchy on the GPU, %s: drift %.3g m, GPU - CPU %.3g m (pins %.3g m)\n",
      solverModeName(GetParam()), drift, apart,
      std::max(glm::length(glm::vec3(combinedPositions(g)[kept] - combinedPositions(cpuState)[kept])),
               glm::length(glm::vec3(combinedPositions(g)[leftOut] - combinedPositions(cpuState)[leftOut]))));
  EXPECT_EQ(combinedPositions(g)[kept], held[kept]);
  EXPECT_EQ(combinedPositions(g)[leftOut], held[leftOut]);
  EXPECT_LT(apart, 1e-5) << "m";
}

// Contacts leave stitch partners out on the GPU too (the hash neighbour and triangle neighbour passes
// read the partner table): the stitched half closes, the unstitched half is held at the contact
// distance, and the GPU follows the CPU.
TEST_P(GpuAttach, StitchesWithContactsCloseAndMatchTheCpu) {
  const SceneDesc scene = test::stitchedSheetsWithContacts(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const test::GpuCpuStates s = test::runGpuAndCpu(*ctx, model, scene.solver, layout, 60);
  const double gap = test::longestStitch(model, combinedPositions(s.gpu));
  const double apart = test::closestUnstitchedPair(model, combinedPositions(s.gpu));
  const double diff = test::maxPositionDistance(s.gpu, s.cpu);
  std::printf(
      "stitches with contacts on the GPU, %s: longest stitch %.3g m, closest unstitched pair %.4g m, "
      "GPU - CPU %.3g m\n",
      solverModeName(GetParam()), gap, apart, diff);
  EXPECT_LT(gap, GetParam() == SolverMode::GaussSeidel ? 1e-4 : 7.5e-3) << "m";
  EXPECT_GT(apart, 0.8 * 0.015) << "m";
  EXPECT_LT(apart, 0.02) << "m";
  // Contacts switch on and off at a threshold, so the devices' float differences can grow (as in
  // GpuContacts): measured 1.0e-4 m (Gauss-Seidel), 3.8e-7 m (Jacobi).
  EXPECT_LT(diff, 1e-3) << "m";
}

TEST_P(GpuAttach, RerunsAreBitwiseEqual) {
  const SceneDesc scene = test::attachedClothScene(GetParam());
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  State runs[2];
  for (State& s : runs) {
    GpuSolver gpu(*ctx, model, scene.solver, layout);
    gpu.upload(makeInitialState(model));
    gpu.simulate(30);
    s = gpu.download();
  }
  test::expectBitwiseEqual(runs[0], runs[1]);
}

INSTANTIATE_TEST_SUITE_P(Modes, GpuAttach, ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& p) { return std::string(solverModeName(p.param)); });

}  // namespace
}  // namespace vkxpbd
