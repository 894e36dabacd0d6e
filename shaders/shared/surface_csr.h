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

// particles: N; corners: 3 × the triangle count. Writes offsets[0 .. N] and triangles[0 .. corners).
XPBD_FN void buildSurfaceCsr(SC_CTX_PARAM uint particles, uint corners) {
  for (uint p = 0u; p <= particles; ++p) scSetOffset(SC_CTX p, 0u);
  for (uint k = 0u; k < corners; ++k) {
    uint v = scIndex(SC_CTX k);
    scSetOffset(SC_CTX v + 1u, scOffset(SC_CTX v + 1u) + 1u);
  }
  for (uint p = 0u; p < particles; ++p)
    scSetOffset(SC_CTX p + 1u, scOffset(SC_CTX p + 1u) + scOffset(SC_CTX p));
  // offsets[v] serves as v's fill cursor: it ends at v's end, the next particle's start ...
  for (uint k = 0u; k < corners; ++k) {
    uint v = scIndex(SC_CTX k);
    uint at = scOffset(SC_CTX v);
    scSetTriangle(SC_CTX at, k / 3u);
    scSetOffset(SC_CTX v, at + 1u);
  }
  // ... so one shift back gives the starts again.
  for (uint p = particles; p > 0u; --p) scSetOffset(SC_CTX p, scOffset(SC_CTX p - 1u));
  scSetOffset(SC_CTX 0u, 0u);
}

XPBD_END_NAMESPACE

#endif
