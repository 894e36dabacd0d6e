// `vkxpbd run`: simulate a scene headless, check every state read back for NaN, write the results.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "app/commands.h"
#include "app/output_check.h"
#include "app/report.h"
#if VKXPBD_WINDOW
#include "app/window/window_app.h"
#endif
#include "common/diagnostics_json.h"
#include "common/output.h"
#include "common/progress.h"
#include "common/trajectory.h"
#include "export/animation_export.h"
#include "gpu/gpu_solver.h"
#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"
#include "sim/tearing_output.h"
#include "vk/renderdoc.h"

namespace vkxpbd {

namespace {

// Frames simulated between two read-backs checked for NaN.
constexpr uint32_t kCheckInterval = 60;
// With a progress display, chunks shrink so that one takes about this long (s).
constexpr double kProgressChunkSeconds = 0.5;

// The contact lists of the last substep: how many entries, how many were dropped because a list was full.
nlohmann::json contactListsJson(GpuSolver& solver, const Model& model) {
  const NeighbourLists pairs = solver.downloadNeighbours();
  nlohmann::json json = {{"particle_pairs_listed", pairs.entries()},
                         {"particle_pairs_dropped", pairs.overflow},
                         {"max_neighbours", model.contacts.maxNeighbours}};
  if (model.contacts.triangles) {
    const NeighbourLists triangles = solver.downloadTriangleNeighbours();
    json.update({{"triangle_candidates_listed", triangles.entries()},
                 {"triangle_candidates_dropped", triangles.overflow},
                 {"max_triangles", model.contacts.maxTriangles}});
  }
  return json;
}

void printContactLists(const nlohmann::json& lists) {
  std::printf("contact lists (last substep): %llu particle pairs, %llu dropped (max_neighbours %u)",
              lists["particle_pairs_listed"].get<unsigned long long>(),
              lists["particle_pairs_dropped"].get<unsigned long long>(),
              lists["max_neighbours"].get<uint32_t>());
  if (lists.contains("triangle_candidates_listed"))
    std::printf("; %llu triangle candidates, %llu dropped (max_triangles %u)",
                lists["triangle_candidates_listed"].get<unsigned long long>(),
                lists["triangle_candidates_dropped"].get<unsigned long long>(),
                lists["max_triangles"].get<uint32_t>());
  std::printf("\n");
  if (lists["particle_pairs_dropped"].get<uint64_t>() > 0 ||
      lists.value("triangle_candidates_dropped", uint64_t{0}) > 0)
    std::printf(
        "warning: contact lists overflowed; raise contacts.max_neighbours or contacts.max_triangles\n");
}

}  // namespace

int runCommand(const RunOptions& options) {
  if (options.headless || options.captureFrame || options.renderDoc)
    requireWritableDirectory("--out", options.outDir);
  if (!options.trajectory.empty()) requireWritableFile("--trajectory", options.trajectory);
  if (!options.recordDir.empty()) requireWritableDirectory("--record", options.recordDir);
  if (!options.exportDir.empty()) requireWritableDirectory("--export", options.exportDir);
  SceneDesc scene = options.scene.empty() ? builtinScene("flag") : loadScene(options.scene);
  options.overrides.applyTo(scene.solver);
  const Model model = buildModel(scene);
  if (!options.exportDir.empty()) {
    const std::string error =
        exportSizeError(options.exportDir, exportBodies(model), options.frames, options.exportEvery);
    if (!error.empty()) throw UsageError("--export " + options.exportDir + ": " + error);
  }
  const SolverSettings& settings = scene.solver;
  std::printf("scene: %s (%s), %u particles, %zu constraints\n", scene.name.c_str(), scene.path.c_str(),
              model.particleCount(), model.constraintCount());
  // RenderDoc must be loaded before the Vulkan instance exists to hook it.
  vk::RenderDoc renderDoc;
  if (options.captureFrame || options.renderDoc) {
    std::filesystem::create_directories(options.outDir);
    if (!renderDoc.load((std::filesystem::absolute(options.outDir) / "capture").string()))
      std::printf("RenderDoc not available: %s; no capture written\n", renderDoc.reason().c_str());
  }
  if (!options.headless) {
#if VKXPBD_WINDOW
    if (std::optional<int> code =
            window::runWindowApp(options, scene, contextOptions(options.common), renderDoc))
      return *code;
    std::printf("no display: running headless\n");
#else
    std::printf("no display: running headless (built with VKXPBD_WINDOW=OFF)\n");
#endif
    requireWritableDirectory("--out", options.outDir);  // the headless run writes there
  }

  vk::Context ctx(contextOptions(options.common));
  const SolverLayout layout = buildSolverLayout(model, settings);
  std::printf("solver: %s, %s, %s, %u substeps x %u iterations, omega %.2f, dt %.5f s\n",
              solverModeName(settings.mode), constraintModelName(settings.constraintModel),
              integratorName(settings.integrator), settings.substeps, settings.iterations, settings.omega,
              settings.frameDt);
  std::printf("%s\n", colouringSummary(layout).c_str());

  GpuSolverOptions solverOptions;
  solverOptions.timestamps = options.timestamps;
  GpuSolver solver(ctx, model, settings, layout, solverOptions);

  State state = solver.download();  // the scene's initial state
  std::optional<TrajectoryWriter> trajectory;
  const uint32_t every = options.trajectoryEvery;
  if (!options.trajectory.empty()) {
    trajectory.emplace(options.trajectory, model.particleCount(), every, settings.frameDt);
    trajectory->append(state);
  }
  std::optional<AnimationExporter> exporter;
  const uint32_t exportEvery = options.exportEvery;
  if (!options.exportDir.empty()) {
    exporter.emplace(options.exportDir, model, settings.frameDt, options.frames);
    exporter->write(0, state.positions, solver.model());
  }
  auto start = std::chrono::steady_clock::now();
  const ProgressStyle progressMode = progressStyle(options.common.quiet);
  Progress progress(progressMode, "run " + scene.name, options.frames);
  for (uint32_t done = 0; done < options.frames;) {
    uint32_t chunk = std::min(kCheckInterval, options.frames - done);
    if (progressMode != ProgressStyle::Quiet && done > 0) {
      const double secondsPerFrame =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / done;
      chunk = std::clamp(static_cast<uint32_t>(kProgressChunkSeconds / std::max(secondsPerFrame, 1e-6)), 1u,
                         chunk);
    }
    if (trajectory) chunk = std::min(chunk, every - done % every);
    if (exporter) chunk = std::min(chunk, exportEvery - done % exportEvery);
    // The captured frame is submitted alone, between StartFrameCapture and EndFrameCapture.
    const bool capture = options.captureFrame == done && renderDoc.available();
    if (capture) {
      chunk = 1;
      solver.wait();
      renderDoc.startCapture();
    } else if (options.captureFrame && *options.captureFrame > done) {
      chunk = std::min(chunk, *options.captureFrame - done);
    }
    solver.simulate(chunk);
    if (capture) {
      solver.wait();
      const std::string path =
          renderDoc.endCaptureTo(options.outDir + "/capture_frame" + std::to_string(done) + ".rdc");
      if (!path.empty()) {
        std::printf("captured frame %u to %s\n", done, path.c_str());
      } else {
        std::printf("RenderDoc wrote no capture of frame %u\n", done);
      }
    }
    done += chunk;
    state = solver.download();
    if (std::optional<std::string> error = nonFiniteError(model, state)) {
      std::fprintf(stderr, "error: run: %s\n", error->c_str());
      return kExitNonFinite;
    }
    if (trajectory && done % every == 0) trajectory->append(state);
    if (exporter && done % exportEvery == 0) exporter->write(done, state.positions, solver.model());
    progress.update(done);
  }
  progress.finish();
  if (trajectory) trajectory->close();
  if (exporter) exporter->close();
  const double wallMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  double gpuFrameMs = 0.0;
  const std::vector<vk::StageTime> stages = solver.lastFrameTimes(&gpuFrameMs);
  // With tearing bodies the outputs describe the model as torn (sim/tearing_output.h).
  const Model torn = model.tears.empty() ? Model{} : tornModel(solver.model(), solver.layout());
  const Model& solved = model.tears.empty() ? model : torn;
  const Diagnostics diagnostics = measureDiagnostics(solved, state);
  const StrainStats& strain = diagnostics.strain;

  nlohmann::json summary = {{"scene", scene.name},
                            {"scene_path", scene.path},
                            {"device", deviceJson(ctx)},
                            {"frames", options.frames},
                            {"particles", model.particleCount()},
                            {"solver", solverModeName(settings.mode)},
                            {"model", constraintModelName(settings.constraintModel)},
                            {"integrator", integratorName(settings.integrator)},
                            {"substeps", settings.substeps},
                            {"iterations", settings.iterations},
                            {"omega", settings.omega},
                            {"fuse_small_levels", settings.fuseSmallLevels},
                            {"coarse_threads", coarseLevelsThreads(ctx, settings)},
                            {"hierarchy", hierarchyJson(layout)},
                            {"colouring", colouringJson(layout)},
                            {"wall_ms_per_frame", wallMs / options.frames},
                            {"gpu_ms_last_frame", gpuFrameMs},
                            {"passes_per_frame", solver.passesPerFrame()},
                            {"stage_times_last_frame", stageTimesJson(stages)},
                            {"strain", strainJson(strain)},
                            {"diagnostics", diagnosticsJson(solved, diagnostics)}};
  if (model.contacts.enabled) summary["contacts"] = contactListsJson(solver, model);
  writeObj(options.outDir + "/final.obj", solved, state);
  writeStateJson(options.outDir + "/state.json", state, summary, {{"model", modelJson(solved)}});

  std::printf(
      "frames: %u, %.3f ms per frame (wall, incl. read-backs), GPU %.3f ms for the last frame (%u passes)\n",
      options.frames, wallMs / options.frames, gpuFrameMs, solver.passesPerFrame());
  for (const vk::StageTime& s : stages)
    if (s.passes > 0) std::printf("  %-22s %8.3f ms  (%u passes)\n", s.name.c_str(), s.ms, s.passes);
  if (strain.constraints > 0)
    std::printf("max constraint violation: %.6f m (max strain %.4f%%, median %.4f%%, p99 %.4f%%)\n",
                strain.maxViolation, 100.0 * strain.maxStrain, 100.0 * strain.medianStrain,
                100.0 * strain.p99Strain);
  else  // a scene of soft bodies only: "0 m" would read as "satisfied"; the element lines below measure them
    std::printf("max constraint violation: no distance constraints (elements: below)\n");
  std::printf("%s", diagnosticsText(diagnostics).c_str());
  if (trajectory)
    std::printf("wrote %u trajectory records (every %u frames) to %s\n", trajectory->records(), every,
                options.trajectory.c_str());
  if (exporter)
    std::printf("exported %llu frames (every %u frames) of %zu bodies to %s/scene.usda and %s/BODY/*.obj\n",
                static_cast<unsigned long long>(exporter->framesWritten()), exportEvery,
                exporter->bodies().size(), options.exportDir.c_str(), options.exportDir.c_str());
  if (model.contacts.enabled) printContactLists(summary["contacts"]);
  std::printf("wrote %s/final.obj and %s/state.json\n", options.outDir.c_str(), options.outDir.c_str());
  if (ctx.validationEnabled()) {
    std::printf("validation messages: %u\n", ctx.validationMessageCount());
    if (ctx.validationMessageCount() > 0) return kExitValidation;
  }
  return kExitOk;
}

int devicesCommand() {
  for (const vk::DeviceInfo& d : vk::Context::listDevices())
    std::printf("%u: %s (%s, Vulkan %u.%u)\n", d.index, d.name.c_str(), d.type.c_str(),
                VK_API_VERSION_MAJOR(d.apiVersion), VK_API_VERSION_MINOR(d.apiVersion));
  return kExitOk;
}

}  // namespace vkxpbd
