// The convergence lab: how fast coloured Gauss-Seidel, Jacobi (plain and over-relaxed), the hybrid
// (few colours + Jacobi tail), PBD, and Gauss-Seidel and Jacobi after the hierarchy's coarse-to-fine
// pass (docs/hierarchy.md) reduce the XPBD residual within ONE substep ("the step"). Every method sets
// the hierarchy explicitly (on only for the "_hierarchy" methods), whatever the scene says.
//
// The step starts from state S (after F frames of the scene) and has length Δt = frameDt / substeps.
// It is run on the GPU as a frame of one substep (substeps = 1, frameDt = Δt; the frame counter is
// scaled by the scene's substeps so moving pins see the same time). Since the solver is deterministic,
// the result after k iterations of the step is a run with iterations = k; so each (method, k) is its
// own GpuSolver: upload S, simulate(1), download x and λ. Collisions (if the scene has colliders) are
// applied once after the last iteration, as in every substep; the velocity pass does not change x.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "lab/residual.h"
#include "sim/model.h"
#include "vk/context.h"

namespace vkxpbd::lab {

struct ConvergeConfig {
  uint32_t maxIterations = 30;  // K
  std::vector<float> omegaCandidates{1.2f, 1.4f, 1.5f, 1.6f, 1.7f, 1.8f, 1.9f};
  uint32_t hybridMaxColours = 2;      // colours per constraint kind before the Jacobi tail
  uint32_t referenceIterations = 0;   // 0: max(4 K, 200) Gauss-Seidel iterations
  uint32_t newtonMaxParticles = 300;  // Newton reference only for models this small
  bool timestamps = true;             // GPU time per step
  // Called after every step run (reference, ω search, each method and k): steps done, steps in all.
  std::function<void(uint32_t done, uint32_t total)> onStep;
};

struct IterationRow {
  uint32_t iterations = 0;
  StepMetrics metrics;
  double distanceToReference = 0.0;        // max_i |x_i − x_ref,i|, m
  double gpuMs = 0.0;                      // GPU time of the whole step (timestamps), ms
  std::optional<double> distanceToNewton;  // max_i |x_i − x_newton,i|, m (when the Newton reference ran)
};

struct MethodSpec {
  std::string name;  // "gs", "jacobi", "jacobi_omega", "hybrid", "pbd", "gs_hierarchy", "jacobi_hierarchy"
  SolverMode mode = SolverMode::GaussSeidel;
  ConstraintModel constraintModel = ConstraintModel::Xpbd;
  float omega = 1.0f;
  std::optional<uint32_t> maxColours;  // per kind; the rest goes to the Jacobi tail
  bool hierarchy = false;              // the hierarchy's levels run once before the k iterations
};

struct MethodCurve {
  MethodSpec spec;
  std::vector<IterationRow> rows;  // ascending k
  uint32_t hierarchyLevels = 0;    // coarse levels the method ran (0 without the hierarchy)
};

struct ToleranceHit {
  double relativeTolerance = 0.0;
  std::optional<uint32_t> iterations;  // first k with ‖r‖₂ ≤ tol · ‖r₀‖₂
  std::optional<double> gpuMs;
};

struct NewtonSummary {
  bool ran = false;
  std::string message;                   // why it did not run or did not converge
  std::vector<double> residuals;         // per Newton iteration, m
  double distanceGsK = 0.0;              // ‖x_gs,K − x_newton‖_max, m
  std::vector<double> distanceGsPerRow;  // ‖x_gs,k − x_newton‖_max for the gs rows, m
};

struct ConvergenceReport {
  float dt = 0.0f;                        // Δt of the step, s
  double initialResidualL2 = 0.0;         // ‖C(x̃)‖₂ at the predicted positions (λ = 0), m
  std::vector<uint32_t> iterationCounts;  // the k measured
  std::vector<MethodCurve> methods;
  std::vector<std::pair<float, double>> omegaSearch;  // (ω, ‖r‖₂ at K)
  float chosenOmega = 1.0f;
  uint32_t referenceIterations = 0;
  NewtonSummary newton;
};

// The k measured for K: every k up to 32, beyond that 1,2,3,4,6,8,12,16,24,32,48,64,… and K.
std::vector<uint32_t> iterationSchedule(uint32_t maxIterations);

// One step of `settings` (already substeps = 1) with k iterations from `start` on the GPU.
struct StepResult {
  State state;
  std::vector<float> lambdas;  // model order, N·s²
  double gpuMs = 0.0;
};
StepResult runStep(const vk::Context& ctx, const Model& model, const SolverSettings& stepSettings,
                   const State& start, uint32_t iterations, bool timestamps);

// Settings and start state of the step after the state `afterFrames` (simulated with `scene`).
SolverSettings stepSettings(const SolverSettings& scene);
State stepStart(const State& afterFrames, const SolverSettings& scene);

// Predicted positions x̃ (m) of the step: x + Δt v + Δt² g for free particles; pinned particles at
// `pinnedPositions` (their positions after the step).
std::vector<glm::dvec3> predictedPositions(const Model& model, const State& start, const SolverSettings& step,
                                           const std::vector<glm::vec4>& pinnedPositions);

// Runs every method for every k of the schedule (see the file comment).
ConvergenceReport runConvergence(const vk::Context& ctx, const Model& model, const SolverSettings& scene,
                                 const State& afterFrames, const ConvergeConfig& config);

// First k (and its GPU time) reaching tol · initial residual, per tolerance.
std::vector<ToleranceHit> toleranceHits(const MethodCurve& curve, double initialResidual,
                                        const std::vector<double>& tolerances);

}  // namespace vkxpbd::lab
