// Files of `vkxpbd converge`: converge.csv, converge.json and the plots residual_vs_iterations.svg,
// residual_vs_gpu_time.svg and full_residual_vs_iterations.svg (docs/convergence.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "lab/convergence.h"

namespace vkxpbd::lab {

// The relative tolerances of the "iterations to reach" table (‖r_k‖₂ ≤ tol · ‖C(x̃)‖₂).
inline const std::vector<double> kRelativeTolerances{0.5, 0.1, 1e-2, 1e-4, 1e-6};

nlohmann::json convergenceJson(const ConvergenceReport& report);
std::string convergenceCsv(const ConvergenceReport& report);

// Writes the five files into dir; `header` (device, scene, …) is merged into converge.json.
void writeConvergenceFiles(const std::string& dir, const ConvergenceReport& report,
                           const nlohmann::json& header);

}  // namespace vkxpbd::lab
