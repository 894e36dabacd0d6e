// `vkxpbd bench`: the standard cloth (docs/benchmarks.md) at several sizes, in both solver modes, and
// a scene of Neo-Hookean soft bodies.
// Protocol (docs/benchmarks.md): warm-up frames, then timed frames, one frame per submit; report
// the median ms per frame (submit to completion, no timestamps), per-pass GPU times from a separate
// timestamped run, and the edge stretch |len − rest|/rest after the timed frames.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>

#include "app/bench_bandwidth.h"
#include "app/commands.h"
#include "app/output_check.h"
#include "app/report.h"
#include "common/output.h"
#include "common/progress.h"
#include "gpu/bandwidth.h"
#include "gpu/gpu_solver.h"
#include "render/offscreen_renderer.h"
#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"

namespace vkxpbd {

namespace {

// Frames run with per-pass timestamps after the timed frames, for the per-stage breakdown.
constexpr uint32_t kProfiledFrames = 10;

// Median wall time per frame of an untimed solver, then per-pass GPU times from a second, timestamped
// solver: on some devices (lavapipe) every timestamp serializes the queue and would inflate the time.
struct Timing {
  double frameMs = 0.0;  // median wall ms per frame, submit to completion
  double gpuMs = 0.0;    // median GPU ms per timestamped frame
  std::vector<vk::StageTime> stages;
  uint32_t passes = 0;
  FrameSchedule schedule;  // the passes of one untimed frame
  State state;             // after the timed frames
};

// One solver configuration of a timed case.
struct Variant {
  const Model* model;
  const SolverSettings* settings;
  const SolverLayout* layout;
};

// Times several configurations in one run, frame by frame in turn (each frame's first one rotating), so
// that a load that comes and goes on the machine (lavapipe shares its cores) falls on all of them alike
// and their ratios hold within the run. Then each one's timestamped frames.
std::vector<Timing> timeSolvers(const vk::Context& ctx, const BenchOptions& options,
                                const std::vector<Variant>& variants, const std::string& label) {
  const size_t n = variants.size();
  std::vector<Timing> timings(n);
  Progress progress(progressStyle(options.common.quiet), "bench " + label,
                    n * (options.warmupFrames + options.frames + kProfiledFrames));
  uint32_t done = 0;
  GpuSolverOptions untimed;
  untimed.timestamps = false;
  std::vector<std::unique_ptr<GpuSolver>> solvers;
  for (const Variant& v : variants) {
    solvers.push_back(std::make_unique<GpuSolver>(ctx, *v.model, *v.settings, *v.layout, untimed));
    solvers.back()->simulate(options.warmupFrames);
    solvers.back()->wait();
    progress.update(done += options.warmupFrames);
  }
  std::vector<std::vector<double>> wallMs(n);
  for (uint32_t f = 0; f < options.frames; ++f)
    for (size_t k = 0; k < n; ++k) {
      const size_t i = (f + k) % n;
      auto start = std::chrono::steady_clock::now();
      solvers[i]->simulate(1);
      solvers[i]->wait();
      wallMs[i].push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      progress.update(++done);
    }
  // The timed solvers are released before the timestamped ones are made: at most n solvers at once.
  for (size_t i = 0; i < n; ++i) {
    timings[i].frameMs = median(wallMs[i]);
    timings[i].passes = solvers[i]->passesPerFrame();
    timings[i].schedule = solvers[i]->schedule();
    timings[i].state = solvers[i]->download();
  }
  solvers.clear();
  for (size_t i = 0; i < n; ++i) {
    Timing& timing = timings[i];
    std::vector<double> gpuMs;
    GpuSolver profiled(ctx, *variants[i].model, *variants[i].settings, *variants[i].layout);
    profiled.upload(timing.state);
    for (uint32_t f = 0; f < kProfiledFrames; ++f) {
      profiled.simulate(1);
      profiled.wait();
      double gpu = 0.0;
      std::vector<vk::StageTime> stages = profiled.lastFrameTimes(&gpu);
      gpuMs.push_back(gpu);
      progress.update(++done);
      if (timing.stages.empty())
        timing.stages = stages;
      else
        for (size_t s = 0; s < stages.size(); ++s) timing.stages[s].ms += stages[s].ms;
    }
    for (vk::StageTime& s : timing.stages) s.ms /= kProfiledFrames;
    timing.gpuMs = median(gpuMs);
  }
  progress.finish();
  return timings;
}

Timing timeSolver(const vk::Context& ctx, const BenchOptions& options, const Model& model,
                  const SolverSettings& settings, const SolverLayout& layout, const std::string& label) {
  return std::move(timeSolvers(ctx, options, {{&model, &settings, &layout}}, label).front());
}

// What every timed case reports: sizes, colouring, passes and the times.
// The first non-finite state of any case (nonFiniteError); bench writes its JSON, then exits with code 4.
std::optional<std::string> firstNonFinite;

// The copy kernel's bandwidth of this run (1e9 B/s), measured once before the cases.
double copyGbPerSecond = 0.0;

nlohmann::json timedCaseJson(const Model& model, const SolverSettings& settings, const SolverLayout& layout,
                             const Timing& t) {
  if (!firstNonFinite) firstNonFinite = nonFiniteError(model, t.state);
  return {{"particles", model.particleCount()},
          {"constraints", model.constraintCount()},
          {"substeps", settings.substeps},
          {"iterations", settings.iterations},
          {"colouring", colouringJson(layout)},
          {"passes_per_frame", t.passes},
          {"median_wall_ms_per_frame", t.frameMs},
          {"profiled_frames", kProfiledFrames},
          {"median_gpu_ms_per_profiled_frame", t.gpuMs},
          {"mean_stage_gpu_ms_per_profiled_frame", stageTimesJson(t.stages)},
          {"non_finite", findNonFinite(t.state).has_value()},
          {"bandwidth", bandwidthJson({&t.schedule, &layout, &t.stages, copyGbPerSecond, t.frameMs})}};
}

// The bound of the "coarse levels" dispatch that `bench --hierarchy` compares with when the case does not
// fuse (coarse constraints; docs/hierarchy.md "Frame time, measured in one run").
constexpr uint32_t kBenchFuseSmallLevels = 2048;

// One configuration of a case's same-run comparison (bench --hierarchy): its frame times, their ratios to
// the flat solver's of the same run, and the cloth's stretch after the timed frames.
nlohmann::json sameRunJson(const Variant& v, const Timing& t, const Timing& flat) {
  const StrainStats stretch = measureStrain(*v.model, t.state.positions, ConstraintKind::Stretch);
  nlohmann::json j;
  j["hierarchy"] = !v.layout->hierarchy.empty();
  j["fuse_small_levels"] = v.settings->fuseSmallLevels;
  j["fused_from_level"] = v.layout->fusedLevel;                     // 0: none
  j["solve_from_level"] = v.settings->hierarchy.solveFromLevel;     // the setting, 0: automatic
  j["solved_from_level"] = v.layout->hierarchy.firstSolvedLevel();  // 0: no hierarchy
  j["passes_per_frame"] = t.passes;
  j["median_wall_ms_per_frame"] = t.frameMs;
  j["median_gpu_ms_per_profiled_frame"] = t.gpuMs;
  j["wall_ratio_to_flat"] = t.frameMs / flat.frameMs;
  j["gpu_ratio_to_flat"] = t.gpuMs / flat.gpuMs;
  j["stretch_after_frames"] = strainJson(stretch);
  return j;
}

nlohmann::json benchOne(const vk::Context& ctx, const BenchOptions& options, uint32_t size, SolverMode mode) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {size, size};
  scene.cloths.at(0).tethers = options.tethers;
  scene.solver.mode = mode;
  options.overrides.applyTo(scene.solver);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  // With the hierarchy, the flat solver, the hierarchy with the other "coarse levels" setting (every
  // level its own passes, or, when the case fuses none, fused at kBenchFuseSmallLevels) and, when the case
  // leaves its finest levels unsolved, the hierarchy solving every level (solve_from_level 1) are timed in
  // the same run, frame by frame in turn: the "same device, same run" ratio, and what the fused
  // dispatch and the unsolved levels are worth on this device.
  const bool compare = !layout.hierarchy.empty();
  SolverSettings flatSettings = scene.solver, otherSettings = scene.solver, everySettings = scene.solver;
  flatSettings.hierarchy.enabled = false;
  flatSettings.hierarchy.overridesBodies = true;
  flatSettings.fuseSmallLevels = 0;  // no levels to fuse
  otherSettings.fuseSmallLevels = scene.solver.fuseSmallLevels == 0 ? kBenchFuseSmallLevels : 0;
  everySettings.hierarchy.solveFromLevel = 1;
  const bool compareEvery = compare && layout.hierarchy.firstSolvedLevel() > 1;
  const SolverLayout flatLayout = compare ? buildSolverLayout(model, flatSettings) : SolverLayout{};
  const SolverLayout otherLayout = compare ? buildSolverLayout(model, otherSettings) : SolverLayout{};
  const SolverLayout everyLayout = compareEvery ? buildSolverLayout(model, everySettings) : SolverLayout{};
  std::vector<Variant> variants{{&model, &scene.solver, &layout}};
  if (compare) {
    variants.push_back({&model, &flatSettings, &flatLayout});
    variants.push_back({&model, &otherSettings, &otherLayout});
  }
  if (compareEvery) variants.push_back({&model, &everySettings, &everyLayout});
  const std::vector<Timing> timings = timeSolvers(
      ctx, options, variants, std::to_string(size) + "x" + std::to_string(size) + " " + solverModeName(mode));
  const Timing& t = timings.front();
  const std::optional<uint32_t> bad = findNonFinite(t.state);
  const StrainStats stretch = measureStrain(model, t.state.positions, ConstraintKind::Stretch);
  std::printf(
      "  %4u x %-4u %-6s %2u colours %2u levels  %8.3f ms/frame  (timestamped: GPU %8.3f ms/frame)  stretch "
      "max %.3f%% p99 %.3f%% median %.4f%%%s\n",
      size, size, solverModeName(mode), layout.stats.colours, layout.hierarchy.levelCount(), t.frameMs,
      t.gpuMs, 100.0 * stretch.maxStrain, 100.0 * stretch.p99Strain, 100.0 * stretch.medianStrain,
      bad ? "  NON-FINITE" : "");
  nlohmann::json result = timedCaseJson(model, scene.solver, layout, t);
  std::printf("%s\n", bandwidthLine(result.at("bandwidth")).c_str());
  if (compare) {
    const Timing& flat = timings[1];  // the variants: this case, flat, the other setting, every level
    nlohmann::json sameRun = nlohmann::json::array();
    for (size_t i = 0; i < timings.size(); ++i) {
      if (!firstNonFinite) firstNonFinite = nonFiniteError(model, timings[i].state);
      sameRun.push_back(sameRunJson(variants[i], timings[i], flat));
      std::printf(
          "    same run: %-9s fuse %-5u solved from level %u  %4u passes  %8.3f ms/frame (%.2fx flat)  GPU "
          "%8.3f ms/frame (%.2fx flat)\n",
          i == 1 ? "flat" : "hierarchy", variants[i].settings->fuseSmallLevels,
          variants[i].layout->hierarchy.firstSolvedLevel(), timings[i].passes, timings[i].frameMs,
          timings[i].frameMs / flat.frameMs, timings[i].gpuMs, timings[i].gpuMs / flat.gpuMs);
    }
    result["same_run"] = sameRun;
  }
  std::fflush(stdout);
  result.update({{"size", size},
                 {"mode", solverModeName(mode)},
                 {"tethers", options.tethers},
                 {"hierarchy", hierarchyJson(layout)},
                 {"fuse_small_levels", scene.solver.fuseSmallLevels},
                 {"coarse_threads", coarseLevelsThreads(ctx, scene.solver)},
                 {"model", constraintModelName(scene.solver.constraintModel)},
                 {"omega", scene.solver.omega},
                 {"stretch_after_frames", strainJson(stretch)}});
  return result;
}

// The soft-body case: `count` Neo-Hookean blocks of the built-in soft_bodies_100 scene (laid out on a
// square grid) dropped onto the ground. Reports constraint projections per second and colours per type.
nlohmann::json benchSoftBodies(const vk::Context& ctx, const BenchOptions& options, SolverMode mode) {
  SceneDesc scene = builtinScene("soft_bodies_100");
  SoftBodyDesc& body = scene.softBodies.at(0);
  const uint32_t side = static_cast<uint32_t>(std::ceil(std::sqrt(double(options.softBodies))));
  body.instances.resize(options.softBodies);
  for (uint32_t k = 0; k < options.softBodies; ++k)
    body.instances[k] =
        InstanceDesc{{0.3f * (float(k % side) - 0.5f * float(side - 1)), 0.3f + 0.15f * float(k % 3),
                      0.3f * (float(k / side) - 0.5f * float(side - 1))},
                     {0.0f, 9.0f * float(k % 10), 0.0f},
                     {0.0f, 0.0f, 0.0f}};
  scene.solver.mode = mode;
  options.overrides.applyTo(scene.solver);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const Timing t = timeSolver(ctx, options, model, scene.solver, layout,
                              std::to_string(options.softBodies) + " soft bodies " + solverModeName(mode));
  const std::optional<uint32_t> bad = findNonFinite(t.state);
  const double projections =
      double(model.constraintCount()) * scene.solver.substeps * scene.solver.iterations;
  const double perSecond = projections / (t.frameMs * 1e-3);
  std::printf("  %u soft bodies %-6s %2u colours  %8.3f ms/frame  %.3g constraint projections/s%s\n",
              options.softBodies, solverModeName(mode), layout.stats.colours, t.frameMs, perSecond,
              bad ? "  NON-FINITE" : "");
  nlohmann::json result = timedCaseJson(model, scene.solver, layout, t);
  std::printf("%s\n", bandwidthLine(result.at("bandwidth")).c_str());
  std::fflush(stdout);
  result.update({{"bodies", options.softBodies},
                 {"mode", solverModeName(mode)},
                 {"constraint_projections_per_second", perSecond}});
  return result;
}

// The standard cloth with self-collision. Particle contacts: every particle a sphere of 0.8 × the grid
// spacing, neighbours within 1.2 × found by the hash every substep. With point–triangle contacts: a
// contact distance of 0.4 × the spacing (a thin sheet, which triangles make possible) and the search
// radius the loader derives for the triangles. Reports the frame time and the GPU time of the hash
// (8 passes per substep), of the triangle search (1 per substep) and of the contact solve passes.
nlohmann::json benchSelfCollision(const vk::Context& ctx, const BenchOptions& options, uint32_t size,
                                  bool triangles) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {size, size};
  scene.solver.mode = SolverMode::GaussSeidel;
  options.overrides.applyTo(scene.solver);
  const float spacing = scene.cloths.at(0).size.x / static_cast<float>(size - 1);  // m
  scene.contacts.enabled = true;
  scene.contacts.triangles = triangles;
  scene.contacts.distance = (triangles ? 0.4f : 0.8f) * spacing;
  scene.contacts.searchRadius = 1.2f * spacing;
  scene.contacts.searchRadiusGiven = !triangles;
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const Timing t = timeSolver(ctx, options, model, scene.solver, layout,
                              std::to_string(size) + "x" + std::to_string(size) +
                                  (triangles ? " triangle" : " particle") + " contacts");
  double hashMs = 0.0, solveMs = 0.0, triangleSearchMs = 0.0, triangleSolveMs = 0.0;
  for (const vk::StageTime& s : t.stages) {
    if (s.name.rfind("hash ", 0) == 0) hashMs += s.ms;
    if (s.name == "contact solve") solveMs = s.ms;
    if (s.name == "triangle neighbours") triangleSearchMs = s.ms;
    if (s.name == "triangle contact solve") triangleSolveMs = s.ms;
  }
  std::printf(
      "  %4u x %-4u gs + self-collision%s  %8.3f ms/frame  (GPU per frame: hash %.3f ms, contact solve %.3f "
      "ms, triangle search %.3f ms, triangle solve %.3f ms)\n",
      size, size, triangles ? " with triangles" : "", t.frameMs, hashMs, solveMs, triangleSearchMs,
      triangleSolveMs);
  std::fflush(stdout);
  nlohmann::json result = timedCaseJson(model, scene.solver, layout, t);
  result.update({{"size", size},
                 {"triangles", triangles},
                 {"contact_distance_m", model.contacts.distance},
                 {"search_radius_m", model.contacts.searchRadius},
                 {"contact_hash_gpu_ms_per_frame", hashMs},
                 {"contact_solve_gpu_ms_per_frame", solveMs},
                 {"triangle_search_gpu_ms_per_frame", triangleSearchMs},
                 {"triangle_contact_solve_gpu_ms_per_frame", triangleSolveMs}});
  return result;
}

// The cost of wind (docs/wind.md): the standard cloth in Gauss-Seidel mode without and with a gusty wind
// (5 m/s along x, 2 m/s along z, 2 m/s gusts), timed in the same run; plus the GPU time of the two aero
// passes (aero forces per triangle, aero apply per particle, once per substep each).
nlohmann::json benchWind(const vk::Context& ctx, const BenchOptions& options, uint32_t size) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {size, size};
  scene.solver.mode = SolverMode::GaussSeidel;
  options.overrides.applyTo(scene.solver);
  nlohmann::json result;
  double msWithout = 0.0;
  for (bool wind : {false, true}) {
    scene.wind.enabled = wind;
    scene.wind.field.velocity = glm::vec4(5.0f, 0.0f, 2.0f, 1.2f);
    scene.wind.field.gust = glm::vec4(2.0f, 0.5f, 4.0f, 1.0f);
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    const Timing t =
        timeSolver(ctx, options, model, scene.solver, layout,
                   std::to_string(size) + "x" + std::to_string(size) + (wind ? " wind" : " no wind"));
    if (!wind) {
      msWithout = t.frameMs;
      continue;
    }
    double aeroMs = 0.0;
    for (const vk::StageTime& s : t.stages)
      if (s.name == "aero forces" || s.name == "aero apply") aeroMs += s.ms;
    std::printf(
        "  %4u x %-4u gs wind: %8.3f ms/frame, without %8.3f ms/frame (aero passes: GPU %.3f ms/frame)\n",
        size, size, t.frameMs, msWithout, aeroMs);
    std::fflush(stdout);
    result = timedCaseJson(model, scene.solver, layout, t);
    result.update({{"size", size},
                   {"mode", "gs"},
                   {"ms_per_frame_without_wind", msWithout},
                   {"ms_per_frame_with_wind", t.frameMs},
                   {"aero_gpu_ms_per_frame", aeroMs}});
  }
  return result;
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
  Progress progress(progressStyle(options.common.quiet),
                    "bench " + std::to_string(size) + "x" + std::to_string(size) + " rendered", frames + 3);
  for (uint32_t f = 0; f < frames + 3; ++f) {
    auto start = std::chrono::steady_clock::now();
    solver.simulate(1);
    renderer.render(camera);
    if (f >= 3)
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    progress.update(f + 1);
  }
  progress.finish();
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

// The cost of tearing (docs/tearing.md) on the standard cloth, in one run, Gauss-Seidel: without "tear";
// with a tear strain of 1.5, which the 64² cloth passes only at its pinned corners (a few splits; mostly
// the per-frame check: positions and λ read back); and with 1.02 (more splits). Under --hierarchy all three
// run with it (the coarse levels follow the tear, docs/hierarchy.md), the no-tear baseline included.
nlohmann::json benchTearing(const vk::Context& ctx, const BenchOptions& options, uint32_t size) {
  nlohmann::json cases = nlohmann::json::array();
  const bool hierarchyRequested = options.overrides.hierarchy.value_or(false);
  for (float strain : {0.0f, 1.5f, 1.02f}) {
    SceneDesc scene = builtinScene("standard_cloth");
    scene.cloths.at(0).resolution = {size, size};
    scene.solver.mode = SolverMode::GaussSeidel;
    options.overrides.applyTo(scene.solver);
    if (strain > 0.0f) scene.cloths.at(0).tear = TearSettings{strain, 0.0f, size * size};
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    const std::string label = std::to_string(size) + "x" + std::to_string(size) +
                              (strain > 0.0f ? " tear " + std::to_string(strain).substr(0, 4) : " no tear");
    const Timing t = timeSolver(ctx, options, model, scene.solver, layout, label);
    uint32_t splits = 0;  // spare particles in use (inverse mass > 0) after the run
    for (const TearBody& b : model.tears)
      for (uint32_t p = b.spareFirst; p < b.spareFirst + b.spareCount; ++p)
        splits += t.state.positions[p].w > 0.0f;
    std::printf("  %4u x %-4u gs %-14s %8.3f ms/frame  %u particles split\n", size, size,
                strain > 0.0f ? ("tear strain " + std::to_string(strain).substr(0, 4)).c_str() : "no tearing",
                t.frameMs, splits);
    std::fflush(stdout);
    nlohmann::json result = timedCaseJson(model, scene.solver, layout, t);
    result.update({{"size", size},
                   {"tear_strain", strain},
                   {"particles_split", splits},
                   {"hierarchy", hierarchyJson(layout)},
                   {"hierarchy_requested", hierarchyRequested}});
    cases.push_back(result);
  }
  return cases;
}

std::string utcTimestamp() {
  std::time_t now = std::time(nullptr);
  char text[32];
  std::strftime(text, sizeof(text), "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return text;
}

}  // namespace

int benchCommand(const BenchOptions& options) {
  requireWritableFile("--out", options.outFile);
  vk::Context ctx(contextOptions(options.common));
  const CopyBandwidth copy = measureCopyBandwidth(ctx);
  copyGbPerSecond = copy.gbPerSecond;
  std::printf("copy kernel: %.2f GB/s (%.0f MiB read + written, best of %u runs, %.3f ms)\n",
              copy.gbPerSecond, double(copy.bufferBytes) / (1 << 20), copy.runs, copy.bestMs);
  std::printf("standard cloth: %u warm-up + %u timed frames per case\n", options.warmupFrames,
              options.frames);
  nlohmann::json results = nlohmann::json::array();
  for (uint32_t size : options.sizes)
    for (SolverMode mode : options.modes) results.push_back(benchOne(ctx, options, size, mode));
  nlohmann::json softBodies = nlohmann::json::array();
  if (options.softBodies > 0)
    for (SolverMode mode : options.modes) softBodies.push_back(benchSoftBodies(ctx, options, mode));
  nlohmann::json selfCollision = nlohmann::json::array();
  if (options.contactsSize > 0)
    for (bool triangles : {false, true})
      selfCollision.push_back(benchSelfCollision(ctx, options, options.contactsSize, triangles));
  nlohmann::json wind = nlohmann::json::array();
  if (!options.sizes.empty()) wind.push_back(benchWind(ctx, options, options.sizes.front()));
  nlohmann::json rendered = nlohmann::json::array();
  if (options.renderSize > 0) rendered.push_back(benchRendered(ctx, options, options.renderSize));
  const nlohmann::json tearing =
      options.sizes.empty() ? nlohmann::json::array() : benchTearing(ctx, options, options.sizes.front());

  nlohmann::json report = {
      {"benchmark", "standard_cloth"},
      {"date", utcTimestamp()},
      {"device", deviceJson(ctx)},
      {"warmup_frames", options.warmupFrames},
      {"timed_frames", options.frames},
      {"copy_bandwidth",
       {{"buffer_bytes", copy.bufferBytes},
        {"runs", copy.runs},
        {"best_gpu_ms", copy.bestMs},
        {"gb_per_s", copy.gbPerSecond},
        {"what", "plain vec4 copy kernel, bytes read + written / fastest run's GPU time"}}},
      {"results", results},
      {"soft_bodies", softBodies},
      {"self_collision", selfCollision},
      {"wind", wind},
      {"rendered", rendered},
      {"tearing", tearing}};
  writeTextFile(options.outFile, report.dump(2) + "\n");
  std::printf("wrote %s\n", options.outFile.c_str());
  if (firstNonFinite) {
    std::fprintf(stderr, "error: bench: %s\n", firstNonFinite->c_str());
    return kExitNonFinite;
  }
  if (ctx.validationEnabled() && ctx.validationMessageCount() > 0) return kExitValidation;
  return kExitOk;
}

}  // namespace vkxpbd
