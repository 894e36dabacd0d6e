// The model as torn, for the outputs (state.json's "model", final.obj, the strain and diagnostics of a
// run; docs/tearing.md "Outputs"): a solver with tearing bodies changes its layout's constraints and its
// model's surfaces and masses (sim/tearing.h), but the model's own constraint lists stay as loaded.
#pragma once

#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd {

// `solved` (the solver's model(): torn surfaces and split particles' masses) with the constraints as
// they are in `layout` (the solver's layout()): each distance constraint and element takes its current
// particles, and the ones a tear removed (all ends on one particle) are left out, as are the collapsed
// triangles. Particles keep their indices (spares never taken stay, with inverse mass 0 and no triangle).
Model tornModel(const Model& solved, const SolverLayout& layout);

}  // namespace vkxpbd
