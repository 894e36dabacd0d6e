// Prolongation weights of one left-out particle of a mesh hierarchy (sim/hierarchy.h,
// docs/hierarchy.md): how its parents' corrections are shared out to it.
#pragma once

#include <array>
#include <cstdint>

#include <glm/glm.hpp>

namespace vkxpbd {

struct ParentWeights {
  std::array<float, 4> weights{};  // dimensionless; the first `count` sum to 1 (the last absorbs rounding)
  // Σ w_j X_j = X_i at rest (to 1e-6 of the mean parent distance): a rigid rotation of the parents
  // moves the particle rigidly too (linear precision). A translation always does (Σ w_j = 1).
  bool linearPrecision = false;
  bool inverseDistance = false;  // the fallback: inverse-distance weights
};

// Weights of a particle at rest position `x` (m) with `count` (1..4) parents at `parents` (m), each at
// a distance > 0. The inverse-distance weights changed as little as possible (least squares, solved in
// double with a small regulariser, since parents are often coplanar) so that Σ w_j = 1 and
// Σ w_j (X_j − x) = 0; when that cannot be met, the least-squares compromise. Falls back to the
// inverse-distance weights when a weight would leave [−0.5, 1.5].
ParentWeights prolongationWeights(glm::dvec3 x, const glm::dvec3* parents, uint32_t count);

}  // namespace vkxpbd
