#include "lab/converge_output.h"

#include <cstdio>
#include <sstream>

#include "common/output.h"
#include "lab/svg_plot.h"

namespace vkxpbd::lab {

namespace {

std::string label(const MethodSpec& m) {
  char buf[64];
  if (m.mode == SolverMode::Jacobi) {
    std::snprintf(buf, sizeof(buf), "%s (w=%.2f)", m.name.c_str(), m.omega);
    return buf;
  }
  if (m.maxColours) {
    std::snprintf(buf, sizeof(buf), "%s (%u col/kind)", m.name.c_str(), *m.maxColours);
    return buf;
  }
  return m.name;
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
         "momentum_residual_max_m,residual_full_l2\n";
  char buf[256];
  for (const MethodCurve& c : r.methods)
    for (const IterationRow& row : c.rows) {
      std::snprintf(buf, sizeof(buf), "%s,%.3f,%u,%.9g,%.9g,%.9g,%.9g,%.6f,%.9g,%.9g\n", c.spec.name.c_str(),
                    c.spec.omega, row.iterations, row.metrics.residualL2, row.metrics.residualMax,
                    row.metrics.maxStrain, row.distanceToReference, row.gpuMs, row.metrics.momentumMax,
                    row.metrics.fullL2);
      csv << buf;
    }
  return csv.str();
}

void writeConvergenceFiles(const std::string& dir, const ConvergenceReport& r, const nlohmann::json& header) {
  nlohmann::json json = header;
  json.update(convergenceJson(r));
  writeTextFile(dir + "/converge.json", json.dump(2) + "\n");
  writeTextFile(dir + "/converge.csv", convergenceCsv(r));

  std::vector<PlotSeries> byIteration, byTime, fullByIteration;
  for (const MethodCurve& c : r.methods) {
    PlotSeries a{label(c.spec), {}, {}}, b{label(c.spec), {}, {}}, f{label(c.spec), {}, {}};
    for (const IterationRow& row : c.rows) {
      const double rel =
          r.initialResidualL2 > 0.0 ? row.metrics.residualL2 / r.initialResidualL2 : row.metrics.residualL2;
      a.x.push_back(row.iterations);
      a.y.push_back(rel);
      b.x.push_back(row.gpuMs);
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
  PlotOptions o;
  o.title = "XPBD residual within one substep: " + scene;
  o.xLabel = "iterations";
  o.yLabel = "||C + alpha~ lambda|| / ||C(x~)||";
  writeTextFile(dir + "/residual_vs_iterations.svg", svgLinePlot(byIteration, o));
  o.xLabel = "GPU time of the substep (ms)";
  writeTextFile(dir + "/residual_vs_gpu_time.svg", svgLinePlot(byTime, o));
  o.title = "Full residual (with the momentum equation): " + scene;
  o.xLabel = "iterations";
  o.yLabel = "||(C + alpha~ lambda, g)|| / ||C(x~)||";
  writeTextFile(dir + "/full_residual_vs_iterations.svg", svgLinePlot(fullByIteration, o));
}

}  // namespace vkxpbd::lab
