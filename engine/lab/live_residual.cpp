#include "lab/live_residual.h"

#include <algorithm>

#include "sim/cpu_solver.h"
#include "sim/tearing_output.h"

namespace vkxpbd::lab {

Model measuredModel(const Model& loaded, const Model& solved, const SolverLayout& layout) {
  return loaded.tears.empty() ? loaded : tornModel(solved, layout);
}

namespace {

// λ in the torn model's order (tornModel): model order (lambdasInModelOrder) without the constraints a
// tear removed (all ends on one particle), as tornModel leaves them out.
std::vector<float> lambdasOfTornModel(const SolverLayout& layout, const std::vector<float>& layoutLambdas) {
  const std::vector<float> modelOrder = lambdasInModelOrder(layout, layoutLambdas);
  const size_t distanceCount = layout.distance.size();
  std::vector<bool> removed(modelOrder.size(), false);
  for (size_t k = 0; k < distanceCount && k < layout.originalIndex.size(); ++k)
    removed[layout.originalIndex[k]] = layout.distance[k].a == layout.distance[k].b;
  for (size_t k = 0; k < layout.elements.size() && k < layout.elementOriginalIndex.size(); ++k) {
    const ElementConstraint& e = layout.elements[k];
    const bool gone = e.a == e.b && e.a == e.c && e.a == e.d;
    const size_t slot = distanceCount + 2 * size_t{layout.elementOriginalIndex[k]};
    if (slot + 1 < removed.size()) removed[slot] = removed[slot + 1] = gone;
  }
  std::vector<float> out;
  for (size_t k = 0; k < modelOrder.size(); ++k)
    if (!removed[k]) out.push_back(modelOrder[k]);
  return out;
}

}  // namespace

std::vector<StepMetrics> liveResiduals(const Model& solved, const SolverLayout& layout,
                                       const SolverSettings& settings, const State& state,
                                       uint32_t minIterations) {
  SolverSettings step = settings;
  step.frameDt = step.substepDt();
  step.substeps = 1;
  step.iterations = std::max(step.iterations, minIterations);
  // The measured substep does not tear: the solver runs on the model as torn so far (a copy only for a
  // model with tearing bodies).
  const bool tearing = !solved.tears.empty();
  Model untearing = tearing ? solved : Model{};
  untearing.tears.clear();
  const Model& solving = tearing ? untearing : solved;
  const Model torn = tearing ? tornModel(solved, layout) : Model{};
  const Model& measured = tearing ? torn : solved;
  CpuSolver cpu(solving, step, layout);
  State x = state;
  // The step is one frame of one substep: its frame count runs in substeps, so that moving pins and the
  // wind take the time of the state (frame · frameDt), not frame · Δt.
  x.frame = state.frame * settings.substeps;
  std::vector<StepMetrics> metrics;
  cpu.stepFrame(x, [&](uint32_t, uint32_t, const State& now) {
    const std::vector<float> lambdas =
        tearing ? lambdasOfTornModel(layout, cpu.lambdas()) : lambdasInModelOrder(layout, cpu.lambdas());
    metrics.push_back(
        measureStep(measured, combinedPositions(now), lambdas, step.implicitDt(), step.constraintModel));
  });
  return metrics;
}

}  // namespace vkxpbd::lab
