// A Newton solve of the implicit XPBD step on the CPU (Eigen, double precision), the reference the
// iterative solvers are compared against. Unknowns: positions x of the free particles and λ of every
// distance constraint; equations (Macklin et al. 2016, eqs. 6-7, with the geometric stiffness kept):
//   g(x, λ) = M (x − x̃) − ∇C(x)ᵀ λ = 0      (kg·m)
//   h(x, λ) = C(x) + α̃ λ = 0                (m),   α̃ = α / Δt²
// with x̃ the predicted positions. Each Newton step solves the (sparse, unsymmetric) KKT system
//   [ M − Σ λ_j ∇²C_j   −∇Cᵀ ] [Δx]     [g]
//   [ ∇C                 α̃   ] [Δλ] = − [h]
// with a sparse LU, halving the step while the residual does not decrease.
// Pinned particles (inverse mass 0) stay at their given positions. Needs α > 0 for every constraint
// with redundant constraints (cloth: stretch + shear + bend outnumber the degrees of freedom), else
// the system is singular; solveImplicitStep reports that instead of a solution.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::lab {

struct NewtonResult {
  bool ok = false;
  std::string message;                // why not, when !ok
  std::vector<glm::dvec3> positions;  // x, m
  std::vector<double> lambdas;        // λ (model order), N·s²
  std::vector<double> residuals;      // max(|g| / m_max… see residualNorm) after each Newton step
  uint32_t iterations = 0;
};

// predicted: x̃ (m) of every particle (pinned ones at their targets); initialX / initialLambda: the
// start (e.g. an iterative solver's result; the pinned particles' positions are kept); dt in s.
// The residual reported is max(max|h_j|, max|g_i|/m_i) in m, comparable with the XPBD residual.
NewtonResult solveImplicitStep(const Model& model, const std::vector<glm::dvec3>& predicted,
                               const std::vector<glm::dvec3>& initialX,
                               const std::vector<double>& initialLambda, double dt, double tolerance = 1e-12,
                               uint32_t maxIterations = 30);

}  // namespace vkxpbd::lab
