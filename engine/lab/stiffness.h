// `vkxpbd stiffness`: the same cloth simulated with PBD and with XPBD at several iteration counts per
// substep. PBD's effective stiffness grows with the iterations (k_eff = 1 − (1 − k)^n per substep);
// XPBD's converged result depends on the compliance α only, so once the iterations solve each substep
// the sag and stretch stop changing (docs/convergence.md).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "plot/figure.h"
#include "sim/model.h"
#include "vk/context.h"

namespace vkxpbd::lab {

// What "sag" means for a model. Pins: the highest pinned y − the lowest particle y (m). No pins but a
// collider (bodies resting on the ground): the height lost against the rest shape, (max − min y at rest)
// − (max − min y after the frames) (m), which assumes the bodies have come to rest without tipping over.
// Neither: nothing holds the bodies against gravity, they fall freely and keep their shape, so there is
// no sag to measure (only the stretch).
enum class SagMeasure { BelowPins, HeightLost, None };
SagMeasure sagMeasure(const Model& model);
const char* sagMeasureLabel(SagMeasure measure);  // the plot's y axis, with its unit
std::string sagMeasureNote(SagMeasure measure);  // one sentence for the console: what is measured, or why not

struct StiffnessRow {
  ConstraintModel constraintModel = ConstraintModel::Xpbd;
  uint32_t iterations = 0;
  double sag = 0.0;                      // see SagMeasure, m; NaN for SagMeasure::None
  double medianStrain = 0.0;             // median stretch |C| / rest (dimensionless)
  double maxStrain = 0.0;                // max stretch |C| / rest
  std::optional<std::string> nonFinite;  // nonFiniteError of the final state
};

// Sag of the positions x (m) as `measure` defines it.
double measureSag(const Model& model, const std::vector<glm::vec4>& x, SagMeasure measure);

// Both models at every iteration count, `frames` frames each, from the initial state. `onFrames`, when
// set, is called as the frames advance: frames done over all cases, frames in all.
std::vector<StiffnessRow> runStiffness(const vk::Context& ctx, const Model& model,
                                       const SolverSettings& settings, uint32_t frames,
                                       const std::vector<uint32_t>& iterationCounts,
                                       const std::function<void(uint64_t, uint64_t)>& onFrames = {});

std::string stiffnessCsv(const std::vector<StiffnessRow>& rows);
// Sag vs iterations (log x), one line per model; nullopt for SagMeasure::None.
std::optional<plot::Figure> stiffnessPlot(const std::vector<StiffnessRow>& rows, const std::string& sceneName,
                                          SagMeasure measure);
// Median and max stretch strain vs iterations (log x, log y), two lines per model.
plot::Figure stretchPlot(const std::vector<StiffnessRow>& rows, const std::string& sceneName);

}  // namespace vkxpbd::lab
