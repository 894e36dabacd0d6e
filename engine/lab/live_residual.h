// The window's live residual and diagnostics (docs/convergence.md, docs/tearing.md): measured against the
// model as the running solver has it. After a tear that is the torn model (sim/tearing_output.h): the
// loaded model's constraints would still join the particles a tear split, and measure the open crack as
// strain.
#pragma once

#include <cstdint>
#include <vector>

#include "lab/residual.h"
#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd::lab {

// The model to measure a solver's state against: `loaded` without tearing bodies, otherwise the torn
// model of the solver's `solved` model and `layout` (tornModel).
Model measuredModel(const Model& loaded, const Model& solved, const SolverLayout& layout);

// One substep from `state` on the CPU reference with the solver's model and layout (`solved`, `layout`:
// as torn) and `settings`' method, with at least `minIterations` iterations (no tearing inside it): the
// metrics of the torn model after each iteration (measureStep; λ of the constraints the layout keeps).
std::vector<StepMetrics> liveResiduals(const Model& solved, const SolverLayout& layout,
                                       const SolverSettings& settings, const State& state,
                                       uint32_t minIterations);

}  // namespace vkxpbd::lab
