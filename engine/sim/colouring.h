// Graph colouring of constraints for coloured Gauss-Seidel: no particle appears twice in a colour, so
// all constraints of one colour can be projected in parallel (one dispatch). Constraints that fit no
// colour within the cap, and colours too small to be worth a dispatch, form the Jacobi tail.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/model.h"

namespace vkxpbd {

// A range of constraints that share a colour (or a batch), in a sorted constraint array.
struct ConstraintRange {
  uint32_t first = 0;
  uint32_t count = 0;
};

inline constexpr uint32_t kTailColour = 0xFFFFFFFFu;
inline constexpr uint32_t kMaxColours = 64;  // colours are tracked in a 64-bit mask per particle

// Constraints as lists of particle indices (CSR): constraint c touches
// particles[offsets[c] .. offsets[c+1]). Constraints of all types go into one problem.
struct ColouringProblem {
  uint32_t particleCount = 0;
  std::vector<uint32_t> offsets{0};
  std::vector<uint32_t> particles;

  uint32_t constraintCount() const { return static_cast<uint32_t>(offsets.size() - 1); }
  // Throws std::invalid_argument when a particle is listed twice in one constraint.
  void add(std::initializer_list<uint32_t> constraintParticles);
};

struct Colouring {
  std::vector<uint32_t> colourOf;     // per constraint: colour index, or kTailColour
  std::vector<uint32_t> colourSizes;  // constraints per colour
  uint32_t tailSize = 0;              // constraints in the Jacobi tail

  uint32_t colourCount() const { return static_cast<uint32_t>(colourSizes.size()); }
};

// Greedy first-fit colouring in a degree-aware order (refined by iterated greedy), then balancing sweeps
// that move constraints from large colours into smaller ones, then small colours dissolved (their
// constraints move to other colours where they fit, otherwise to the tail).
// Colour indices are ordered largest colour first. Deterministic. Throws std::invalid_argument when the
// problem is malformed (offsets not a valid CSR, a particle index >= particleCount).
Colouring colourConstraints(const ColouringProblem& problem, const ColouringOptions& options);

// Returns a description of the first defect (a particle twice in one colour, a constraint without a
// colour, sizes that do not add up), or nothing when the colouring is valid.
std::optional<std::string> validateColouring(const ColouringProblem& problem, const Colouring& colouring);

struct ColouringStats {
  uint32_t constraints = 0;
  uint32_t colours = 0;
  uint32_t largestColour = 0;
  uint32_t smallestColour = 0;
  uint32_t tail = 0;
  double tailShare = 0.0;  // tail / constraints
};
ColouringStats colouringStats(const Colouring& colouring);

}  // namespace vkxpbd
