// How the constraints are laid out for solving, identical for the GPU solver and the CPU reference:
//
//   distance[]:  | shear colours | bend colours | stretch colours | Jacobi batch |
//
// Each constraint kind is coloured on its own (ColouringOptions apply per kind) and the kinds are
// solved in that order, stretch last (see kSolveOrder in solver_layout.cpp for the measurement).
// Each colour is one contiguous range and one dispatch (its constraints share no particle that moves).
// The Jacobi batch holds what colouring left over (the tail) in Gauss-Seidel mode, and every
// constraint in Jacobi mode. For the batch, each (constraint, end) pair is a "slot" that receives a
// Δp; the adjacency lists, per moving particle, its slots in a fixed order, so the average
// Δp is gathered without atomics and is bitwise reproducible.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/colouring.h"
#include "sim/model.h"

namespace vkxpbd {

struct ConstraintRange {
  uint32_t first = 0;
  uint32_t count = 0;
};

// CSR adjacency of the Jacobi batch: particles[r] owns slots[offsets[r] .. offsets[r+1]).
struct JacobiAdjacency {
  std::vector<uint32_t> particles;
  std::vector<uint32_t> offsets{0};
  std::vector<uint32_t> slots;

  uint32_t rowCount() const { return static_cast<uint32_t>(particles.size()); }
};

struct KindColouring {
  ConstraintKind kind;
  ColouringStats stats;
};

struct SolverLayout {
  std::vector<DistanceConstraint> distance;  // sorted by colour, the Jacobi batch last
  std::vector<uint32_t> originalIndex;       // distance[k] is model.distance[originalIndex[k]]
  std::vector<ConstraintRange> colours;      // one range per colour (empty in Jacobi mode)
  ConstraintRange jacobi;                    // the Jacobi batch
  JacobiAdjacency adjacency;                 // slot 2·(k − jacobi.first) + end, end 0 = a, 1 = b
  ColouringStats stats;                      // in Jacobi mode: 0 colours, everything in the tail
  std::vector<KindColouring> kinds;          // per kind, in solve order (Gauss-Seidel mode)
  double colouringSeconds = 0.0;             // wall time spent colouring (s)

  uint32_t slotCount() const { return 2 * jacobi.count; }
};

SolverLayout buildSolverLayout(const Model& model, const SolverSettings& settings);

}  // namespace vkxpbd
