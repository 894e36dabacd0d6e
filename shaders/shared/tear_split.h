// Tearing (docs/tearing.md, "How the surface splits"): the serial split of the broken constraints, one
// code for the CPU reference (Tearing::split) and GLSL. It reads and writes the tear table
// (shared/tear_layout.h) and the solver's data through accessors: in C++ TearAccess below (pointers
// into host vectors), in GLSL functions of the same names over buffers that the including shader
// defines before including this file (tsTable, tsSetTable, tsCorner, tsSetCorner, tsDistA, tsDistB,
// tsDistKind, tsSetDist, tsElem, tsSetElem, tsPosition, tsRestW, tsSetRestW, tsCopyParticle), with
// TEAR_CTX_PARAM, TEAR_CTX, TEAR_CTX_ONLY_PARAM and TEAR_CTX_ONLY empty.
#ifndef VKXPBD_SHARED_TEAR_SPLIT_H
#define VKXPBD_SHARED_TEAR_SPLIT_H

#include "shared/gpu_types.h"
#include "shared/tear_layout.h"
#include "shared/tear_math.h"

XPBD_BEGIN_NAMESPACE

#ifdef __cplusplus
// The host data the split changes. low and history may be null (no low parts; not BDF2).
struct TearAccess {
  uint* table;
  uint* corners;  // the packed surface triangles, 3 per triangle
  DistanceConstraint* distance;
  ElementConstraint* elements;
  vec4* positions;
  vec4* low;
  vec4* velocities;
  vec4* history;  // 2 per particle: [p] and [N + p]
  vec4* rest;     // w: the model's inverse mass
  uint particles;
};
#define TEAR_CTX_PARAM TearAccess &ctx,
#define TEAR_CTX ctx,
#define TEAR_CTX_ONLY_PARAM TearAccess& ctx
#define TEAR_CTX_ONLY ctx
inline uint tsTable(TearAccess& ctx, uint i) {
  return ctx.table[i];
}
inline void tsSetTable(TearAccess& ctx, uint i, uint v) {
  ctx.table[i] = v;
}
inline uint tsCorner(TearAccess& ctx, uint i) {
  return ctx.corners[i];
}
inline void tsSetCorner(TearAccess& ctx, uint i, uint v) {
  ctx.corners[i] = v;
}
inline uint tsDistA(TearAccess& ctx, uint k) {
  return ctx.distance[k].a;
}
inline uint tsDistB(TearAccess& ctx, uint k) {
  return ctx.distance[k].b;
}
inline uint tsDistKind(TearAccess& ctx, uint k) {
  return ctx.distance[k].kind;
}
inline void tsSetDist(TearAccess& ctx, uint k, uint a, uint b) {
  ctx.distance[k].a = a;
  ctx.distance[k].b = b;
}
inline uint tsElem(TearAccess& ctx, uint k, uint j) {
  const ElementConstraint& e = ctx.elements[k];
  return j == 0u ? e.a : j == 1u ? e.b : j == 2u ? e.c : e.d;
}
inline void tsSetElem(TearAccess& ctx, uint k, uint a, uint b, uint c, uint d) {
  ElementConstraint& e = ctx.elements[k];
  e.a = a;
  e.b = b;
  e.c = c;
  e.d = d;
}
inline vec4 tsPosition(TearAccess& ctx, uint p) {
  return ctx.positions[p];
}
inline float tsRestW(TearAccess& ctx, uint p) {
  return ctx.rest[p].w;
}
inline void tsSetRestW(TearAccess& ctx, uint p, float w) {
  ctx.rest[p].w = w;
}
// The copy of p: same position, low part, velocity and history; both get inverse mass w.
inline void tsCopyParticle(TearAccess& ctx, uint p, uint copy, float w) {
  ctx.positions[copy] = vec4(vec3(ctx.positions[p]), w);
  ctx.positions[p].w = w;
  if (ctx.low != nullptr) ctx.low[copy] = ctx.low[p];
  ctx.velocities[copy] = ctx.velocities[p];
  if (ctx.history != nullptr) {
    ctx.history[copy] = ctx.history[p];
    ctx.history[ctx.particles + copy] = ctx.history[ctx.particles + p];
  }
}
#else
#define TEAR_CTX_PARAM
#define TEAR_CTX
#define TEAR_CTX_ONLY_PARAM
#define TEAR_CTX_ONLY
#endif

// Element i of the section that header slot `slot` starts.
XPBD_FN uint tearAt(TEAR_CTX_PARAM uint slot, uint i) {
  return tsTable(TEAR_CTX tsTable(TEAR_CTX slot) + i);
}
XPBD_FN void tearPut(TEAR_CTX_PARAM uint slot, uint i, uint v) {
  tsSetTable(TEAR_CTX tsTable(TEAR_CTX slot) + i, v);
}
XPBD_FN uint tearBodyAt(TEAR_CTX_PARAM uint body, uint field) {
  return tearAt(TEAR_CTX VKXPBD_TEAR_HDR_BODY_TABLE, body * VKXPBD_TEAR_BODY_STRIDE + field);
}
XPBD_FN void tearCountUp(TEAR_CTX_PARAM uint counter) {
  uint i = tsTable(TEAR_CTX VKXPBD_TEAR_HDR_COUNTERS) + counter;
  tsSetTable(TEAR_CTX i, tsTable(TEAR_CTX i) + 1u);
}
XPBD_FN vec3 tearX(TEAR_CTX_PARAM uint p) {
  return vec3(tsPosition(TEAR_CTX p));
}

XPBD_FN bool tearDistBroken(TEAR_CTX_PARAM uint k) {
  return tsDistA(TEAR_CTX k) == tsDistB(TEAR_CTX k);
}
XPBD_FN bool tearElemBroken(TEAR_CTX_PARAM uint k) {
  uint a = tsElem(TEAR_CTX k, 0u);
  return tsElem(TEAR_CTX k, 1u) == a && tsElem(TEAR_CTX k, 2u) == a && tsElem(TEAR_CTX k, 3u) == a;
}
XPBD_FN bool tearElemHas(TEAR_CTX_PARAM uint k, uint p) {
  return tsElem(TEAR_CTX k, 0u) == p || tsElem(TEAR_CTX k, 1u) == p || tsElem(TEAR_CTX k, 2u) == p ||
         tsElem(TEAR_CTX k, 3u) == p;
}
XPBD_FN bool tearTriHas(TEAR_CTX_PARAM uint t, uint p) {
  return tsCorner(TEAR_CTX 3u * t) == p || tsCorner(TEAR_CTX 3u * t + 1u) == p ||
         tsCorner(TEAR_CTX 3u * t + 2u) == p;
}

// A removed constraint keeps its slot with all its ends on one particle: a particle that does not move
// when it has one, so that it never has more moving ends than before (the Jacobi slot lists have one
// entry per moving end and a fixed size).
XPBD_FN bool tearResting(TEAR_CTX_PARAM uint p) {
  return tsRestW(TEAR_CTX p) <= 0.0f;
}
XPBD_FN void tearRemoveDistance(TEAR_CTX_PARAM uint k) {
  uint b = tsDistB(TEAR_CTX k);
  uint keep = tearResting(TEAR_CTX b) ? b : tsDistA(TEAR_CTX k);
  tsSetDist(TEAR_CTX k, keep, keep);
}
XPBD_FN void tearRemoveElement(TEAR_CTX_PARAM uint k) {
  uint keep = tsElem(TEAR_CTX k, 0u);
  for (uint j = 4u; j > 0u; --j)  // the first resting end, in the order a, b, c, d
    if (tearResting(TEAR_CTX tsElem(TEAR_CTX k, j - 1u))) keep = tsElem(TEAR_CTX k, j - 1u);
  tsSetElem(TEAR_CTX k, keep, keep, keep, keep);
}

// The scratch list of the triangles around the particle being split (VKXPBD_TEAR_AROUND_STRIDE each).
XPBD_FN uint tearAroundAt(TEAR_CTX_PARAM uint j, uint field) {
  return tearAt(TEAR_CTX VKXPBD_TEAR_HDR_AROUND, j * VKXPBD_TEAR_AROUND_STRIDE + field);
}
// The side of the triangle (a, b, c) around the particle: 1 moved, 0 stayed, -1 not around it.
XPBD_FN int tearTriangleSide(TEAR_CTX_PARAM uint count, uint a, uint b, uint c) {
  for (uint j = 0u; j < count; ++j) {
    uint v0 = tearAroundAt(TEAR_CTX j, 1u), v1 = tearAroundAt(TEAR_CTX j, 2u),
         v2 = tearAroundAt(TEAR_CTX j, 3u);
    bool hasA = v0 == a || v1 == a || v2 == a, hasB = v0 == b || v1 == b || v2 == b,
         hasC = v0 == c || v1 == c || v2 == c;
    if (hasA && hasB && hasC) return tearAroundAt(TEAR_CTX j, 4u) != 0u ? 1 : 0;
  }
  return -1;
}

// Splits p across the plane through it with normal n (m): the triangles around it on n's side (their
// centroids), with the constraints that follow them, go to the body's next spare particle; each keeps
// half the mass. False (nothing changed) for a pinned particle, without spares, or when every triangle
// lies on one side.
XPBD_FN bool tearSplitParticle(TEAR_CTX_PARAM uint p, vec3 n) {
  uint body = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_TEAR_OF, p);
  float w = tsPosition(TEAR_CTX p).w;
  if (w <= 0.0f || body == VKXPBD_NONE) return false;  // pinned particles stay whole
  uint next = tearBodyAt(TEAR_CTX body, VKXPBD_TEAR_BODY_NEXT_SPARE);
  if (next >= tearBodyAt(TEAR_CTX body, VKXPBD_TEAR_BODY_SPARE_COUNT)) return false;  // only breaks
  vec3 xp = tearX(TEAR_CTX p);

  // The triangles around p, and the side of the crack each lies on.
  uint o = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_ORIGIN, p);
  uint count = 0u, moved = 0u;
  uint end = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_TRI_OFFSETS, o + 1u);
  for (uint i = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_TRI_OFFSETS, o); i < end; ++i) {
    uint t = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_TRIS, i);
    uint c0 = tsCorner(TEAR_CTX 3u * t), c1 = tsCorner(TEAR_CTX 3u * t + 1u),
         c2 = tsCorner(TEAR_CTX 3u * t + 2u);
    if (c0 != p && c1 != p && c2 != p) continue;
    // A collapsed triangle (tearCutEdge) is no longer part of the surface: its centroid is p itself
    // up to rounding, which would pick its side (differently on each device).
    if (c0 == c1 || c1 == c2 || c0 == c2) continue;
    // The centroid sums the corners in ascending order (tearCentroid).
    uint s0 = min(c0, min(c1, c2)), s2 = max(c0, max(c1, c2));
    uint s1 = c0 + c1 + c2 - s0 - s2;
    bool onFar =
        tearOnFarSide(tearCentroid(tearX(TEAR_CTX s0), tearX(TEAR_CTX s1), tearX(TEAR_CTX s2)), xp, n);
    uint base = count * VKXPBD_TEAR_AROUND_STRIDE;
    tearPut(TEAR_CTX VKXPBD_TEAR_HDR_AROUND, base, t);
    tearPut(TEAR_CTX VKXPBD_TEAR_HDR_AROUND, base + 1u, c0);
    tearPut(TEAR_CTX VKXPBD_TEAR_HDR_AROUND, base + 2u, c1);
    tearPut(TEAR_CTX VKXPBD_TEAR_HDR_AROUND, base + 3u, c2);
    tearPut(TEAR_CTX VKXPBD_TEAR_HDR_AROUND, base + 4u, onFar ? 1u : 0u);
    ++count;
    moved += onFar ? 1u : 0u;
  }
  if (moved == 0u || moved == count) return false;  // the crack would not open here

  // The copy: same place and velocity, each with half the mass.
  uint copy = tearBodyAt(TEAR_CTX body, VKXPBD_TEAR_BODY_SPARE_FIRST) + next;
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_BODY_TABLE, body * VKXPBD_TEAR_BODY_STRIDE + VKXPBD_TEAR_BODY_NEXT_SPARE,
          next + 1u);
  float wSplit = tearSplitInverseMass(w);
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_ORIGIN, copy, o);
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_TEAR_OF, copy, body);
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_ON_CRACK, p, 1u);
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_ON_CRACK, copy, 1u);
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_SIBLING, p, copy);
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_SIBLING, copy, p);
  // The origin's copies as a list in the order taken (the held-triangles pass walks it).
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_NEXT_COPY, tearAt(TEAR_CTX VKXPBD_TEAR_HDR_LAST_COPY, o), copy);
  tearPut(TEAR_CTX VKXPBD_TEAR_HDR_LAST_COPY, o, copy);
  tsCopyParticle(TEAR_CTX p, copy, wSplit);
  tsSetRestW(TEAR_CTX p, wSplit);
  tsSetRestW(TEAR_CTX copy, wSplit);

  // Triangles on the far side move to the copy.
  for (uint j = 0u; j < count; ++j) {
    if (tearAroundAt(TEAR_CTX j, 4u) == 0u) continue;
    uint t = tearAroundAt(TEAR_CTX j, 0u);
    for (uint k = 0u; k < 3u; ++k)
      if (tsCorner(TEAR_CTX 3u * t + k) == p) tsSetCorner(TEAR_CTX 3u * t + k, copy);
  }
  // Distance constraints follow the triangles that hold their edge (an edge on the crack, with
  // triangles on both sides, stays with p); others go by the side of their other particle.
  uint distanceCount = tsTable(TEAR_CTX VKXPBD_TEAR_HDR_DISTANCE);
  end = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o + 1u);
  for (uint i = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o); i < end; ++i) {
    uint k = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CONS, i);
    if (k < distanceCount) {
      uint a = tsDistA(TEAR_CTX k), b = tsDistB(TEAR_CTX k);
      if (a == b || (a != p && b != p)) continue;
      uint r = a == p ? b : a;
      uint movedHolders = 0u, stayedHolders = 0u;
      for (uint j = 0u; j < count; ++j) {
        if (tearAroundAt(TEAR_CTX j, 1u) != r && tearAroundAt(TEAR_CTX j, 2u) != r &&
            tearAroundAt(TEAR_CTX j, 3u) != r)
          continue;
        if (tearAroundAt(TEAR_CTX j, 4u) != 0u)
          ++movedHolders;
        else
          ++stayedHolders;
      }
      bool toCopy =
          movedHolders + stayedHolders > 0u ? stayedHolders == 0u : tearOnFarSide(tearX(TEAR_CTX r), xp, n);
      if (!toCopy) continue;
      tsSetDist(TEAR_CTX k, a == p ? copy : a, b == p ? copy : b);
    } else {
      uint e = k - distanceCount;
      if (tearElemBroken(TEAR_CTX e) || !tearElemHas(TEAR_CTX e, p)) continue;
      uint ea = tsElem(TEAR_CTX e, 0u), eb = tsElem(TEAR_CTX e, 1u), ec = tsElem(TEAR_CTX e, 2u),
           ed = tsElem(TEAR_CTX e, 3u);
      // Bending: the triangles (a, b, c) and (b, a, d).
      int s1 = (ea == p || eb == p || ec == p) ? tearTriangleSide(TEAR_CTX count, ea, eb, ec) : -1;
      int s2 = (ea == p || eb == p || ed == p) ? tearTriangleSide(TEAR_CTX count, ea, eb, ed) : -1;
      if (s1 >= 0 && s2 >= 0 && s1 != s2) {
        tearRemoveElement(TEAR_CTX e);  // spans the crack: broken
        tearCountUp(TEAR_CTX VKXPBD_TEAR_COUNTER_BROKEN_ELEMENTS);
        continue;
      }
      if (max(s1, s2) != 1) continue;
      tsSetElem(TEAR_CTX e, ea == p ? copy : ea, eb == p ? copy : eb, ec == p ? copy : ec,
                ed == p ? copy : ed);
    }
  }
  tearCountUp(TEAR_CTX VKXPBD_TEAR_COUNTER_SPLITS);
  return true;
}

// A constraint (a, b) removed without a split: the triangles on its edge collapse onto a (zero area:
// not drawn, no normal, no contact) and bending elements across it break.
XPBD_FN void tearCutEdge(TEAR_CTX_PARAM uint a, uint b) {
  uint o = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_ORIGIN, a);
  uint end = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_TRI_OFFSETS, o + 1u);
  for (uint i = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_TRI_OFFSETS, o); i < end; ++i) {
    uint t = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_TRIS, i);
    if (!tearTriHas(TEAR_CTX t, a) || !tearTriHas(TEAR_CTX t, b)) continue;
    for (uint k = 0u; k < 3u; ++k) tsSetCorner(TEAR_CTX 3u * t + k, a);
  }
  uint distanceCount = tsTable(TEAR_CTX VKXPBD_TEAR_HDR_DISTANCE);
  end = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o + 1u);
  for (uint i = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o); i < end; ++i) {
    uint k = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CONS, i);
    if (k < distanceCount) continue;
    uint e = k - distanceCount;
    uint ea = tsElem(TEAR_CTX e, 0u), eb = tsElem(TEAR_CTX e, 1u);
    if (tearElemBroken(TEAR_CTX e) || !((ea == a && eb == b) || (ea == b && eb == a))) continue;
    tearRemoveElement(TEAR_CTX e);
    tearCountUp(TEAR_CTX VKXPBD_TEAR_COUNTER_BROKEN_ELEMENTS);
  }
}

// Breaks the distance constraint k (a broken one in layout order) and splits one of its particles. When
// one of them, c, is already on a crack the other one t is split, across the direction in which the
// crack opens at c (from c to its sibling), so that the crack runs on; otherwise a across the
// constraint, else b. With a split the constraint went with its triangles to one side of the crack;
// without one it is removed. A distance bending constraint is only removed.
XPBD_FN void tearBreak(TEAR_CTX_PARAM uint k) {
  uint a = tsDistA(TEAR_CTX k), b = tsDistB(TEAR_CTX k);
  if (a == b) return;
  vec3 xa = tearX(TEAR_CTX a), xb = tearX(TEAR_CTX b);
  bool bend = tsDistKind(TEAR_CTX k) == VKXPBD_TEAR_KIND_BEND;
  bool split = false;
  uint crackA = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_ON_CRACK, a),
       crackB = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_ON_CRACK, b);
  if (bend) {
    // Reaches over a particle: across an opening crack it is only removed.
  } else if (crackA != crackB) {
    uint crack = crackA != 0u ? a : b, t = crackA != 0u ? b : a;
    uint sibling = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_SIBLING, crack);
    split = tearSplitParticle(TEAR_CTX t, tearX(TEAR_CTX sibling) - tearX(TEAR_CTX crack));
  } else {
    split = tearSplitParticle(TEAR_CTX a, xb - xa);
    if (!split) split = tearSplitParticle(TEAR_CTX b, xa - xb);
  }
  if (!split) {
    tearRemoveDistance(TEAR_CTX k);
    tearCountUp(TEAR_CTX VKXPBD_TEAR_COUNTER_REMOVED);
    if (!bend) tearCutEdge(TEAR_CTX a, b);
  }
}

// Whether an intact stretch or shear constraint joins a and b now (looked up among the constraints of
// a's original particle: a constraint only ever moves to copies of its ends).
XPBD_FN bool tearHeld(TEAR_CTX_PARAM uint a, uint b) {
  uint distanceCount = tsTable(TEAR_CTX VKXPBD_TEAR_HDR_DISTANCE);
  uint o = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_ORIGIN, a);
  uint end = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o + 1u);
  for (uint i = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o); i < end; ++i) {
    uint k = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CONS, i);
    if (k >= distanceCount) continue;
    uint kind = tsDistKind(TEAR_CTX k);
    if (kind != VKXPBD_TEAR_KIND_STRETCH && kind != VKXPBD_TEAR_KIND_SHEAR) continue;
    uint ca = tsDistA(TEAR_CTX k), cb = tsDistB(TEAR_CTX k);
    if (ca != cb && ((ca == a && cb == b) || (ca == b && cb == a))) return true;
  }
  return false;
}
XPBD_FN uint tearHeldEdges(TEAR_CTX_PARAM uint t) {
  uint v0 = tsCorner(TEAR_CTX 3u * t), v1 = tsCorner(TEAR_CTX 3u * t + 1u),
       v2 = tsCorner(TEAR_CTX 3u * t + 2u);
  return (tearHeld(TEAR_CTX v0, v1) ? 1u : 0u) + (tearHeld(TEAR_CTX v1, v2) ? 1u : 0u) +
         (tearHeld(TEAR_CTX v2, v0) ? 1u : 0u);
}

// After the splits, for triangle t (packed) of a tearing surface: a drawn triangle held on fewer than two
// edges (a flap across the crack) gets the corner that belongs to another piece swapped for the particle
// of that corner's origin (the original, then its copies in the order taken) that holds it on two edges,
// or collapses; bending elements built on it as it was break.
XPBD_FN void tearHoldTriangle(TEAR_CTX_PARAM uint t) {
  uint b0 = tsCorner(TEAR_CTX 3u * t), b1 = tsCorner(TEAR_CTX 3u * t + 1u),
       b2 = tsCorner(TEAR_CTX 3u * t + 2u);
  if (b0 == b1 || b1 == b2 || b0 == b2 || tearHeldEdges(TEAR_CTX t) >= 2u) return;
  bool held = false;
  for (uint k = 0u; k < 3u && !held; ++k) {
    uint before = k == 0u ? b0 : k == 1u ? b1 : b2;
    // The original, then its copies in the order taken.
    for (uint r = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_ORIGIN, before); r != VKXPBD_NONE && !held;
         r = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_NEXT_COPY, r)) {
      if (r == before) continue;
      tsSetCorner(TEAR_CTX 3u * t + k, r);
      held = tearHeldEdges(TEAR_CTX t) >= 2u;
      if (!held) tsSetCorner(TEAR_CTX 3u * t + k, before);
    }
  }
  if (held) {
    tearCountUp(TEAR_CTX VKXPBD_TEAR_COUNTER_HELD);
  } else {
    tsSetCorner(TEAR_CTX 3u * t + 1u, b0);  // held by nothing: collapses (not drawn)
    tsSetCorner(TEAR_CTX 3u * t + 2u, b0);
    tearCountUp(TEAR_CTX VKXPBD_TEAR_COUNTER_COLLAPSED);
  }
  uint distanceCount = tsTable(TEAR_CTX VKXPBD_TEAR_HDR_DISTANCE);
  uint o = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_ORIGIN, b0);
  uint end = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o + 1u);
  for (uint i = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CON_OFFSETS, o); i < end; ++i) {
    uint k = tearAt(TEAR_CTX VKXPBD_TEAR_HDR_CONS, i);
    if (k < distanceCount) continue;
    uint e = k - distanceCount;
    if (tearElemBroken(TEAR_CTX e) || !tearElemHas(TEAR_CTX e, b0) || !tearElemHas(TEAR_CTX e, b1) ||
        !tearElemHas(TEAR_CTX e, b2))
      continue;
    tearRemoveElement(TEAR_CTX e);
    tearCountUp(TEAR_CTX VKXPBD_TEAR_COUNTER_BROKEN_ELEMENTS);
  }
}

// The counters of one tear step start at zero.
XPBD_FN void tearResetCounters(TEAR_CTX_ONLY_PARAM) {
  for (uint c = 0u; c < uint(VKXPBD_TEAR_COUNTER_COUNT); ++c)
    tearPut(TEAR_CTX VKXPBD_TEAR_HDR_COUNTERS, c, 0u);
}

XPBD_END_NAMESPACE

#endif
