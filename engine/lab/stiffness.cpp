#include "lab/stiffness.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>

#include "gpu/gpu_solver.h"
#include "plot/line_plot.h"
#include "sim/diagnostics.h"
#include "sim/solver_layout.h"

namespace vkxpbd::lab {

namespace {

// Frames simulated between two progress reports.
constexpr uint32_t kProgressFrames = 5;

double heightOf(const std::vector<glm::vec4>& x, uint32_t count) {
  double top = -std::numeric_limits<double>::infinity(), low = std::numeric_limits<double>::infinity();
  for (uint32_t i = 0; i < count; ++i) {
    top = std::max(top, static_cast<double>(x[i].y));
    low = std::min(low, static_cast<double>(x[i].y));
  }
  return top - low;
}

}  // namespace

SagMeasure sagMeasure(const Model& model) {
  for (const glm::vec4& p : model.restPositions)
    if (p.w <= 0.0f) return SagMeasure::BelowPins;
  return model.colliders.empty() ? SagMeasure::None : SagMeasure::HeightLost;
}

const char* sagMeasureLabel(SagMeasure measure) {
  switch (measure) {
    case SagMeasure::BelowPins:
      return "sag below the pins (m)";
    case SagMeasure::HeightLost:
      return "height lost against the rest shape (m)";
    default:
      return "";
  }
}

std::string sagMeasureNote(SagMeasure measure) {
  switch (measure) {
    case SagMeasure::BelowPins:
      return "sag: the highest pinned particle's y minus the lowest particle's y";
    case SagMeasure::HeightLost:
      return "no pins: the sag is the height lost against the rest shape (rest height minus height after the "
             "frames), meaningful once the bodies rest on a collider without tipping over";
    default:
      return "no pins and no colliders: nothing holds the bodies against gravity, they fall freely keeping "
             "their "
             "shape, so there is no sag to measure; only the stretch is measured and plotted";
  }
}

double measureSag(const Model& model, const std::vector<glm::vec4>& x, SagMeasure measure) {
  const uint32_t n = model.particleCount();
  if (measure == SagMeasure::None) return std::numeric_limits<double>::quiet_NaN();
  if (measure == SagMeasure::HeightLost) return heightOf(model.restPositions, n) - heightOf(x, n);
  double top = -std::numeric_limits<double>::infinity(), low = std::numeric_limits<double>::infinity();
  for (uint32_t i = 0; i < n; ++i) {
    low = std::min(low, static_cast<double>(x[i].y));
    if (model.restPositions[i].w <= 0.0f) top = std::max(top, static_cast<double>(x[i].y));
  }
  return top - low;
}

std::vector<StiffnessRow> runStiffness(const vk::Context& ctx, const Model& model,
                                       const SolverSettings& settings, uint32_t frames,
                                       const std::vector<uint32_t>& iterationCounts,
                                       const std::function<void(uint64_t, uint64_t)>& onFrames) {
  std::vector<StiffnessRow> rows;
  const SagMeasure measure = sagMeasure(model);
  const uint64_t totalFrames = 2ull * iterationCounts.size() * frames;
  uint64_t framesDone = 0;
  for (ConstraintModel cm : {ConstraintModel::Pbd, ConstraintModel::Xpbd})
    for (uint32_t k : iterationCounts) {
      SolverSettings s = settings;
      s.constraintModel = cm;
      s.iterations = k;
      const SolverLayout layout = buildSolverLayout(model, s);
      GpuSolverOptions untimed;  // on lavapipe every timestamp serializes the queue: many times slower
      untimed.timestamps = false;
      GpuSolver solver(ctx, model, s, layout, untimed);
      for (uint32_t done = 0; done < frames;) {
        const uint32_t chunk = onFrames ? std::min(kProgressFrames, frames - done) : frames - done;
        solver.simulate(chunk);
        done += chunk;
        framesDone += chunk;
        if (onFrames) {
          solver.wait();
          onFrames(framesDone, totalFrames);
        }
      }
      const State state = solver.download();
      StiffnessRow row;
      row.constraintModel = cm;
      row.iterations = k;
      row.sag = measureSag(model, state.positions, measure);
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

std::optional<plot::Figure> stiffnessPlot(const std::vector<StiffnessRow>& rows, const std::string& sceneName,
                                          SagMeasure measure) {
  if (measure == SagMeasure::None) return std::nullopt;
  std::vector<plot::Series> series;
  for (ConstraintModel cm : {ConstraintModel::Pbd, ConstraintModel::Xpbd}) {
    plot::Series s{constraintModelName(cm), {}, {}};
    for (const StiffnessRow& r : rows)
      if (r.constraintModel == cm) {
        s.x.push_back(r.iterations);
        s.y.push_back(r.sag);
      }
    series.push_back(std::move(s));
  }
  plot::PlotOptions o;
  o.title = (measure == SagMeasure::BelowPins ? "Sag vs iterations per substep: "
                                              : "Height lost vs iterations per substep: ") +
            sceneName;
  o.xLabel = "iterations per substep";
  o.yLabel = sagMeasureLabel(measure);
  o.logX = true;
  o.logY = false;
  return plot::linePlot(series, o);
}

plot::Figure stretchPlot(const std::vector<StiffnessRow>& rows, const std::string& sceneName) {
  std::vector<plot::Series> series;
  for (ConstraintModel cm : {ConstraintModel::Pbd, ConstraintModel::Xpbd})
    for (bool max : {false, true}) {
      plot::Series s{std::string(constraintModelName(cm)) + (max ? ", max" : ", median"), {}, {}};
      for (const StiffnessRow& r : rows)
        if (r.constraintModel == cm) {
          s.x.push_back(r.iterations);
          s.y.push_back(max ? r.maxStrain : r.medianStrain);
        }
      series.push_back(std::move(s));
    }
  plot::PlotOptions o;
  o.title = "Stretch vs iterations per substep: " + sceneName;
  o.xLabel = "iterations per substep";
  o.yLabel = "stretch strain |ℓ − ℓ₀| / ℓ₀ (1)";
  o.logX = true;
  o.logY = true;
  return plot::linePlot(series, o);
}

}  // namespace vkxpbd::lab
