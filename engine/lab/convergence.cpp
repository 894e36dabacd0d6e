#include "lab/convergence.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "gpu/gpu_solver.h"
#include "lab/newton.h"
#include "sim/diagnostics.h"
#include "sim/solver_layout.h"

namespace vkxpbd::lab {

std::vector<uint32_t> iterationSchedule(uint32_t maxIterations) {
  std::vector<uint32_t> ks;
  if (maxIterations <= 32) {
    for (uint32_t k = 1; k <= maxIterations; ++k) ks.push_back(k);
    return ks;
  }
  // 1, 2, 3, 4, 6, 8, 12, 16, … (powers of two and 1.5× powers of two), then K.
  for (uint32_t p = 1; p <= maxIterations; p *= 2) {
    ks.push_back(p);
    if (p >= 2 && p + p / 2 <= maxIterations) ks.push_back(p + p / 2);
  }
  std::sort(ks.begin(), ks.end());
  ks.erase(std::unique(ks.begin(), ks.end()), ks.end());
  if (ks.back() != maxIterations) ks.push_back(maxIterations);
  return ks;
}

SolverSettings stepSettings(const SolverSettings& scene) {
  SolverSettings s = scene;
  s.frameDt = scene.substepDt();
  s.substeps = 1;
  return s;
}

State stepStart(const State& afterFrames, const SolverSettings& scene) {
  State s = afterFrames;
  s.frame = afterFrames.frame * scene.substeps;  // frame · Δt = the scene's time (moving pins)
  return s;
}

StepResult runStep(const vk::Context& ctx, const Model& model, const SolverSettings& stepSettings,
                   const State& start, uint32_t iterations, bool timestamps) {
  SolverSettings settings = stepSettings;
  settings.iterations = iterations;
  const SolverLayout layout = buildSolverLayout(model, settings);
  GpuSolverOptions options;
  options.timestamps = timestamps;
  GpuSolver solver(ctx, model, settings, layout, options);
  solver.upload(start);
  solver.simulate(1);
  StepResult r;
  r.state = solver.download();
  r.lambdas = lambdasInModelOrder(layout, solver.downloadLambdas());
  if (timestamps) solver.lastFrameTimes(&r.gpuMs);
  return r;
}

std::vector<glm::dvec3> predictedPositions(const Model& model, const State& start, const SolverSettings& step,
                                           const std::vector<glm::vec4>& pinnedPositions) {
  const double dt = step.substepDt();
  const glm::dvec3 g(step.gravity);
  std::vector<glm::dvec3> x(model.particleCount());
  for (uint32_t i = 0; i < model.particleCount(); ++i) {
    if (model.restPositions[i].w > 0.0f)
      x[i] = glm::dvec3(start.positions[i]) + dt * glm::dvec3(start.velocities[i]) + dt * dt * g;
    else
      x[i] = glm::dvec3(pinnedPositions[i]);
  }
  return x;
}

std::vector<ToleranceHit> toleranceHits(const MethodCurve& curve, double initialResidual,
                                        const std::vector<double>& tolerances) {
  std::vector<ToleranceHit> hits;
  for (double tol : tolerances) {
    ToleranceHit h;
    h.relativeTolerance = tol;
    for (const IterationRow& row : curve.rows)
      if (row.metrics.residualL2 <= tol * initialResidual) {
        h.iterations = row.iterations;
        h.gpuMs = row.gpuMs;
        break;
      }
    hits.push_back(h);
  }
  return hits;
}

namespace {

bool finite(const State& s) {
  return !findNonFinite(s).has_value();
}

SolverSettings methodSettings(const SolverSettings& step, const MethodSpec& m) {
  SolverSettings s = step;
  s.mode = m.mode;
  s.constraintModel = m.constraintModel;
  s.omega = m.omega;
  if (m.maxColours) s.colouring.maxColours = *m.maxColours;
  s.hierarchy.enabled = m.hierarchy;
  s.hierarchy.overridesBodies = true;  // every body as the method says
  return s;
}

}  // namespace

ConvergenceReport runConvergence(const vk::Context& ctx, const Model& model, const SolverSettings& scene,
                                 const State& afterFrames, const ConvergeConfig& config) {
  ConvergenceReport report;
  const SolverSettings step = stepSettings(scene);
  const State start = stepStart(afterFrames, scene);
  const uint32_t K = std::max(1u, config.maxIterations);
  report.dt = step.frameDt;
  report.iterationCounts = iterationSchedule(K);
  // Steps in all: the reference, the ω search and every k of the methods below.
  constexpr uint32_t kMethods = 7;  // gs, jacobi, jacobi_omega, hybrid, pbd, gs_hierarchy, jacobi_hierarchy
  const uint32_t totalSteps = 1 + static_cast<uint32_t>(config.omegaCandidates.size()) +
                              kMethods * static_cast<uint32_t>(report.iterationCounts.size());
  uint32_t stepsDone = 0;
  auto stepDone = [&] {
    if (config.onStep) config.onStep(++stepsDone, totalSteps);
  };

  MethodSpec gs{"gs", SolverMode::GaussSeidel, ConstraintModel::Xpbd, 1.0f, std::nullopt};

  // Reference: many Gauss-Seidel iterations.
  report.referenceIterations =
      config.referenceIterations > 0 ? config.referenceIterations : std::max(4 * K, 200u);
  const StepResult reference =
      runStep(ctx, model, methodSettings(step, gs), start, report.referenceIterations, false);
  stepDone();
  const std::vector<glm::dvec3> predicted = predictedPositions(model, start, step, reference.state.positions);
  {
    std::vector<glm::vec4> xp(predicted.size());
    for (size_t i = 0; i < predicted.size(); ++i) xp[i] = glm::vec4(glm::vec3(predicted[i]), 0.0f);
    report.initialResidualL2 = measureStep(model, xp, {}, step.implicitDt(), ConstraintModel::Pbd).residualL2;
  }

  // Newton reference for small models, started from the Gauss-Seidel reference.
  std::vector<glm::vec4> newtonX;
  if (!model.elements.empty() || !model.volumes.empty()) {
    report.newton.message = "skipped: the Newton reference covers distance constraints only";
  } else if (model.particleCount() <= config.newtonMaxParticles) {
    std::vector<glm::dvec3> x0(reference.state.positions.size());
    for (size_t i = 0; i < x0.size(); ++i) x0[i] = glm::dvec3(reference.state.positions[i]);
    const std::vector<double> l0(reference.lambdas.begin(), reference.lambdas.end());
    const NewtonResult nr = solveImplicitStep(model, predicted, x0, l0, step.implicitDt());
    report.newton.ran = true;
    report.newton.message = nr.ok ? "converged" : nr.message;
    report.newton.residuals = nr.residuals;
    if (nr.ok) {
      newtonX.resize(nr.positions.size());
      for (size_t i = 0; i < newtonX.size(); ++i) newtonX[i] = glm::vec4(glm::vec3(nr.positions[i]), 0.0f);
    }
  } else {
    report.newton.message = "skipped: more than " + std::to_string(config.newtonMaxParticles) + " particles";
  }

  // Jacobi ω search at K.
  MethodSpec jacobi{"jacobi", SolverMode::Jacobi, ConstraintModel::Xpbd, 1.0f, std::nullopt};
  double best = std::numeric_limits<double>::infinity();
  report.chosenOmega = 1.0f;
  for (float omega : config.omegaCandidates) {
    MethodSpec m = jacobi;
    m.omega = omega;
    const StepResult r = runStep(ctx, model, methodSettings(step, m), start, K, false);
    stepDone();
    const double res = finite(r.state) ? measureStep(model, r.state.positions, r.lambdas, step.implicitDt(),
                                                     ConstraintModel::Xpbd)
                                             .residualL2
                                       : std::numeric_limits<double>::infinity();
    report.omegaSearch.emplace_back(omega, res);
    if (res < best) {
      best = res;
      report.chosenOmega = omega;
    }
  }
  MethodSpec tuned = jacobi;
  tuned.name = "jacobi_omega";
  tuned.omega = report.chosenOmega;
  MethodSpec hybrid{"hybrid", SolverMode::GaussSeidel, ConstraintModel::Xpbd, 1.0f, config.hybridMaxColours};
  MethodSpec pbd{"pbd", SolverMode::GaussSeidel, ConstraintModel::Pbd, 1.0f, std::nullopt};
  MethodSpec gsHierarchy = gs;
  gsHierarchy.name = "gs_hierarchy";
  gsHierarchy.hierarchy = true;
  MethodSpec jacobiHierarchy = jacobi;
  jacobiHierarchy.name = "jacobi_hierarchy";
  jacobiHierarchy.hierarchy = true;

  for (const MethodSpec& spec : {gs, jacobi, tuned, hybrid, pbd, gsHierarchy, jacobiHierarchy}) {
    MethodCurve curve;
    curve.spec = spec;
    const SolverSettings s = methodSettings(step, spec);
    if (spec.hierarchy) curve.hierarchyLevels = buildSolverLayout(model, s).hierarchy.levelCount();
    for (uint32_t k : report.iterationCounts) {
      const StepResult r = runStep(ctx, model, s, start, k, config.timestamps);
      stepDone();
      IterationRow row;
      row.iterations = k;
      row.metrics = measureStep(model, r.state.positions, r.lambdas, step.implicitDt(), spec.constraintModel,
                                &predicted);
      row.distanceToReference = maxDistance(r.state.positions, reference.state.positions);
      row.gpuMs = r.gpuMs;
      if (!newtonX.empty()) row.distanceToNewton = maxDistance(r.state.positions, newtonX);
      curve.rows.push_back(row);
      if (spec.name == "gs" && !newtonX.empty()) {
        report.newton.distanceGsPerRow.push_back(maxDistance(r.state.positions, newtonX));
        report.newton.distanceGsK = report.newton.distanceGsPerRow.back();
      }
    }
    report.methods.push_back(std::move(curve));
  }
  return report;
}

}  // namespace vkxpbd::lab
