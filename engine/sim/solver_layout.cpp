#include "sim/solver_layout.h"

#include <algorithm>
#include <chrono>

namespace vkxpbd {

namespace {

bool moves(const Model& model, uint32_t particle) {
  return model.restPositions[particle].w > 0.0f;
}

// Kinds in solve order. Each kind is coloured on its own and its colours are solved together; the
// most important kind, stretch, goes last so that it is the least disturbed at the end of each
// iteration. Measured on the standard cloth (64², 330 frames, CPU reference): median edge stretch
// 0.09% with this order against 1.49% with one joint colouring of all kinds, at the same 12 colours.
constexpr ConstraintKind kSolveOrder[] = {ConstraintKind::Shear, ConstraintKind::Bend,
                                          ConstraintKind::Stretch};

// Particles with inverse mass 0 are never written by a constraint projection, so two constraints that
// share only such a particle do not conflict: they are left out of the colouring problem.
ColouringProblem colouringProblem(const Model& model, const std::vector<uint32_t>& constraints) {
  ColouringProblem problem;
  problem.particleCount = model.particleCount();
  problem.offsets.reserve(constraints.size() + 1);
  problem.particles.reserve(constraints.size() * 2);
  for (uint32_t index : constraints) {
    const DistanceConstraint& c = model.distance[index];
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
  layout.distance.reserve(total);
  layout.originalIndex.reserve(total);
  std::vector<uint32_t> tail;

  auto append = [&](uint32_t index) {
    layout.distance.push_back(model.distance[index]);
    layout.originalIndex.push_back(index);
  };

  if (settings.mode == SolverMode::GaussSeidel) {
    auto start = std::chrono::steady_clock::now();
    for (ConstraintKind kind : kSolveOrder) {
      std::vector<uint32_t> members;
      for (uint32_t i = 0; i < total; ++i)
        if (model.distance[i].kind == static_cast<uint32_t>(kind)) members.push_back(i);
      const Colouring colouring = colourConstraints(colouringProblem(model, members), settings.colouring);
      KindColouring kindStats{kind, colouringStats(colouring)};
      // Counting sort by colour, stable: original order inside a colour.
      std::vector<std::vector<uint32_t>> byColour(colouring.colourCount());
      for (uint32_t k = 0; k < members.size(); ++k) {
        const uint32_t colour = colouring.colourOf[k];
        (colour == kTailColour ? tail : byColour[colour]).push_back(members[k]);
      }
      for (const std::vector<uint32_t>& colour : byColour) {
        layout.colours.push_back(
            {static_cast<uint32_t>(layout.distance.size()), static_cast<uint32_t>(colour.size())});
        for (uint32_t index : colour) append(index);
      }
      layout.kinds.push_back(kindStats);
    }
    layout.colouringSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  } else {
    for (uint32_t i = 0; i < total; ++i) tail.push_back(i);
  }

  layout.jacobi = {static_cast<uint32_t>(layout.distance.size()), static_cast<uint32_t>(tail.size())};
  for (uint32_t index : tail) append(index);

  ColouringStats& stats = layout.stats;
  stats.constraints = total;
  stats.colours = static_cast<uint32_t>(layout.colours.size());
  stats.tail = layout.jacobi.count;
  stats.tailShare = total > 0 ? static_cast<double>(stats.tail) / total : 0.0;
  for (const ConstraintRange& c : layout.colours) {
    stats.largestColour = std::max(stats.largestColour, c.count);
    stats.smallestColour = stats.smallestColour == 0 ? c.count : std::min(stats.smallestColour, c.count);
  }
  layout.adjacency = buildAdjacency(model, layout.distance, layout.jacobi);
  return layout;
}

}  // namespace vkxpbd
