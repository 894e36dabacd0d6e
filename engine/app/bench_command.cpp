// `vkxpbd bench`: the standard cloth (docs/benchmarks.md) at several sizes, in both solver modes.
// Protocol from shared/BENCHMARK.md: warm-up frames, then timed frames, one frame per submit; report
// the median ms per frame (submit to completion, no timestamps), per-pass GPU times from a separate
// timestamped run, and the edge stretch |len − rest|/rest after the timed frames.
#include <chrono>
#include <cstdio>
#include <ctime>

#include "app/commands.h"
#include "app/report.h"
#include "common/output.h"
#include "gpu/gpu_solver.h"
#include "render/offscreen_renderer.h"
#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"

namespace vkxpbd {

namespace {

// Frames run with per-pass timestamps after the timed frames, for the per-stage breakdown.
constexpr uint32_t kProfiledFrames = 10;

nlohmann::json benchOne(const vk::Context& ctx, const BenchOptions& options, uint32_t size, SolverMode mode) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {size, size};
  scene.cloths.at(0).tethers = options.tethers;
  scene.solver.mode = mode;
  options.overrides.applyTo(scene.solver);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  // Frame times come from a solver without timestamps: on some devices (lavapipe) every timestamp
  // serializes the queue and would inflate the time. A second, timestamped solver then profiles
  // the passes over a few frames.
  GpuSolverOptions untimed;
  untimed.timestamps = false;
  GpuSolver solver(ctx, model, scene.solver, layout, untimed);
  solver.simulate(options.warmupFrames);
  solver.wait();
  std::vector<double> wallMs;
  for (uint32_t f = 0; f < options.frames; ++f) {
    auto start = std::chrono::steady_clock::now();
    solver.simulate(1);
    solver.wait();
    wallMs.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::vector<double> gpuMs;
  std::vector<vk::StageTime> stageSums;
  {
    GpuSolver profiled(ctx, model, scene.solver, layout);
    profiled.upload(solver.download());
    for (uint32_t f = 0; f < kProfiledFrames; ++f) {
      profiled.simulate(1);
      profiled.wait();
      double gpu = 0.0;
      std::vector<vk::StageTime> stages = profiled.lastFrameTimes(&gpu);
      gpuMs.push_back(gpu);
      if (stageSums.empty())
        stageSums = stages;
      else
        for (size_t i = 0; i < stages.size(); ++i) stageSums[i].ms += stages[i].ms;
    }
    for (vk::StageTime& s : stageSums) s.ms /= kProfiledFrames;
  }

  const State state = solver.download();
  const std::optional<uint32_t> bad = findNonFinite(state);
  const StrainStats stretch = measureStrain(model, state.positions, ConstraintKind::Stretch);
  const double frameMs = median(wallMs);
  std::printf(
      "  %4u x %-4u %-6s %2u colours  %8.3f ms/frame  (timestamped: GPU %8.3f ms/frame)  stretch max %.3f%% "
      "median %.4f%%%s\n",
      size, size, solverModeName(mode), layout.stats.colours, frameMs, median(gpuMs),
      100.0 * stretch.maxStrain, 100.0 * stretch.medianStrain, bad ? "  NON-FINITE" : "");
  std::fflush(stdout);
  return {{"size", size},
          {"mode", solverModeName(mode)},
          {"tethers", options.tethers},
          {"model", constraintModelName(scene.solver.constraintModel)},
          {"particles", model.particleCount()},
          {"constraints", model.constraintCount()},
          {"substeps", scene.solver.substeps},
          {"iterations", scene.solver.iterations},
          {"omega", scene.solver.omega},
          {"colouring", colouringJson(layout)},
          {"passes_per_frame", solver.passesPerFrame()},
          {"median_wall_ms_per_frame", frameMs},
          {"profiled_frames", kProfiledFrames},
          {"median_gpu_ms_per_profiled_frame", median(gpuMs)},
          {"mean_stage_gpu_ms_per_profiled_frame", stageTimesJson(stageSums)},
          {"stretch_after_frames", strainJson(stretch)},
          {"non_finite", bad.has_value()}};
}

// Frame time with rendering: each frame simulates one solver frame and renders it offscreen
// (960×540, MSAA when available) including the pixel read-back that a window would not need.
nlohmann::json benchRendered(const vk::Context& ctx, const BenchOptions& options, uint32_t size) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {size, size};
  options.overrides.applyTo(scene.solver);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolverOptions solverOptions;
  solverOptions.timestamps = false;
  GpuSolver solver(ctx, model, scene.solver, layout, render::rendererSolverOptions(solverOptions));
  const uint32_t width = 960, height = 540;
  render::OffscreenRenderer renderer(ctx, model, solver, width, height);
  const render::OrbitCamera camera = renderer.framingCamera();
  const uint32_t frames = std::max(10u, options.frames / 5);
  std::vector<double> ms;
  for (uint32_t f = 0; f < frames + 3; ++f) {
    auto start = std::chrono::steady_clock::now();
    solver.simulate(1);
    renderer.render(camera);
    if (f >= 3)
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  const double frameMs = median(ms);
  std::printf("  %4u x %-4u gs + render %ux%u  %8.3f ms/frame (simulate + draw + read-back)\n", size, size,
              width, height, frameMs);
  return {{"size", size},
          {"width", width},
          {"height", height},
          {"frames", frames},
          {"median_ms_per_frame", frameMs},
          {"what", "one solver frame + offscreen render + pixel read-back, per frame"}};
}

std::string utcTimestamp() {
  std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

}  // namespace

int benchCommand(const BenchOptions& options) {
  vk::Context ctx(contextOptions(options.common));
  std::printf("standard cloth: %u warm-up + %u timed frames per case\n", options.warmupFrames,
              options.frames);
  nlohmann::json results = nlohmann::json::array();
  for (uint32_t size : options.sizes)
    for (SolverMode mode : options.modes) results.push_back(benchOne(ctx, options, size, mode));
  nlohmann::json rendered = nlohmann::json::array();
  if (options.renderSize > 0) rendered.push_back(benchRendered(ctx, options, options.renderSize));

  nlohmann::json report = {{"benchmark", "standard_cloth"},
                           {"date", utcTimestamp()},
                           {"device", deviceJson(ctx)},
                           {"warmup_frames", options.warmupFrames},
                           {"timed_frames", options.frames},
                           {"results", results},
                           {"rendered", rendered}};
  writeTextFile(options.outFile, report.dump(2) + "\n");
  std::printf("wrote %s\n", options.outFile.c_str());
  if (ctx.validationEnabled() && ctx.validationMessageCount() > 0) return kExitValidation;
  return kExitOk;
}

}  // namespace vkxpbd
