// The Jacobi batch's per-particle rows (sim/solver_layout.h, JacobiAdjacency) and step scales, one
// serial code for C++ (buildJacobiAdjacency) and GLSL (after a tear moved constraints to copies). Slot
// 2k, 2k + 1: the ends a, b of the batch's distance constraint k; slot 2·(distance count) + 4e + j: end
// j of its element e. A row per moving particle with slots, in particle order, listing its slots in
// slot order; a constraint's step scale is 1 / the most slots any of its particles has (1 when none
// moves), so a particle's scales sum to at most 1 and the corrections stay equal and opposite.
// Accessors as in shared/tear_split.h: C++ JacobiRowsAccess below; in GLSL the including shader defines
// jrDistanceEnd, jrElementEnd, jrMoves, jrDegree, jrSetDegree, jrRowOf, jrSetRowOf, jrOffset,
// jrSetOffset, jrParticle, jrSetParticle, jrSetSlot and jrSetScale, with JR_CTX_PARAM and JR_CTX empty.
#ifndef VKXPBD_SHARED_JACOBI_ROWS_H
#define VKXPBD_SHARED_JACOBI_ROWS_H

#include "shared/gpu_types.h"

XPBD_BEGIN_NAMESPACE

#ifdef __cplusplus
struct JacobiRowsAccess {
  const DistanceConstraint* distance;  // the batch's, from its first
  const ElementConstraint* elements;   // the batch's, from its first
  const vec4* rest;                    // w: inverse mass (0: does not move)
  uint* degree;                        // scratch, particles
  uint* rowOf;                         // scratch, particles
  uint* particles;                     // rows
  uint* offsets;                       // rows + 1
  uint* slots;
  float* scale;  // distance count + element count
};
#define JR_CTX_PARAM JacobiRowsAccess &ctx,
#define JR_CTX ctx,
inline uint jrDistanceEnd(JacobiRowsAccess& ctx, uint k, uint j) {
  return j == 0u ? ctx.distance[k].a : ctx.distance[k].b;
}
inline uint jrElementEnd(JacobiRowsAccess& ctx, uint e, uint j) {
  const ElementConstraint& c = ctx.elements[e];
  return j == 0u ? c.a : j == 1u ? c.b : j == 2u ? c.c : c.d;
}
inline bool jrMoves(JacobiRowsAccess& ctx, uint p) {
  return ctx.rest[p].w > 0.0f;
}
inline uint jrDegree(JacobiRowsAccess& ctx, uint p) {
  return ctx.degree[p];
}
inline void jrSetDegree(JacobiRowsAccess& ctx, uint p, uint v) {
  ctx.degree[p] = v;
}
inline uint jrRowOf(JacobiRowsAccess& ctx, uint p) {
  return ctx.rowOf[p];
}
inline void jrSetRowOf(JacobiRowsAccess& ctx, uint p, uint r) {
  ctx.rowOf[p] = r;
}
inline uint jrOffset(JacobiRowsAccess& ctx, uint r) {
  return ctx.offsets[r];
}
inline void jrSetOffset(JacobiRowsAccess& ctx, uint r, uint v) {
  ctx.offsets[r] = v;
}
inline uint jrParticle(JacobiRowsAccess& ctx, uint r) {
  return ctx.particles[r];
}
inline void jrSetParticle(JacobiRowsAccess& ctx, uint r, uint p) {
  ctx.particles[r] = p;
}
inline void jrSetSlot(JacobiRowsAccess& ctx, uint i, uint slot) {
  ctx.slots[i] = slot;
}
inline void jrSetScale(JacobiRowsAccess& ctx, uint k, float s) {
  ctx.scale[k] = s;
}
#else
#define JR_CTX_PARAM
#define JR_CTX
#endif

// The particle of a slot (see the top of this file).
XPBD_FN uint jacobiSlotParticle(JR_CTX_PARAM uint slot, uint distanceCount) {
  if (slot < 2u * distanceCount) return jrDistanceEnd(JR_CTX slot / 2u, slot % 2u);
  uint s = slot - 2u * distanceCount;
  return jrElementEnd(JR_CTX s / 4u, s % 4u);
}

// The slots a moving particle p has (0 when it has no row).
XPBD_FN uint jacobiRowSize(JR_CTX_PARAM uint p) {
  uint r = jrRowOf(JR_CTX p);
  return r == VKXPBD_NONE ? 0u : jrOffset(JR_CTX r + 1u) - jrOffset(JR_CTX r);
}

// The build in five phases, each over a range of its items, so that the GPU's tear jacobi pass
// (shaders/tear_jacobi.comp) runs each as one-invocation dispatches (a single invocation looping over
// everything is cut short on lavapipe, docs/tearing.md). Each but the scan returns the items it handled,
// counted in the loop. Slots: 2 × distanceCount + 4 × elementCount.
// Phase 0: no particle of [begin, end) has a slot yet.
XPBD_FN uint jacobiRowsClear(JR_CTX_PARAM uint begin, uint end) {
  uint done = 0u;
  for (uint p = begin; p < end; ++p) {
    jrSetDegree(JR_CTX p, 0u);
    ++done;
  }
  return done;
}

// Phase 1: the slots of [begin, end) count for their moving particles.
XPBD_FN uint jacobiRowsCount(JR_CTX_PARAM uint begin, uint end, uint distanceCount) {
  uint done = 0u;
  for (uint s = begin; s < end; ++s) {
    uint p = jacobiSlotParticle(JR_CTX s, distanceCount);
    if (jrMoves(JR_CTX p)) jrSetDegree(JR_CTX p, jrDegree(JR_CTX p) + 1u);
    ++done;
  }
  return done;
}

// Phase 2, particles [begin, end) in ascending order (ranges in ascending order, the first from 0 with
// rows 0 and offsets[0] = 0): a row per particle with slots; returns the rows so far.
XPBD_FN uint jacobiRowsScan(JR_CTX_PARAM uint begin, uint end, uint rows) {
  for (uint p = begin; p < end; ++p) {
    uint degree = jrDegree(JR_CTX p);
    if (degree == 0u) {
      jrSetRowOf(JR_CTX p, VKXPBD_NONE);
      continue;
    }
    jrSetRowOf(JR_CTX p, rows);
    jrSetParticle(JR_CTX rows, p);
    jrSetOffset(JR_CTX rows + 1u, jrOffset(JR_CTX rows) + degree);
    // From here on a row's degree is its fill cursor.
    jrSetDegree(JR_CTX p, jrOffset(JR_CTX rows));
    ++rows;
  }
  return rows;
}

// Phase 3, slots [begin, end) in ascending order (ranges in ascending order): each into its particle's
// row.
XPBD_FN uint jacobiRowsFill(JR_CTX_PARAM uint begin, uint end, uint distanceCount) {
  uint done = 0u;
  for (uint s = begin; s < end; ++s) {
    ++done;
    uint p = jacobiSlotParticle(JR_CTX s, distanceCount);
    if (!jrMoves(JR_CTX p)) continue;
    uint at = jrDegree(JR_CTX p);
    jrSetSlot(JR_CTX at, s);
    jrSetDegree(JR_CTX p, at + 1u);
  }
  return done;
}

// Phase 4: the step scales of the batch's constraints [begin, end) (distance first, then elements).
XPBD_FN uint jacobiRowsScale(JR_CTX_PARAM uint begin, uint end, uint distanceCount) {
  uint done = 0u;
  for (uint k = begin; k < end; ++k) {
    uint largest = 0u;
    uint ends = k < distanceCount ? 2u : 4u;
    for (uint j = 0u; j < ends; ++j) {
      uint p = k < distanceCount ? jrDistanceEnd(JR_CTX k, j) : jrElementEnd(JR_CTX k - distanceCount, j);
      largest = max(largest, jacobiRowSize(JR_CTX p));
    }
    jrSetScale(JR_CTX k, largest > 0u ? 1.0f / float(largest) : 1.0f);
    ++done;
  }
  return done;
}

// Builds the rows of the batch (distanceCount distance constraints, elementCount elements) over
// `particles` particles; returns the number of rows.
XPBD_FN uint buildJacobiRows(JR_CTX_PARAM uint particles, uint distanceCount, uint elementCount) {
  uint slotCount = 2u * distanceCount + 4u * elementCount;
  jacobiRowsClear(JR_CTX 0u, particles);
  jacobiRowsCount(JR_CTX 0u, slotCount, distanceCount);
  jrSetOffset(JR_CTX 0u, 0u);
  uint rows = jacobiRowsScan(JR_CTX 0u, particles, 0u);
  jacobiRowsFill(JR_CTX 0u, slotCount, distanceCount);
  jacobiRowsScale(JR_CTX 0u, distanceCount + elementCount, distanceCount);
  return rows;
}

XPBD_END_NAMESPACE

#endif
