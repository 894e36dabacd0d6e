#include "sim/solver_layout.h"

#include <chrono>

namespace vkxpbd {

namespace {

bool moves(const Model& model, uint32_t particle) {
  return model.restPositions[particle].w > 0.0f;
}

// Particles with inverse mass 0 are never written by a constraint projection, so two constraints that
// share only such a particle do not conflict: they are left out of the colouring problem.
ColouringProblem colouringProblem(const Model& model) {
  ColouringProblem problem;
  problem.particleCount = model.particleCount();
  problem.offsets.reserve(model.distance.size() + 1);
  problem.particles.reserve(model.distance.size() * 2);
  for (const DistanceConstraint& c : model.distance) {
    for (uint32_t p : {c.a, c.b})
      if (moves(model, p)) problem.particles.push_back(p);
    problem.offsets.push_back(static_cast<uint32_t>(problem.particles.size()));
  }
  return problem;
}

JacobiAdjacency buildAdjacency(const Model& model, const std::vector<DistanceConstraint>& distance,
                               ConstraintRange batch) {
  const uint32_t n = model.particleCount();
  std::vector<uint32_t> degree(n, 0);
  for (uint32_t k = 0; k < batch.count; ++k) {
    const DistanceConstraint& c = distance[batch.first + k];
    for (uint32_t p : {c.a, c.b})
      if (moves(model, p)) ++degree[p];
  }
  JacobiAdjacency adj;
  std::vector<uint32_t> rowOf(n, kTailColour);
  for (uint32_t p = 0; p < n; ++p) {
    if (degree[p] == 0) continue;
    rowOf[p] = adj.rowCount();
    adj.particles.push_back(p);
    adj.offsets.push_back(adj.offsets.back() + degree[p]);
  }
  adj.slots.resize(adj.offsets.back());
  std::vector<uint32_t> fill(adj.offsets.begin(), adj.offsets.end() - 1);
  for (uint32_t k = 0; k < batch.count; ++k) {
    const DistanceConstraint& c = distance[batch.first + k];
    if (moves(model, c.a)) adj.slots[fill[rowOf[c.a]]++] = 2 * k;
    if (moves(model, c.b)) adj.slots[fill[rowOf[c.b]]++] = 2 * k + 1;
  }
  return adj;
}

}  // namespace

SolverLayout buildSolverLayout(const Model& model, const SolverSettings& settings) {
  SolverLayout layout;
  const uint32_t total = static_cast<uint32_t>(model.distance.size());
  Colouring colouring;
  if (settings.mode == SolverMode::GaussSeidel) {
    auto start = std::chrono::steady_clock::now();
    colouring = colourConstraints(colouringProblem(model), settings.colouring);
    layout.colouringSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } else {
    colouring.colourOf.assign(total, kTailColour);
    colouring.tailSize = total;
  }
  layout.stats = colouringStats(colouring);

  // Counting sort by colour (stable: original order inside a colour); the tail goes last.
  const uint32_t colourCount = colouring.colourCount();
  std::vector<uint32_t> start(colourCount + 1, 0);
  for (uint32_t c = 0; c < colourCount; ++c) start[c + 1] = start[c] + colouring.colourSizes[c];
  layout.jacobi = {start[colourCount], colouring.tailSize};
  for (uint32_t c = 0; c < colourCount; ++c) layout.colours.push_back({start[c], colouring.colourSizes[c]});

  layout.distance.resize(total);
  layout.originalIndex.resize(total);
  std::vector<uint32_t> fill(start.begin(), start.end());
  for (uint32_t i = 0; i < total; ++i) {
    uint32_t colour = colouring.colourOf[i];
    uint32_t k = colour == kTailColour ? fill[colourCount]++ : fill[colour]++;
    layout.distance[k] = model.distance[i];
    layout.originalIndex[k] = i;
  }
  layout.adjacency = buildAdjacency(model, layout.distance, layout.jacobi);
  return layout;
}

}  // namespace vkxpbd
