// The mesh hierarchy of hierarchical XPBD (source documents 002 and 003; Müller 2008, "Hierarchical
// Position Based Dynamics"), built once at load time (docs/hierarchy.md).
//
// Level 0 is the model itself. Level l+1 keeps a subset of level l's particles; every particle it leaves
// out has at least `parents` (k) parents among its level-l neighbours that stay, with prolongation
// weights that sum to 1. Pinned and kinematic particles (inverse mass 0) stay in every level. A coarse
// level's constraints come from the finer level's edges with each left-out end replaced by its nearest
// parent; duplicates (the same pair twice) are merged and degenerate ones (both ends the same particle)
// dropped; rest lengths come from the rest positions.
//
// Each substep the solver goes from the coarsest level to the finest: a level's constraints in coloured
// passes, then a prolongation pass that moves the particles the level left out by the weighted
// corrections of their parents; then the usual fine solve.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/colouring.h"
#include "sim/model.h"

namespace vkxpbd {

// One coarse level (level l ≥ 1) of all bodies together.
struct HierarchyLevel {
  uint32_t particleCount = 0;                      // particles this level keeps (all bodies)
  std::vector<gpu::CoarseConstraint> constraints;  // sorted by colour
  std::vector<ConstraintRange> colours;         // range of each colour in `constraints`
  ColouringStats stats;
  // The particles of level l−1 that this level leaves out, each with its parents in this level.
  std::vector<gpu::ProlongationRow> prolongation;
};

struct Hierarchy {
  std::vector<HierarchyLevel> levels;  // levels[0] is level 1 (the finest coarse level); coarsest last
  uint32_t levelCount() const { return static_cast<uint32_t>(levels.size()); }
  bool empty() const { return levels.empty(); }
};

// Builds the hierarchy of every body whose HierarchySettings (its BodyRange::hierarchy, otherwise
// settings.hierarchy) enable it. Deterministic.
Hierarchy buildHierarchy(const Model& model, const SolverSettings& settings);

// The prolongation of one level on the CPU (as the GPU's prolongate pass): every row's particle moves by
// the weighted displacement of its parents, displacement[p] = now[p] − start[p] (m). `lowNow` holds the
// positions' low parts (the substep's motion); `lowStart` their values when the hierarchy solve started.
void prolongate(const HierarchyLevel& level, const std::vector<glm::vec4>& lowStart,
                std::vector<glm::vec4>& lowNow);

}  // namespace vkxpbd
