#include "lab/stiffness.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "gpu/gpu_solver.h"
#include "lab/svg_plot.h"
#include "sim/diagnostics.h"
#include "sim/solver_layout.h"

namespace vkxpbd::lab {

namespace {

double sagOf(const Model& model, const std::vector<glm::vec4>& x) {
  double top = -std::numeric_limits<double>::infinity(), low = std::numeric_limits<double>::infinity();
  for (uint32_t i = 0; i < model.particleCount(); ++i) {
    low = std::min(low, static_cast<double>(x[i].y));
    if (model.restPositions[i].w <= 0.0f) top = std::max(top, static_cast<double>(x[i].y));
  }
  if (!std::isfinite(top))  // no pins: below the highest rest position
    for (const glm::vec4& p : model.restPositions) top = std::max(top, static_cast<double>(p.y));
  return top - low;
}

}  // namespace

std::vector<StiffnessRow> runStiffness(const vk::Context& ctx, const Model& model,
                                       const SolverSettings& settings, uint32_t frames,
                                       const std::vector<uint32_t>& iterationCounts) {
  std::vector<StiffnessRow> rows;
  for (ConstraintModel cm : {ConstraintModel::Pbd, ConstraintModel::Xpbd})
    for (uint32_t k : iterationCounts) {
      SolverSettings s = settings;
      s.constraintModel = cm;
      s.iterations = k;
      const SolverLayout layout = buildSolverLayout(model, s);
      GpuSolverOptions untimed;  // on lavapipe every timestamp serializes the queue: many times slower
      untimed.timestamps = false;
      GpuSolver solver(ctx, model, s, layout, untimed);
      solver.simulate(frames);
      const State state = solver.download();
      StiffnessRow row;
      row.constraintModel = cm;
      row.iterations = k;
      row.sag = sagOf(model, state.positions);
      const StrainStats strain = measureStrain(model, state.positions, ConstraintKind::Stretch);
      row.medianStrain = strain.medianStrain;
      row.maxStrain = strain.maxStrain;
      row.nonFinite = nonFiniteError(model, state);
      rows.push_back(row);
    }
  return rows;
}

std::string stiffnessCsv(const std::vector<StiffnessRow>& rows) {
  std::ostringstream csv;
  csv << "model,iterations,sag_m,median_stretch_strain,max_stretch_strain\n";
  char buf[160];
  for (const StiffnessRow& r : rows) {
    std::snprintf(buf, sizeof(buf), "%s,%u,%.9g,%.9g,%.9g\n", constraintModelName(r.constraintModel),
                  r.iterations, r.sag, r.medianStrain, r.maxStrain);
    csv << buf;
  }
  return csv.str();
}

std::string stiffnessSvg(const std::vector<StiffnessRow>& rows, const std::string& sceneName) {
  std::vector<PlotSeries> series;
  for (ConstraintModel cm : {ConstraintModel::Pbd, ConstraintModel::Xpbd}) {
    PlotSeries s{constraintModelName(cm), {}, {}};
    for (const StiffnessRow& r : rows)
      if (r.constraintModel == cm) {
        s.x.push_back(r.iterations);
        s.y.push_back(r.sag);
      }
    series.push_back(std::move(s));
  }
  PlotOptions o;
  o.title = "Sag vs iterations per substep: " + sceneName;
  o.xLabel = "iterations per substep";
  o.yLabel = "sag below the pins (m)";
  o.logX = true;
  o.logY = false;
  return svgLinePlot(series, o);
}

}  // namespace vkxpbd::lab
