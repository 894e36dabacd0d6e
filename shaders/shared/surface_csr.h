// The per-particle triangle adjacency of the surface triangles (sim/surface_triangles.h) in CSR form,
// one serial code for C++ (buildSurfaceTriangles) and GLSL (after a tear changed the triangles): a
// counting sort of the corners by particle, so every particle's triangles come in ascending order.
// Accessors as in shared/tear_split.h: C++ SurfaceCsrAccess below; in GLSL the including shader defines
// scIndex, scOffset, scSetOffset and scSetTriangle over buffers, with SC_CTX_PARAM and SC_CTX empty.
#ifndef VKXPBD_SHARED_SURFACE_CSR_H
#define VKXPBD_SHARED_SURFACE_CSR_H

#include "shared/lang.h"

XPBD_BEGIN_NAMESPACE

#ifdef __cplusplus
struct SurfaceCsrAccess {
  const uint* indices;  // 3 per triangle
  uint* offsets;        // particles + 1
  uint* triangles;      // one per corner
};
#define SC_CTX_PARAM SurfaceCsrAccess &ctx,
#define SC_CTX ctx,
inline uint scIndex(SurfaceCsrAccess& ctx, uint k) {
  return ctx.indices[k];
}
inline uint scOffset(SurfaceCsrAccess& ctx, uint p) {
  return ctx.offsets[p];
}
inline void scSetOffset(SurfaceCsrAccess& ctx, uint p, uint v) {
  ctx.offsets[p] = v;
}
inline void scSetTriangle(SurfaceCsrAccess& ctx, uint i, uint t) {
  ctx.triangles[i] = t;
}
#else
#define SC_CTX_PARAM
#define SC_CTX
#endif

// The counting sort in five phases, each over a range of its items, so that the GPU's tear surface pass
// (shaders/tear_surface.comp) can run each as its own one-invocation dispatch: a single invocation
// looping over everything is cut short on lavapipe (docs/tearing.md). Each returns the items it handled
// (counted in the loop, so a loop cut short shows). particles: N; corners: 3 × the triangle count.
// Phase 0: offsets[p] = 0 for p in [begin, end) ⊆ [0, N].
XPBD_FN uint surfaceCsrClear(SC_CTX_PARAM uint begin, uint end) {
  uint done = 0u;
  for (uint p = begin; p < end; ++p) {
    scSetOffset(SC_CTX p, 0u);
    ++done;
  }
  return done;
}

// Phase 1: corner k of [begin, end) counts for its particle's end slot.
XPBD_FN uint surfaceCsrCount(SC_CTX_PARAM uint begin, uint end) {
  uint done = 0u;
  for (uint k = begin; k < end; ++k) {
    uint v = scIndex(SC_CTX k);
    scSetOffset(SC_CTX v + 1u, scOffset(SC_CTX v + 1u) + 1u);
    ++done;
  }
  return done;
}

// Phase 2 (serial, all N): the counts summed into each particle's start.
XPBD_FN uint surfaceCsrScan(SC_CTX_PARAM uint particles) {
  uint done = 0u;
  for (uint p = 0u; p < particles; ++p) {
    scSetOffset(SC_CTX p + 1u, scOffset(SC_CTX p + 1u) + scOffset(SC_CTX p));
    ++done;
  }
  return done;
}

// Phase 3, the corners of [begin, end) in ascending order (ranges in ascending order): offsets[v]
// serves as v's fill cursor; it ends at v's end, the next particle's start ...
XPBD_FN uint surfaceCsrFill(SC_CTX_PARAM uint begin, uint end) {
  uint done = 0u;
  for (uint k = begin; k < end; ++k) {
    uint v = scIndex(SC_CTX k);
    uint at = scOffset(SC_CTX v);
    scSetTriangle(SC_CTX at, k / 3u);
    scSetOffset(SC_CTX v, at + 1u);
    ++done;
  }
  return done;
}

// ... phase 4, over p in [begin, end) ⊆ [0, N], descending (ranges from the top down): one shift back
// gives the starts again.
XPBD_FN uint surfaceCsrShift(SC_CTX_PARAM uint begin, uint end) {
  uint done = 0u;
  for (uint p = end; p > begin; --p) {
    scSetOffset(SC_CTX p - 1u, p - 1u == 0u ? 0u : scOffset(SC_CTX p - 2u));
    ++done;
  }
  return done;
}

// The whole sort: writes offsets[0 .. N] and triangles[0 .. corners).
XPBD_FN void buildSurfaceCsr(SC_CTX_PARAM uint particles, uint corners) {
  surfaceCsrClear(SC_CTX 0u, particles + 1u);
  surfaceCsrCount(SC_CTX 0u, corners);
  surfaceCsrScan(SC_CTX particles);
  surfaceCsrFill(SC_CTX 0u, corners);
  surfaceCsrShift(SC_CTX 0u, particles + 1u);
}

XPBD_END_NAMESPACE

#endif
