#include "lab/converge_output.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "common/output.h"
#include "plot/line_plot.h"

namespace vkxpbd::lab {

namespace {

std::string label(const MethodSpec& m) {
  // "gs_hierarchy" reads "gs + hierarchy" in the legends.
  const std::string name =
      m.hierarchy ? m.name.substr(0, m.name.find("_hierarchy")) + " + hierarchy" : m.name;
  char buf[80];
  if (m.mode == SolverMode::Jacobi) {
    std::snprintf(buf, sizeof(buf), "%s (ω = %.2f)", name.c_str(), m.omega);
    return buf;
  }
  if (m.maxColours) {
    std::snprintf(buf, sizeof(buf), "%s (%u colours/kind)", name.c_str(), *m.maxColours);
    return buf;
  }
  return name;
}

nlohmann::json optionalJson(const std::optional<uint32_t>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json();
}
nlohmann::json optionalJson(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json();
}

}  // namespace

nlohmann::json convergenceJson(const ConvergenceReport& r) {
  nlohmann::json methods = nlohmann::json::array();
  for (const MethodCurve& c : r.methods) {
    nlohmann::json rows = nlohmann::json::array();
    for (const IterationRow& row : c.rows)
      rows.push_back({{"iterations", row.iterations},
                      {"residual_l2", row.metrics.residualL2},
                      {"residual_max", row.metrics.residualMax},
                      {"max_strain", row.metrics.maxStrain},
                      {"momentum_residual_max_m", row.metrics.momentumMax},
                      {"residual_full_l2", row.metrics.fullL2},
                      {"distance_to_reference_m", row.distanceToReference},
                      {"distance_to_newton_m", optionalJson(row.distanceToNewton)},
                      {"gpu_ms", row.gpuMs}});
    nlohmann::json hits = nlohmann::json::array();
    for (const ToleranceHit& h : toleranceHits(c, r.initialResidualL2, kRelativeTolerances))
      hits.push_back({{"relative_tolerance", h.relativeTolerance},
                      {"iterations", optionalJson(h.iterations)},
                      {"gpu_ms", optionalJson(h.gpuMs)}});
    methods.push_back(
        {{"name", c.spec.name},
         {"label", label(c.spec)},
         {"mode", solverModeName(c.spec.mode)},
         {"model", constraintModelName(c.spec.constraintModel)},
         {"omega", c.spec.omega},
         {"hierarchy", c.spec.hierarchy},
         {"hierarchy_levels", c.hierarchyLevels},
         {"max_colours_per_kind",
          optionalJson(c.spec.maxColours ? std::optional<uint32_t>(*c.spec.maxColours) : std::nullopt)},
         {"residual_is", c.spec.constraintModel == ConstraintModel::Pbd ? "C (PBD has no lambda)"
                                                                        : "C + alpha_tilde lambda"},
         {"to_tolerance", hits},
         {"rows", rows}});
  }
  nlohmann::json omega = nlohmann::json::array();
  for (const auto& [w, res] : r.omegaSearch) omega.push_back({{"omega", w}, {"residual_l2_at_K", res}});
  nlohmann::json newton = {{"ran", r.newton.ran},
                           {"message", r.newton.message},
                           {"residuals_m", r.newton.residuals},
                           {"distance_gs_K_m", r.newton.distanceGsK},
                           {"distance_gs_per_k_m", r.newton.distanceGsPerRow}};
  return {{"dt_s", r.dt},
          {"initial_residual_l2_m", r.initialResidualL2},
          {"iterations_measured", r.iterationCounts},
          {"reference_gs_iterations", r.referenceIterations},
          {"omega_search", omega},
          {"chosen_omega", r.chosenOmega},
          {"newton", newton},
          {"methods", methods}};
}

std::string convergenceCsv(const ConvergenceReport& r) {
  std::ostringstream csv;
  csv << "method,omega,iterations,residual_l2,residual_max,max_strain,distance_to_reference_m,gpu_ms,"
         "momentum_residual_max_m,residual_full_l2,distance_to_newton_m\n";
  char buf[256];
  for (const MethodCurve& c : r.methods)
    for (const IterationRow& row : c.rows) {
      std::snprintf(buf, sizeof(buf), "%s,%.3f,%u,%.9g,%.9g,%.9g,%.9g,%.6f,%.9g,%.9g,", c.spec.name.c_str(),
                    c.spec.omega, row.iterations, row.metrics.residualL2, row.metrics.residualMax,
                    row.metrics.maxStrain, row.distanceToReference, row.gpuMs, row.metrics.momentumMax,
                    row.metrics.fullL2);
      csv << buf;
      // Empty where the Newton reference did not run (large models, element constraints).
      if (row.distanceToNewton) {
        std::snprintf(buf, sizeof(buf), "%.9g", *row.distanceToNewton);
        csv << buf;
      }
      csv << "\n";
    }
  return csv.str();
}

std::vector<double> fittedGpuMs(const MethodCurve& curve) {
  const size_t n = curve.rows.size();
  double sk = 0.0, st = 0.0, skk = 0.0, skt = 0.0;
  for (const IterationRow& row : curve.rows) {
    sk += row.iterations, st += row.gpuMs, skk += double(row.iterations) * row.iterations;
    skt += double(row.iterations) * row.gpuMs;
  }
  const double det = double(n) * skk - sk * sk;
  double slope = det > 0.0 ? (double(n) * skt - sk * st) / det : 0.0;  // ms per iteration
  slope = std::max(slope, 0.0);
  double intercept = n > 0 ? (st - slope * sk) / double(n) : 0.0;  // ms
  if (intercept < 0.0) {
    // Noisy times can tilt the free fit below 0 ms at small k; a step's time is not negative, so fit the
    // line through the origin instead (least squares of t = slope·k).
    intercept = 0.0;
    slope = skk > 0.0 ? std::max(skt / skk, 0.0) : 0.0;
  }
  std::vector<double> fitted;
  for (const IterationRow& row : curve.rows) fitted.push_back(intercept + slope * row.iterations);
  return fitted;
}

std::vector<std::string> writeConvergenceFiles(const std::string& dir, const ConvergenceReport& r,
                                               const nlohmann::json& header) {
  nlohmann::json json = header;
  json.update(convergenceJson(r));
  writeTextFile(dir + "/converge.json", json.dump(2) + "\n");
  writeTextFile(dir + "/converge.csv", convergenceCsv(r));

  std::vector<plot::Series> byIteration, byTime, fullByIteration;
  for (const MethodCurve& c : r.methods) {
    plot::Series a{label(c.spec), {}, {}}, b{label(c.spec), fittedGpuMs(c), {}}, f{label(c.spec), {}, {}};
    for (const IterationRow& row : c.rows) {
      const double rel =
          r.initialResidualL2 > 0.0 ? row.metrics.residualL2 / r.initialResidualL2 : row.metrics.residualL2;
      a.x.push_back(row.iterations);
      a.y.push_back(rel);
      b.y.push_back(rel);
      f.x.push_back(row.iterations);
      f.y.push_back(r.initialResidualL2 > 0.0 ? row.metrics.fullL2 / r.initialResidualL2
                                              : row.metrics.fullL2);
    }
    fullByIteration.push_back(std::move(f));
    byIteration.push_back(std::move(a));
    byTime.push_back(std::move(b));
  }
  const std::string scene = header.contains("scene") ? header["scene"].get<std::string>() : std::string();
  std::vector<std::string> notes;
  auto write = [&](const std::string& name, const std::vector<plot::Series>& series,
                   const plot::PlotOptions& o) {
    if (std::optional<std::string> note = plot::writePlot(dir + "/" + name, plot::linePlot(series, o)))
      notes.push_back(*note);
  };
  plot::PlotOptions o;
  o.title = "XPBD residual within one substep: " + scene;
  o.xLabel = "iterations k";
  o.yLabel = "relative residual ‖C + α̃λ‖ / ‖C(x̃)‖ (1)";
  o.logX = false;
  write("residual_vs_iterations", byIteration, o);
  o.xLabel = "GPU time of the substep (ms; least-squares t₀ + k·t₁ of the measured times)";
  write("residual_vs_gpu_time", byTime, o);
  o.title = "Full residual (with the momentum equation): " + scene;
  o.xLabel = "iterations k";
  o.yLabel = "relative residual ‖(C + α̃λ, g)‖ / ‖C(x̃)‖ (1)";
  write("full_residual_vs_iterations", fullByIteration, o);
  return notes;
}

}  // namespace vkxpbd::lab
