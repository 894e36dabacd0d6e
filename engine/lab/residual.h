// Measurements of one XPBD step for the convergence lab (engine/lab/convergence.h), on the CPU.
//
// The XPBD residual of distance constraint j (Macklin et al. 2016, eq. 9 with the geometric stiffness
// dropped) is   r_j = C_j(x) + α̃_j λ_j,   α̃_j = α_j / Δt²,
// which the iterations drive to 0; λ is accumulated over the iterations of the step. PBD keeps no λ,
// so its "residual" is the constraint violation C_j(x) alone.
//
// r alone can flatter a method whose λ is not the one its positions imply: Jacobi adds each constraint's
// full Δλ to λ but moves the particles by the average of their corrections (Δx / count), so its λ runs
// ahead of x and α̃λ cancels part of C. The full residual therefore also measures the momentum equation
// of the implicit step, per particle, divided by its mass (m):
//   g_i = x_i − x̃_i − w_i Σ_j ∇_i C_j(x) λ_j     (0 for pinned particles)
// and combines both: ‖(r, g)‖₂. Gauss-Seidel keeps g ≈ 0 (up to the change of ∇C within the step).
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd::lab {

struct StepMetrics {
  double residualL2 = 0.0;   // ‖r‖₂ over all distance and element constraints (units of each C)
  double residualMax = 0.0;  // max |r_j|, m
  double maxStrain = 0.0;    // max |C_j| / rest_j (dimensionless)
  double momentumMax = 0.0;  // max |g_i|, m (when predicted positions are given; PBD: not measured)
  double fullL2 = 0.0;       // ‖(r, g)‖₂, m (= residualL2 when g is not measured)
};

// λ in model order from λ in layout order (GpuSolver::downloadLambdas): distance constraints, then two
// per element (the second: a Neo-Hookean's hydrostatic λ). The residual covers distance and element
// constraints; global volume constraints (balloons) are not in it.
std::vector<float> lambdasInModelOrder(const SolverLayout& layout, const std::vector<float>& layoutLambdas);

// r from positions x (m) and λ (model order, N·s²; empty or ignored for PBD) for a step of dt s.
StepMetrics measureStep(const Model& model, const std::vector<glm::vec4>& x,
                        const std::vector<float>& lambdas, float dt, ConstraintModel constraintModel,
                        const std::vector<glm::dvec3>* predicted = nullptr);

// max_i |a_i − b_i| over the particles, m.
double maxDistance(const std::vector<glm::vec4>& a, const std::vector<glm::vec4>& b);

}  // namespace vkxpbd::lab
