// Files of `vkxpbd converge`: converge.csv, converge.json and the plots residual_vs_iterations,
// residual_vs_gpu_time and full_residual_vs_iterations, each .svg and .png (docs/convergence.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "lab/convergence.h"

namespace vkxpbd::lab {

// The relative tolerances of the "iterations to reach" table (‖r_k‖₂ ≤ tol · ‖C(x̃)‖₂).
inline const std::vector<double> kRelativeTolerances{0.5, 0.1, 1e-2, 1e-4, 1e-6};

nlohmann::json convergenceJson(const ConvergenceReport& report);
std::string convergenceCsv(const ConvergenceReport& report);

// The GPU time of each row of a curve as the least-squares line t(k) = t₀ + k·t₁ through the measured
// (k, gpuMs) (ms), with t₁ ≥ 0: the measured times of separate runs are noisy (on lavapipe ±20 %), and
// plotted as they are, the time axis would run backwards between neighbouring k.
std::vector<double> fittedGpuMs(const MethodCurve& curve);

// Writes the files into dir; `header` (device, scene, …) is merged into converge.json. Returns the
// notes of plots not written as PNG (see plot::writePlot).
std::vector<std::string> writeConvergenceFiles(const std::string& dir, const ConvergenceReport& report,
                                               const nlohmann::json& header);

}  // namespace vkxpbd::lab
