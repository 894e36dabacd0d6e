// Tearing (docs/tearing.md): after a frame, every stretch or shear constraint of a tearing body that is
// stretched past the body's tear strain (or pulls harder than its tear force) breaks, and the surface
// splits along it:
//
//        q                          q
//   ─────●─────                ─────●─────
//   ╲ t1 │ t2 ╱   (p, q) breaks  ╲ t1   t2 ╱        p keeps the triangles on its own side of the plane
//    ╲   │   ╱   ────────────▶    ╲  p  p' ╱         through p normal to q − p; p' (a spare particle) takes
//   ─────●─────                ─────●●─────        the others, with their constraints; each has half the
//   mass.
//        p
//
// The split is serial and deterministic: the broken constraints are handled in layout order, spare
// particles are taken in order (shared/tear_split.h has the details). When one of a broken constraint's
// particles c is already on a crack (split before) the other one t is split, across the direction in which
// the crack opens at c (from c to its last copy or original), so that the crack runs on; otherwise the first
// (a) is split across the constraint, else the second. A pinned particle is never split; a split that would
// leave all triangles on one side is not made; when no spare is left the constraint only breaks. A constraint
// moves from p to p' only, and p' is in no constraint that did not hold p, so constraints of one colour still
// share no moving particle: no recolouring. A removed constraint keeps its slot with both ends on one
// particle (a
// == b; a resting one when it has one, so that no Jacobi slot list grows), which every projection skips
// (zero length). Bending elements whose two triangles end up on different
// sides break the same way (all four ends on one particle).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "sim/colouring.h"
#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd {

// What one tear step did.
struct TearReport {
  std::vector<uint32_t>
      broken;  // distance constraints (layout order) past the threshold, in the order handled
  // How many the tear check found past the threshold (more than broken.size() in a frame past the
  // GPU's 256, where the most strained broke; set by the solvers, not by split()).
  uint32_t flagged = 0;
  uint32_t removed = 0;         // of those, removed because no particle could be split
  uint32_t splits = 0;          // particles split (spares taken)
  uint32_t brokenElements = 0;  // bending elements broken because they spanned a crack
  // Triangles held on fewer than two edges after the splits (a flap across the crack): given back to
  // the piece of two of their corners (a corner swapped for another copy of its particle), or collapsed.
  uint32_t heldTriangles = 0, collapsedTriangles = 0;
};

class Tearing {
 public:
  Tearing(const Model& model, const SolverLayout& layout);

  // Breaks and splits after a frame. Changes the model's surfaces and the inverse masses of split
  // particles (restPositions w), the layout's constraint particles, Jacobi adjacency and step scales and
  // surface triangles, the
  // state's positions, low parts and velocities of the copies, and (BDF2, when not empty: 2 per particle)
  // the integrator history. λ: layout order (CpuSolver::lambdas()); alphaScale: α̃/α, 1/s².
  TearReport step(Model& model, SolverLayout& layout, State& state, std::vector<glm::vec4>& history,
                  const std::vector<float>& lambdas, float alphaScale);
  // Pass 2 of step() alone: breaks and splits the given constraints (ascending layout order, as
  // findBroken lists them, e.g. the GPU's tear check pass sorted). Same effects as step().
  TearReport split(Model& model, SolverLayout& layout, State& state, std::vector<glm::vec4>& history,
                   std::vector<uint32_t> broken);

  // Pass 1 of step() alone: the distance constraints (layout order) that break at these positions (xyz
  // m, the high parts) and λ; with `bins`, also the strain bin of each (shared/tear_math.h,
  // tearStrainBin), in the same order.
  std::vector<uint32_t> findBroken(const Model& model, const SolverLayout& layout,
                                   const std::vector<glm::vec4>& positions, const std::vector<float>& lambdas,
                                   float alphaScale, std::vector<uint32_t>* bins = nullptr) const;

  // Spare particles taken so far by tear body k (model.tears[k]).
  uint32_t sparesUsed(size_t k) const;
  uint64_t totalBroken() const { return totalBroken_; }
  // The particle p was split off (p itself when it is no copy).
  uint32_t originOf(uint32_t p) const;
  // The split's bookkeeping (shared/tear_layout.h), as the shared split code (shared/tear_split.h)
  // leaves it.
  const std::vector<uint32_t>& table() const { return table_; }
  // Replaces the table by one the GPU's tear passes kept (same model and layout).
  void setTable(std::vector<uint32_t> table) { table_ = std::move(table); }

 private:
  uint32_t at(uint32_t slot, uint32_t i) const { return table_[table_[slot] + i]; }

  std::vector<uint32_t> table_;
  uint64_t totalBroken_ = 0;
};

// Which of the flagged constraints `broken` (layout order, with their strain bins) break in a frame that
// splits at most `cap`: all of them when they are no more; otherwise the most strained. The cutoff bin
// is the highest bin at which the flagged ones from it up number more than `cap`: every one above it
// breaks, and of the cutoff bin the first in layout order, up to `cap` in all. Layout order, as the
// GPU's tear split pass takes them (shaders/tear_split.comp computes the same cutoff).
struct TearSelection {
  std::vector<uint32_t> broken;
  uint32_t cutoffBin = 0;  // 0 with everything taken
  uint32_t quota = 0;      // how many of the cutoff bin break (all of them with everything taken)
};
TearSelection selectMostStrained(const std::vector<uint32_t>& broken, const std::vector<uint32_t>& bins,
                                 uint32_t cap);

// The layout's colouring as the validator reads it (colour k: distance range k and element range k, the
// Jacobi batch the tail) over the constraints' current moving particles, each listed once (a broken
// constraint lists its one particle). For validateColouring after tears.
struct LayoutColouring {
  ColouringProblem problem;
  Colouring colouring;
};
LayoutColouring layoutColouring(const Model& model, const SolverLayout& layout);

}  // namespace vkxpbd
