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
  std::vector<ConstraintRange> colours;            // range of each colour in `constraints`
  ColouringStats stats;
  // The particles of level l−1 that this level leaves out, each with its parents in this level.
  std::vector<gpu::ProlongationRow> prolongation;

  // For tests, statistics and the solver's bookkeeping (CPU only):
  std::vector<uint32_t> particles;  // the particles this level keeps, ascending within each body
  // Their masses at this level (kg), as `particles`; a pinned or kinematic particle (inverse mass 0)
  // holds the mass its children passed to it (its own counts as infinite and is not included).
  std::vector<double> masses;
  std::vector<uint8_t> linearPrecision;  // per prolongation row: 1 when Σ w_j X_j = X_i at rest
  uint32_t linearRows = 0;               // rows with linear precision
  uint32_t inverseDistanceRows = 0;      // rows that fell back to inverse-distance weights
  uint32_t degenerateDropped = 0;        // coarse edges dropped: both ends at the same rest position
};

struct Hierarchy {
  std::vector<HierarchyLevel> levels;  // levels[0] is level 1 (the finest coarse level); coarsest last
  // Tearing with the hierarchy (shared/hierarchy_tear.h): VKXPBD_TEAR_MARK_VEC4S entries per particle of
  // the model (level that leaves it out, parent count, torn mask, 0; its parents) when a tearing body has
  // coarse levels; else empty. The masks grow as the body tears (markHierarchyTears).
  std::vector<glm::uvec4> tearMarks;
  uint32_t levelCount() const { return static_cast<uint32_t>(levels.size()); }
  // The finest level (1-based) with coarse constraints; 0 when none has any. The levels finer than it are
  // not solved, only prolongated (HierarchySettings::solveFromLevel).
  uint32_t firstSolvedLevel() const {
    for (uint32_t l = 1; l <= levelCount(); ++l)
      if (!levels[l - 1].constraints.empty()) return l;
    return 0;
  }
  bool empty() const { return levels.empty(); }
};

// Builds the hierarchy of every body whose HierarchySettings (its BodyRange::hierarchy, otherwise
// settings.hierarchy) enable it; a tearing body's from its particles without its spares, with torn marks
// (docs/hierarchy.md, "Tearing with the hierarchy"). Deterministic. A model without bodies counts as one
// body. Constraints between two bodies stay out of the hierarchy (only the fine solve sees them). Throws
// std::invalid_argument naming the body when its settings or particle range are impossible (parents
// outside 1..VKXPBD_MAX_PARENTS, a range past the particles).
//
// Level 0's graph: an edge per distance constraint and the 6 edges of every tetrahedral element, with a
// stiffness k (N/m) that approximates the element's: a distance constraint 1/α; a Neo-Hookean tet adds
// 1/(α_D·L²) to each of its edges (α_D = 1/(μV₀)), a tet-volume element V₀²/(α·L²); parallel edges add
// up; α = 0 is rigid. A coarse edge's stiffness is Σ k_i·L_i/L_c over the fine edges it replaces (a
// chain of springs in series); rigid if any of them is. Compliance α = 1/k (0 if rigid). A body's levels
// finer than solvedFromLevel get no coarse constraints (their rows only: prolongation).
Hierarchy buildHierarchy(const Model& model, const SolverSettings& settings);

// The hierarchy settings body b uses: its own, else the solver's (also for b past model.bodies: a model
// without bodies is one body), with `enabled` the solver's where it overrides the bodies'.
HierarchySettings bodyHierarchySettings(const Model& model, const SolverSettings& settings, size_t body);

// A sheet's level 1 with at most this many coarse constraints is solved by default: it runs in the one
// "coarse levels" dispatch at the default fuse_small_levels (the same number), so it costs no dispatch.
inline constexpr size_t kSmallLevelOne = 2048;

// The finest coarse level (1-based) whose constraints a body solves (HierarchySettings::solveFromLevel,
// resolved): the setting when non-zero; automatic: 1 for a body with tetrahedra (`solid`) and for a sheet
// whose level 1 has at most kSmallLevelOne constraints, else 2 (docs/hierarchy.md "Which levels are
// solved"). It does not depend on fuse_small_levels, so that setting never changes a result.
uint32_t solvedFromLevel(const HierarchySettings& settings, bool solid, size_t levelOneConstraints);

// The factor (dimensionless) on coarse level `level`'s (1-based) stiffness: stiffnessScale ·
// stiffnessGrowth^(level − 1) (HierarchySettings).
double coarseStiffnessScale(const HierarchySettings& settings, uint32_t level);

// The prolongation of one level on the CPU (as the GPU's prolongate pass): every row's particle moves by
// the weighted displacement of its parents, displacement[p] = now[p] − start[p] (m). `lowNow` holds the
// positions' low parts (the substep's motion); `lowStart` their values when the hierarchy solve started.
// With `statePositions` (their w: the state's inverse masses), a particle pinned in the state (w = 0, a
// runtime pin) is not moved.
// With `tearMarks` (Hierarchy::tearMarks), a row of a tearing body whose particle is torn is skipped
// (prolongationTorn, shared/hierarchy_math.h).
void prolongate(const HierarchyLevel& level, const std::vector<glm::vec4>& lowStart,
                std::vector<glm::vec4>& lowNow, const std::vector<glm::vec4>* statePositions = nullptr,
                const std::vector<glm::uvec4>* tearMarks = nullptr);

// Tearing with the hierarchy: marks both ends of each broken distance constraint (indices into
// `distance`, as the tear check found them, before the split) torn, and the coarse particles that follow
// from them (markTornParticle, shared/hierarchy_tear.h; the GPU's tear check pass runs the same code).
// Nothing to do when hierarchy.tearMarks is empty.
void markHierarchyTears(Hierarchy& hierarchy, const std::vector<DistanceConstraint>& distance,
                        const std::vector<uint32_t>& broken);

}  // namespace vkxpbd
