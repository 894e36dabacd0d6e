// `vkxpbd converge`: the convergence lab (engine/lab/convergence.h, docs/convergence.md). Simulates F
// frames of the scene on the GPU, then measures one substep from there with every method and k.
// `vkxpbd stiffness`: PBD vs XPBD sag and stretch at several iteration counts (engine/lab/stiffness.h).
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "app/commands.h"
#include "app/output_check.h"
#include "app/report.h"
#include "common/output.h"
#include "common/progress.h"
#include "gpu/gpu_solver.h"
#include "lab/converge_output.h"
#include "lab/stiffness.h"
#include "plot/line_plot.h"
#include "scene/builtin_scenes.h"
#include "sim/cloth_builder.h"
#include "sim/diagnostics.h"

namespace vkxpbd {

namespace {

// A measured curve with NaN or infinity in it (an exploding scene) is an error, not a file to write.
std::optional<std::string> nonFiniteInReport(const lab::ConvergenceReport& report) {
  if (!std::isfinite(report.initialResidualL2)) return "the initial residual is not finite";
  for (const lab::MethodCurve& c : report.methods)
    for (const lab::IterationRow& r : c.rows) {
      const double values[] = {r.metrics.residualL2, r.metrics.residualMax, r.metrics.maxStrain,
                               r.metrics.fullL2, r.distanceToReference};
      for (double v : values)
        if (!std::isfinite(v))
          return "method " + c.spec.name + ", " + std::to_string(r.iterations) +
                 " iterations: a non-finite residual, strain or distance";
    }
  return std::nullopt;
}

}  // namespace

int convergeCommand(const ConvergeOptions& options) {
  requireWritableDirectory("--out", options.outDir);
  SceneDesc scene = options.scene.empty() ? builtinScene("standard_cloth") : loadScene(options.scene);
  if (options.integrator) scene.solver.integrator = *options.integrator;
  const Model model = buildModel(scene);
  const SolverSettings& settings = scene.solver;
  std::printf("scene: %s (%s), %u particles, %zu constraints\n", scene.name.c_str(), scene.path.c_str(),
              model.particleCount(), model.constraintCount());

  vk::Context ctx(contextOptions(options.common));
  State state = makeInitialState(model);
  if (options.framesBefore > 0) {
    const SolverLayout layout = buildSolverLayout(model, settings);
    GpuSolverOptions untimed;
    untimed.timestamps = false;
    GpuSolver solver(ctx, model, settings, layout, untimed);
    solver.simulate(options.framesBefore);
    state = solver.download();
    if (std::optional<std::string> error = nonFiniteError(model, state)) {
      std::fprintf(stderr, "error: converge: %s (before the measured substep)\n", error->c_str());
      return kExitNonFinite;
    }
  }

  lab::ConvergeConfig config;
  config.maxIterations = options.iterations;
  std::optional<Progress> progress;
  config.onStep = [&](uint32_t done, uint32_t total) {
    if (!progress)
      progress.emplace(progressStyle(options.common.quiet), "converge " + scene.name, total, "steps");
    progress->update(done);
  };
  const lab::ConvergenceReport report = lab::runConvergence(ctx, model, settings, state, config);
  if (progress) progress->finish();

  const nlohmann::json header = {
      {"device", deviceJson(ctx)},
      {"scene", scene.name},
      {"scene_path", scene.path},
      {"particles", model.particleCount()},
      {"constraints", model.constraintCount()},
      {"frames_before", options.framesBefore},
      {"scene_substeps", settings.substeps},
      {"scene_iterations", settings.iterations},
      {"max_iterations", options.iterations},
      {"collisions", !model.colliders.empty() ? "applied once after the last iteration" : "none"}};
  if (std::optional<std::string> error = nonFiniteInReport(report)) {
    std::fprintf(stderr, "error: converge: %s; no files written\n", error->c_str());
    return kExitNonFinite;
  }
  const std::vector<std::string> plotNotes = lab::writeConvergenceFiles(options.outDir, report, header);

  std::printf("step: dt %.6f s after %u frames; initial residual |C(x~)| = %.3e m; reference: gs x %u\n",
              report.dt, options.framesBefore, report.initialResidualL2, report.referenceIterations);
  std::printf("jacobi omega search at K = %u:", options.iterations);
  for (const auto& [w, res] : report.omegaSearch) std::printf(" %.2f:%.3e", w, res);
  std::printf(" -> %.2f\n", report.chosenOmega);
  std::printf("%-17s %6s %12s %12s %12s %10s   k (GPU ms) to 0.5 / 0.1 / 1e-2 / 1e-4 / 1e-6 relative\n",
              "method", "omega", "residual_K", "strain_K", "dist_ref_m", "gpu_ms_K");
  for (const lab::MethodCurve& c : report.methods) {
    const lab::IterationRow& last = c.rows.back();
    std::printf("%-17s %6.2f %12.4e %12.4e %12.4e %10.3f  ", c.spec.name.c_str(), c.spec.omega,
                last.metrics.residualL2, last.metrics.maxStrain, last.distanceToReference, last.gpuMs);
    for (const lab::ToleranceHit& h :
         lab::toleranceHits(c, report.initialResidualL2, lab::kRelativeTolerances)) {
      if (h.iterations)
        std::printf(" %u (%.3f)", *h.iterations, *h.gpuMs);
      else
        std::printf(" -");
    }
    std::printf("\n");
  }
  if (report.newton.ran) {
    std::printf("newton: %s, %zu steps, residual %.3e m, |x_gs,K - x_newton| = %.3e m\n",
                report.newton.message.c_str(), report.newton.residuals.size() - 1,
                report.newton.residuals.empty() ? 0.0 : report.newton.residuals.back(),
                report.newton.distanceGsK);
    for (const lab::MethodCurve& c : report.methods)
      if (c.rows.back().distanceToNewton)
        std::printf("  |x_K - x_newton| %-17s %.3e m\n", c.spec.name.c_str(),
                    *c.rows.back().distanceToNewton);
  } else
    std::printf("newton: %s\n", report.newton.message.c_str());
  for (const std::string& note : plotNotes) std::printf("warning: %s\n", note.c_str());
  std::printf("wrote %s/converge.csv, converge.json and 3 plots (SVG%s)\n", options.outDir.c_str(),
              plotNotes.empty() ? " and PNG" : "");
  if (ctx.validationEnabled()) {
    std::printf("validation messages: %u\n", ctx.validationMessageCount());
    if (ctx.validationMessageCount() > 0) return kExitValidation;
  }
  return kExitOk;
}

int stiffnessCommand(const StiffnessOptions& options) {
  requireWritableDirectory("--out", options.outDir);
  SceneDesc scene = options.scene.empty() ? builtinScene("standard_cloth") : loadScene(options.scene);
  if (options.integrator) scene.solver.integrator = *options.integrator;
  const Model model = buildModel(scene);
  std::printf("scene: %s (%s), %u particles, %zu constraints; %u frames, %u substeps\n", scene.name.c_str(),
              scene.path.c_str(), model.particleCount(), model.distance.size(), options.frames,
              scene.solver.substeps);
  const lab::SagMeasure measure = lab::sagMeasure(model);
  std::printf("%s\n", lab::sagMeasureNote(measure).c_str());
  vk::Context ctx(contextOptions(options.common));
  Progress progress(progressStyle(options.common.quiet), "stiffness " + scene.name,
                    2ull * options.iterations.size() * options.frames);
  const std::vector<lab::StiffnessRow> rows =
      lab::runStiffness(ctx, model, scene.solver, options.frames, options.iterations,
                        [&](uint64_t done, uint64_t) { progress.update(done); });
  progress.finish();
  for (const lab::StiffnessRow& r : rows)
    if (r.nonFinite) {
      std::fprintf(stderr, "error: stiffness: %s, %u iterations: %s\n",
                   constraintModelName(r.constraintModel), r.iterations, r.nonFinite->c_str());
      return kExitNonFinite;
    }
  writeTextFile(options.outDir + "/stiffness.csv", lab::stiffnessCsv(rows));
  std::vector<std::string> written{"stiffness.csv"}, notes;
  auto write = [&](const std::string& name, const plot::Figure& figure) {
    const std::optional<std::string> note = plot::writePlot(options.outDir + "/" + name, figure);
    written.push_back(name + (note ? ".svg" : ".svg/.png"));
    if (note) notes.push_back(*note);
  };
  if (std::optional<plot::Figure> sag = lab::stiffnessPlot(rows, scene.name, measure))
    write("stiffness", *sag);
  if (measureStrain(model, model.restPositions, ConstraintKind::Stretch).constraints > 0)
    write("stiffness_stretch", lab::stretchPlot(rows, scene.name));
  else
    std::printf("no stretch constraints in this scene: no stretch plot\n");
  std::printf("%-6s %10s %12s %14s %14s\n", "model", "iterations", "sag_m", "median_strain", "max_strain");
  for (const lab::StiffnessRow& r : rows)
    std::printf("%-6s %10u %12.6f %14.6e %14.6e\n", constraintModelName(r.constraintModel), r.iterations,
                r.sag, r.medianStrain, r.maxStrain);
  for (const std::string& note : notes) std::printf("warning: %s\n", note.c_str());
  std::printf("wrote into %s:", options.outDir.c_str());
  for (const std::string& w : written) std::printf(" %s", w.c_str());
  std::printf("\n");
  if (ctx.validationEnabled()) {
    std::printf("validation messages: %u\n", ctx.validationMessageCount());
    if (ctx.validationMessageCount() > 0) return kExitValidation;
  }
  return kExitOk;
}

}  // namespace vkxpbd
