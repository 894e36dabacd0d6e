// `vkxpbd stiffness`: the same cloth simulated with PBD and with XPBD at several iteration counts per
// substep. PBD's effective stiffness grows with the iterations (k_eff = 1 − (1 − k)^n per substep);
// XPBD's converged result depends on the compliance α only, so once the iterations solve each substep
// the sag and stretch stop changing (docs/convergence.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/model.h"
#include "vk/context.h"

namespace vkxpbd::lab {

struct StiffnessRow {
  ConstraintModel constraintModel = ConstraintModel::Xpbd;
  uint32_t iterations = 0;
  double sag = 0.0;                      // highest pinned y − lowest particle y after the frames, m
  double medianStrain = 0.0;             // median stretch |C| / rest (dimensionless)
  double maxStrain = 0.0;                // max stretch |C| / rest
  std::optional<std::string> nonFinite;  // nonFiniteError of the final state
};

// Both models at every iteration count, `frames` frames each, from the initial state.
std::vector<StiffnessRow> runStiffness(const vk::Context& ctx, const Model& model,
                                       const SolverSettings& settings, uint32_t frames,
                                       const std::vector<uint32_t>& iterationCounts);

std::string stiffnessCsv(const std::vector<StiffnessRow>& rows);
// Sag vs iterations (log x), one line per model.
std::string stiffnessSvg(const std::vector<StiffnessRow>& rows, const std::string& sceneName);

}  // namespace vkxpbd::lab
