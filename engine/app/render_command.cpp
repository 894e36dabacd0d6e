// `vkxpbd render`: simulate a scene and draw frames offscreen (no window) into PNG files. The renderer
// reads the solver's own position buffer; nothing is copied between simulating and drawing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>

#include "app/commands.h"
#include "app/output_check.h"
#include "app/report.h"
#include "app/video.h"
#include "common/output.h"
#include "common/progress.h"
#include "export/animation_export.h"
#include "gpu/gpu_solver.h"
#include "render/offscreen_renderer.h"
#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"
#include "sim/diagnostics.h"

namespace vkxpbd {

namespace {

std::string framePath(const std::string& dir, uint32_t frame) {
  char name[32];
  std::snprintf(name, sizeof(name), "frame_%05u.png", frame);
  return dir + "/" + name;
}

// The camera: each of --eye, --target and --fov given replaces that part of the scene's "camera", which
// replaces that part of the camera framing the scene. Throws UsageError for an eye on the target or
// straight above or below it.
render::OrbitCamera chooseCamera(const RenderOptions& options, const SceneDesc& scene,
                                 const render::OrbitCamera& framing) {
  glm::vec3 eye = scene.camera ? scene.camera->eye : framing.eye();
  glm::vec3 target = scene.camera ? scene.camera->target : framing.target;
  float fovDegrees = scene.camera ? scene.camera->fovDegrees : glm::degrees(framing.fovY);
  if (!scene.camera && !options.eye && options.target)
    eye = *options.target + (framing.eye() - framing.target);
  if (options.eye) eye = *options.eye;
  if (options.target) target = *options.target;
  if (options.fovDegrees) fovDegrees = *options.fovDegrees;
  const glm::vec3 d = eye - target;
  if (!(glm::length(d) > 1e-6f)) throw UsageError("render: the camera's eye and target are the same point");
  if (std::abs(d.y) > 0.9999f * glm::length(d))
    throw UsageError(
        "render: the camera looks straight up or down (the picture's up is +y): move --eye sideways");
  return render::lookAtCamera(eye, target, glm::radians(fovDegrees));
}

}  // namespace

int renderCommand(const RenderOptions& options) {
  requireWritableDirectory("--out", options.outDir);
  if (!options.exportDir.empty()) requireWritableDirectory("--export", options.exportDir);
  SceneDesc scene = options.scene.empty() ? builtinScene("flag") : loadScene(options.scene);
  options.overrides.applyTo(scene.solver);
  const Model model = buildModel(scene);
  if (!options.exportDir.empty()) {
    // The rendered frames: 0, K, 2K, ... and the last, at most ceil(N/K) + 1.
    const uint32_t rounded = options.frames + (options.frames % options.every ? options.every : 0);
    const std::string error = exportSizeError(options.exportDir, exportBodies(model), rounded, options.every);
    if (!error.empty()) throw UsageError("--export " + options.exportDir + ": " + error);
  }
  std::printf("scene: %s (%s), %u particles, %zu constraints\n", scene.name.c_str(), scene.path.c_str(),
              model.particleCount(), model.constraintCount());

  vk::Context ctx(contextOptions(options.common));
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  GpuSolverOptions solverOptions;
  solverOptions.timestamps = false;
  GpuSolver solver(ctx, model, scene.solver, layout, render::rendererSolverOptions(solverOptions));
  render::OffscreenRenderer renderer(ctx, model, solver, options.width, options.height);
  renderer.scene().view = render::viewModeFromName(options.view);
  const bool stressView = renderer.scene().view == render::ViewMode::Stress;
  bool stressScaleChosen = options.stressScale.has_value();
  if (options.stressScale) renderer.scene().stressScale = *options.stressScale;
  const render::OrbitCamera camera = chooseCamera(options, scene, renderer.framingCamera());
  const glm::vec3 eye = camera.eye();
  std::printf(
      "camera: eye (%.3g, %.3g, %.3g) m, target (%.3g, %.3g, %.3g) m, vertical field of view %.3g deg%s\n",
      eye.x, eye.y, eye.z, camera.target.x, camera.target.y, camera.target.z, glm::degrees(camera.fovY),
      options.eye || options.target || options.fovDegrees ? " (command line)"
      : scene.camera                                      ? " (scene)"
                                                          : " (framing the scene)");
  std::printf("render: %u x %u, %ux MSAA, frames 0..%u every %u, into %s\n", options.width, options.height,
              static_cast<uint32_t>(renderer.target().samples()), options.frames, options.every,
              options.outDir.c_str());

  double renderMs = 0.0;
  uint32_t written = 0;
  uint32_t simulated = 0;
  std::optional<AnimationExporter> exporter;
  if (!options.exportDir.empty())
    exporter.emplace(options.exportDir, model, scene.solver.frameDt, options.frames);
  const auto start = std::chrono::steady_clock::now();
  Progress progress(progressStyle(options.common.quiet), "render " + scene.name, options.frames);
  for (uint32_t frame = 0;; frame = std::min(frame + options.every, options.frames)) {
    solver.simulate(frame - simulated);  // queued; the render submission runs after it
    simulated = frame;  // a tear is drawn from the solver's own triangle buffer: nothing to upload
    if (stressView && !stressScaleChosen && renderer.scene().autoStressScale(solver)) {
      stressScaleChosen = true;
      std::printf("stress view: red at %g N (the 99th percentile of the constraint forces at frame %u)\n",
                  renderer.scene().stressScale, frame);
    }
    const auto t0 = std::chrono::steady_clock::now();
    render::Image image = renderer.render(camera);
    renderMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    // Checked before the frame is written: no picture of a NaN state is left behind.
    const State state = solver.download();
    if (std::optional<std::string> error = nonFiniteError(model, state)) {
      std::fprintf(stderr, "error: render: %s\n", error->c_str());
      return kExitNonFinite;
    }
    if (exporter) exporter->write(frame, state.positions, solver.model());
    renderer.drawLegend(image);
    render::writePng(framePath(options.outDir, frame), image);
    ++written;
    progress.update(frame);
    if (frame == options.frames) break;
  }
  progress.finish();
  if (exporter) {
    exporter->close();
    std::printf("exported %llu frames of %zu bodies to %s/scene.usda and %s/BODY/*.obj\n",
                static_cast<unsigned long long>(exporter->framesWritten()), exporter->bodies().size(),
                options.exportDir.c_str(), options.exportDir.c_str());
  }
  const double wallS = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf(
      "wrote %u frames (%s .. %s) in %.2f s; %.2f ms per rendered frame incl. the solver frames "
      "queued before it and the read-back\n",
      written, framePath(options.outDir, 0).c_str(), framePath(options.outDir, options.frames).c_str(), wallS,
      renderMs / written);
  if (!options.video) {
    std::printf("no video (--no-video): the frames are the PNG files in %s\n", options.outDir.c_str());
  } else if (!ffmpegAvailable()) {
    std::printf(
        "no video: ffmpeg is not installed (Debian package ffmpeg); the frames are the PNG files in %s\n",
        options.outDir.c_str());
  } else {
    // One picture per K simulated frames: played at the simulation's own speed.
    const double fps = 1.0 / (static_cast<double>(scene.solver.frameDt) * options.every);
    const std::string video = options.outDir + "/video.mp4";
    if (std::optional<std::string> error = encodeVideo(options.outDir, video, fps)) {
      std::fprintf(stderr, "error: render: %s\n", error->c_str());
      return kExitFailure;
    }
    std::printf("video: %s (%u frames at %.3g frames per second)\n", video.c_str(), written, fps);
  }
  if (ctx.validationEnabled()) {
    std::printf("validation messages: %u\n", ctx.validationMessageCount());
    if (ctx.validationMessageCount() > 0) return kExitValidation;
  }
  return kExitOk;
}

}  // namespace vkxpbd
