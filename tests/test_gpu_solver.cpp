// The GPU solver against the CPU reference, determinism, pass structure and timestamps, all under the
// validation layer with synchronization validation (see gpu_test_fixture.h). Two canary tests prove
// that the layer and sync validation are really on, by provoking one message each.
#include <cstring>

#include <gtest/gtest.h>

#include "bitwise_state.h"
#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "param_print.h"
#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"
#include "test_cloth_scene.h"
#include "test_models.h"
#include "vk/buffer.h"

namespace vkxpbd {
namespace {

// The moving-pin cloth of test_cloth_scene.h, at two iterations.
SceneDesc testCloth(SolverMode mode, uint32_t maxColours) {
  SceneDesc scene = test::movingPinCloth(mode, maxColours);
  scene.solver.iterations = 2;
  return scene;
}

double maxDistance(const std::vector<glm::vec4>& a, const std::vector<glm::vec4>& b) {
  double d = 0.0;
  for (size_t i = 0; i < a.size(); ++i)
    d = std::max(d, static_cast<double>(glm::length(glm::vec3(a[i] - b[i]))));
  return d;
}

class GpuSolverTest : public test::GpuTest {
 protected:
  // Runs `frames` frames on the GPU and returns the state read back.
  State runGpu(const Model& model, const SolverSettings& settings, const SolverLayout& layout,
               uint32_t frames) {
    GpuSolver solver(*ctx, model, settings, layout);
    solver.simulate(frames);
    return solver.download();
  }
};

struct ModeCase {
  SolverMode mode;
  uint32_t maxColours;  // 64: pure colouring; 3 (per kind): colours plus a Jacobi tail
};
void PrintTo(const ModeCase& c, std::ostream* os) {
  *os << solverModeName(c.mode) << ", max " << c.maxColours << " colours";
}

class GpuVsCpu : public GpuSolverTest, public ::testing::WithParamInterface<ModeCase> {};

TEST_P(GpuVsCpu, AgreeAfter100Frames) {
  const SceneDesc scene = testCloth(GetParam().mode, GetParam().maxColours);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  if (GetParam().mode == SolverMode::GaussSeidel && GetParam().maxColours < 64) {
    ASSERT_GT(layout.jacobi.count, 0u);
  }

  CpuSolver cpu(model, scene.solver, layout);
  State cpuState = makeInitialState(model);
  for (int f = 0; f < 100; ++f) cpu.stepFrame(cpuState);
  const State gpuState = runGpu(model, scene.solver, layout, 100);

  EXPECT_EQ(gpuState.frame, 100u);
  ASSERT_FALSE(findNonFinite(gpuState).has_value());
  // Same passes, same order, same math. On an H200 the cloth folding over the sphere for 100 frames
  // took the rounding differences to 5.0e-3 m and 0.40 m/s (gs, 3 colours; 8.6e-5 m in Jacobi mode).
  EXPECT_LT(maxDistance(gpuState.positions, cpuState.positions), gpuCpuBound(1e-5, 2e-2)) << "m";
  EXPECT_LT(maxDistance(gpuState.velocities, cpuState.velocities), gpuCpuBound(1e-3, 2.0)) << "m/s";
  // The first frames agree to rounding on every device: the same algorithm, before the motion amplifies.
  {
    State early = makeInitialState(model);
    for (int f = 0; f < 2; ++f) cpu.stepFrame(early);
    EXPECT_LT(maxDistance(runGpu(model, scene.solver, layout, 2).positions, early.positions), 1e-5) << "m";
  }
  // The cloth really moved (fell onto the sphere), so the comparison is not of two rest states.
  EXPECT_GT(maxDistance(gpuState.positions, model.restPositions), 0.1);
}

INSTANTIATE_TEST_SUITE_P(Modes, GpuVsCpu,
                         ::testing::Values(ModeCase{SolverMode::GaussSeidel, 64},
                                           ModeCase{SolverMode::GaussSeidel, 3},
                                           ModeCase{SolverMode::Jacobi, 64}),
                         [](const auto& param) {
                           return std::string(solverModeName(param.param.mode)) + "_max" +
                                  std::to_string(param.param.maxColours);
                         });

class GpuDeterminism : public GpuSolverTest, public ::testing::WithParamInterface<SolverMode> {};

TEST_P(GpuDeterminism, TwoRunsAreBitwiseIdentical) {
  const SceneDesc scene = testCloth(GetParam(), 8);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const State a = runGpu(model, scene.solver, layout, 60);
  const State b = runGpu(model, scene.solver, layout, 60);
  test::expectBitwiseEqual(a, b);
}

INSTANTIATE_TEST_SUITE_P(Modes, GpuDeterminism,
                         ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& param) { return std::string(solverModeName(param.param)); });

// The XPBD static extension m·g·α on the GPU, and the force λ/Δt² equal to the weight.
TEST_F(GpuSolverTest, StaticExtensionOnGpu) {
  const float mass = 0.1f, compliance = 1e-3f, length = 0.5f, g = 9.81f;
  const Model model = test::pendulum(length, 0.0f, mass, compliance);
  SolverSettings s = test::settings(SolverMode::GaussSeidel, 10, 3);
  s.damping = 5.0f;
  const SolverLayout layout = buildSolverLayout(model, s);
  GpuSolver solver(*ctx, model, s, layout);
  solver.simulate(360);
  const State state = solver.download();
  const double expected = mass * g * compliance;
  EXPECT_NEAR(-state.positions[1].y - length, expected, 0.01 * expected);
  const double dt = s.substepDt();
  EXPECT_NEAR(std::abs(solver.downloadLambdas()[0]) / (dt * dt), mass * g, 0.01 * mass * g);
}

// A pin on a sine path follows rest + A·sin(2π f t) at the end of every substep, on the GPU.
TEST_F(GpuSolverTest, SinePinFollowsItsPath) {
  SceneDesc scene = testCloth(SolverMode::GaussSeidel, 64);
  const glm::vec3 amplitude(0.1f, 0.0f, 0.05f);  // m
  const float frequency = 0.5f;                  // Hz
  scene.cloths.at(0).pins.at(1).motion = PinMotionDesc{VKXPBD_MOTION_SINE, amplitude, frequency};
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver solver(*ctx, model, scene.solver, layout);
  const Pin& pin = model.pins.at(1);
  for (uint32_t frames : {15u, 30u}) {
    solver.simulate(15);
    const State state = solver.download();
    const double t = static_cast<double>(frames) * scene.solver.frameDt;
    const glm::dvec3 expected =
        glm::dvec3(glm::vec3(pin.target)) + glm::dvec3(amplitude) * std::sin(2.0 * M_PI * frequency * t);
    const glm::dvec3 actual(glm::vec3(state.positions[pin.particle]));
    EXPECT_LT(glm::length(actual - expected), 1e-5) << "at t = " << t << " s";
  }
}

// Upload then download returns the same state, and simulation continues from an uploaded frame.
TEST_F(GpuSolverTest, UploadResumesFromState) {
  const SceneDesc scene = testCloth(SolverMode::GaussSeidel, 64);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver cpu(model, scene.solver, layout);
  State cpuState = makeInitialState(model);
  for (int f = 0; f < 20; ++f) cpu.stepFrame(cpuState);

  GpuSolver solver(*ctx, model, scene.solver, layout);
  solver.upload(cpuState);
  const State roundTrip = solver.download();
  EXPECT_EQ(roundTrip.frame, 20u);
  EXPECT_EQ(maxDistance(roundTrip.positions, cpuState.positions), 0.0);
  solver.simulate(10);
  for (int f = 0; f < 10; ++f) cpu.stepFrame(cpuState);
  EXPECT_LT(maxDistance(solver.download().positions, cpuState.positions), 1e-4);
}

const vk::StageTime& stageNamed(const std::vector<vk::StageTime>& stages, const std::string& name) {
  for (const vk::StageTime& s : stages)
    if (s.name == name) return s;
  throw std::runtime_error("no timing stage named " + name);
}

// Pass count and per-stage timestamps follow the frame structure.
TEST_F(GpuSolverTest, PassStructureAndTimestamps) {
  const SceneDesc scene = testCloth(SolverMode::GaussSeidel, 3);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver solver(*ctx, model, scene.solver, layout);
  const uint32_t S = scene.solver.substeps, I = scene.solver.iterations;
  const uint32_t colours = static_cast<uint32_t>(layout.colours.size());
  ASSERT_GT(layout.jacobi.count, 0u);
  // predict, collide, update velocity per substep; per iteration every colour plus the two Jacobi passes.
  EXPECT_EQ(solver.passesPerFrame(), S * (3 + I * (colours + 2)));
  solver.simulate(2);
  solver.wait();
  if (!ctx->timestampsSupported) GTEST_SKIP() << "device has no timestamps";
  double total = 0.0;
  const std::vector<vk::StageTime> stages = solver.lastFrameTimes(&total);
  ASSERT_EQ(stages.size(), solver.schedule().stageNames.size());
  EXPECT_EQ(stageNamed(stages, "predict").passes, S);
  EXPECT_EQ(stageNamed(stages, "jacobi constraints").passes, S * I);
  EXPECT_EQ(stageNamed(stages, "jacobi apply").passes, S * I);
  EXPECT_EQ(stageNamed(stages, "update velocity").passes, S);
  for (uint32_t c = 0; c < colours; ++c)
    EXPECT_EQ(stageNamed(stages, "solve colour " + std::to_string(c)).passes, S * I);
  double sum = 0.0;
  for (const vk::StageTime& st : stages) {
    EXPECT_GE(st.ms, 0.0);
    sum += st.ms;
  }
  EXPECT_GT(total, 0.0);
  EXPECT_LE(sum, total * 1.0001 + 1e-6);
}

// The grab constraint (mouse dragging) pulls a particle to its target, the cloth follows, the GPU
// agrees with the CPU reference, and releasing restores the frame without the grab pass.
TEST_F(GpuSolverTest, GrabPullsParticleToTarget) {
  const SceneDesc scene = testCloth(SolverMode::GaussSeidel, 64);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolver solver(*ctx, model, scene.solver, layout);
  CpuSolver cpu(model, scene.solver, layout);
  State cpuState = makeInitialState(model);
  const uint32_t basePasses = solver.passesPerFrame();

  const uint32_t particle = 8 * 16 + 8;  // mid-cloth
  const glm::vec3 target = glm::vec3(model.restPositions[particle]) + glm::vec3(0.0f, 0.3f, 0.0f);
  solver.setGrab(particle, target, 0.0f);
  cpu.setGrab(particle, target, 0.0f);
  EXPECT_TRUE(solver.grabbing());
  EXPECT_EQ(solver.passesPerFrame(), basePasses + scene.solver.substeps * scene.solver.iterations);
  solver.simulate(30);
  for (int f = 0; f < 30; ++f) cpu.stepFrame(cpuState);
  const State state = solver.download();
  // A rigid grab (α = 0) is solved last in each iteration: the particle ends each substep on the target.
  EXPECT_LT(glm::length(glm::vec3(state.positions[particle]) - target), 1e-5f);
  // Its neighbour was pulled up with it instead of falling.
  EXPECT_GT(state.positions[particle + 1].y, model.restPositions[particle + 1].y);
  EXPECT_LT(maxDistance(state.positions, cpuState.positions), 1e-5);

  // Re-recording invalidates the previous frame's timestamps until a new frame completes.
  solver.setGrab(particle, target, 0.0f);
  double total = 0.0;
  EXPECT_NO_THROW(solver.lastFrameTimes(&total));
  solver.releaseGrab();
  EXPECT_NO_THROW(solver.lastFrameTimes(&total));
  EXPECT_EQ(total, 0.0);
  EXPECT_FALSE(solver.grabbing());
  EXPECT_EQ(solver.passesPerFrame(), basePasses);
  solver.simulate(5);
  EXPECT_FALSE(findNonFinite(solver.download()).has_value());
}

// Tethers on the GPU: one dispatch per iteration, same results as the CPU reference.
TEST_F(GpuSolverTest, TethersMatchCpu) {
  SceneDesc scene = testCloth(SolverMode::GaussSeidel, 64);
  scene.cloths.at(0).tethers = true;
  const Model model = buildModel(scene);
  ASSERT_FALSE(model.tethers.empty());
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver cpu(model, scene.solver, layout);
  State cpuState = makeInitialState(model);
  for (int f = 0; f < 60; ++f) cpu.stepFrame(cpuState);
  GpuSolver solver(*ctx, model, scene.solver, layout);
  const uint32_t colours = static_cast<uint32_t>(layout.colours.size());
  EXPECT_EQ(solver.passesPerFrame(), scene.solver.substeps * (3 + scene.solver.iterations * (colours + 1)));
  solver.simulate(60);
  const State gpuState = solver.download();
  // H200: 1.8e-4 m after 60 frames (a tether is an inequality: it engages on either side of rounding).
  EXPECT_LT(maxDistance(gpuState.positions, cpuState.positions), gpuCpuBound(1e-5, 1e-3));
  if (ctx->timestampsSupported) {
    // Every stage, the colours last, has its name and its pass count in the timing table.
    const std::vector<vk::StageTime> stages = solver.lastFrameTimes();
    ASSERT_EQ(stages.size(), solver.schedule().stageNames.size());
    const vk::StageTime& tethers = stageNamed(stages, "tethers");
    EXPECT_EQ(tethers.name, "tethers");
    EXPECT_EQ(tethers.passes, scene.solver.substeps * scene.solver.iterations);
    EXPECT_EQ(stages.back().name, "solve colour " + std::to_string(colours - 1));
  }
}

// Canary: the validation layer is on and its messages are counted.
TEST_F(GpuSolverTest, ValidationLayerReportsMisuse) {
  const uint32_t before = ctx->validationMessageCount();
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = 0;  // invalid: VUID-VkBufferCreateInfo-size-00912
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  VkResult result = vkCreateBuffer(ctx->device, &info, nullptr, &buffer);
  if (result == VK_SUCCESS && buffer != VK_NULL_HANDLE) vkDestroyBuffer(ctx->device, buffer, nullptr);
  const uint32_t provoked = ctx->validationMessageCount() - before;
  EXPECT_GE(provoked, 1u);
  expectMessages(provoked);
}

// Canary: synchronization validation is on: two writes to one buffer without a barrier are a hazard.
TEST_F(GpuSolverTest, SyncValidationReportsMissingBarrier) {
  vk::Buffer b =
      vk::createBuffer(*ctx, 1024, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryKind::DeviceLocal, "canary");
  const uint32_t before = ctx->validationMessageCount();
  ctx->submitAndWait([&](VkCommandBuffer cmd) {
    vkCmdFillBuffer(cmd, b.buffer, 0, VK_WHOLE_SIZE, 1u);
    vkCmdFillBuffer(cmd, b.buffer, 0, VK_WHOLE_SIZE, 2u);  // SYNC-HAZARD-WRITE-AFTER-WRITE
  });
  const uint32_t provoked = ctx->validationMessageCount() - before;
  vk::destroyBuffer(*ctx, b);
  EXPECT_GE(provoked, 1u);
  expectMessages(provoked);
}

}  // namespace
}  // namespace vkxpbd
