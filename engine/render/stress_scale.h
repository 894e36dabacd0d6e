// The force drawn in full red in the stress view, chosen from the forces the constraints carry now:
// a weight-based guess (a tenth of the scene's weight) suits a cloth hanging from two pins, but paints a
// resting stack of soft blocks all blue. The automatic scale is the 99th percentile of the constraint
// forces, rounded up to 1, 2 or 5 × 10^k N, so the bulk of a body spans the heat map.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd::render {

// Force (N) per constraint in the solver's order: distance constraints |λ|·α̃/α, then per element the
// largest force it puts on one of its particles (shared/element_math.h elementForce), as the stress
// view draws them; both × 4/9 for a body that integrates with Euler in a BDF2 run (constraintForce,
// solver_layout.h). `lambdas` is GpuSolver::downloadLambdas(); `alphaScale` SolverSettings::alphaScale().
std::vector<float> constraintForces(const Model& model, const SolverLayout& layout,
                                    const std::vector<glm::vec4>& positions,
                                    const std::vector<float>& lambdas, float alphaScale);

// The smallest of 1, 2, 5 × 10^k N at or above the 99th percentile of the positive forces; 0 when no
// constraint carries a force (at rest before the first substep, or every λ zero).
float niceStressScale(std::vector<float> forces);

}  // namespace vkxpbd::render
