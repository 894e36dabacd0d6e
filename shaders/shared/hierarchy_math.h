// Hierarchical XPBD's two operations (sim/hierarchy.h, docs/hierarchy.md), shared by the GPU passes
// (coarse_solve.comp, prolongate.comp) and the CPU reference.
#ifndef VKXPBD_SHARED_HIERARCHY_MATH_H
#define VKXPBD_SHARED_HIERARCHY_MATH_H

#include "shared/xpbd_math.h"

XPBD_BEGIN_NAMESPACE

// One projection of a coarse constraint C = |x_a − x_b| − restLength with the level's inverse masses.
// Unilateral (Müller 2008): only a stretched constraint (C > 0) is corrected, so the coarse levels carry
// tension across the body without stiffening bending and wrinkles; bilateral ones also push. Solved once
// per substep, so λ starts at 0 and is not kept: Δλ = −C / (w_a + w_b + α/Δt²) (XPBD).
XPBD_FN DistanceCorrection projectCoarse(vec3 xa, vec3 xb, CoarseConstraint c, float alphaScale) {
  DistanceConstraint d;
  d.a = c.a;
  d.b = c.b;
  d.restLength = c.restLength;
  d.compliance = c.compliance;
  d.stiffness = 1.0f;
  d.kind = 0u;
  // A compressed stretching-only constraint is projected with no mobile mass (w = 0): it changes
  // nothing; with VKXPBD_COARSE_COMPRESSION it pushes back with its own (softer) compliance.
  bool compressed = (c.flags & VKXPBD_COARSE_BILATERAL) == 0u && length(xa - xb) <= c.restLength;
  bool soft = compressed && (c.flags & VKXPBD_COARSE_COMPRESSION) != 0u;
  if (soft) d.compliance = c.compressionCompliance;
  float taut = compressed && !soft ? 0.0f : 1.0f;
  return projectDistance(xa, xb, taut * c.invMassA, taut * c.invMassB, d, alphaScale, 0.0f,
                         VKXPBD_MODEL_XPBD);
}

// A coarse constraint's end with the level's inverse mass `levelInvMass` (1/kg) whose particle now has
// the state inverse mass `stateInvMass`: a particle pinned at run time (state w = 0,
// engine/sim/runtime_pins.h) is fixed in the coarse solve too, although the level was built from the model's
// masses.
XPBD_FN float coarseEndInvMass(float levelInvMass, float stateInvMass) {
  return stateInvMass > 0.0f ? levelInvMass : 0.0f;
}

// The prolongation moves a left-out particle only if it is not pinned in the state (w > 0): a runtime
// pin is held exactly with the hierarchy on.
XPBD_FN bool prolongationMoves(float stateInvMass) {
  return stateInvMass > 0.0f;
}

// Prolongation: the change (m) of a left-out particle, the weighted sum of its parents' changes since
// the hierarchy solve started (each parent's low part now minus at the start; the high parts do not move
// during a substep).
XPBD_FN vec3 prolongationDelta(vec4 weights, vec3 d0, vec3 d1, vec3 d2, vec3 d3) {
  return weights.x * d0 + weights.y * d1 + weights.z * d2 + weights.w * d3;
}

// Tearing with the hierarchy (docs/hierarchy.md, "Tearing with the hierarchy"): each particle of a tearing
// body has a mask of the levels at which it is torn (bit l: as a particle of level l; marks only grow,
// shared/hierarchy_tear.h sets them). A coarse constraint of a tearing body (VKXPBD_COARSE_TEARS) with
// an end torn at its level no longer carries load across the tear: it is skipped.
XPBD_FN bool tornAtLevel(uint mask, uint level) {
  return ((mask >> level) & 1u) != 0u;
}
XPBD_FN bool coarseConstraintTorn(CoarseConstraint c, uint maskA, uint maskB) {
  uint level = c.flags >> VKXPBD_COARSE_LEVEL_SHIFT;
  return (c.flags & VKXPBD_COARSE_TEARS) != 0u && (tornAtLevel(maskA, level) || tornAtLevel(maskB, level));
}
// A prolongation row of a tearing body (`level`: its parents' level, ≥ 1; its particle is of level − 1)
// is skipped when its particle is torn at level − 1: it may be on the other side of the tear from a
// parent. Its parents are then torn too (shared/hierarchy_tear.h), so none of them moves at `level` or
// coarser, and the mass the particle passed them moves with nobody: momentum is kept. A row whose
// particle is not torn keeps every parent: one that is not torn is on the particle's side; a torn one may
// not be (a split parent whose copy kept the particle's side), but it does not move, so it adds nothing.
XPBD_FN bool prolongationTorn(uint level, uint childMask) {
  return tornAtLevel(childMask, level - 1u);
}

XPBD_END_NAMESPACE

#endif
