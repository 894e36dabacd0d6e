#version 450
// Tear pass "tear surface" (docs/tearing.md), after tear hold, only in a frame whose tear passes split:
// the per-particle triangle adjacency of the surface triangles built again (shared/surface_csr.h, the
// CPU's buildSurfaceTriangles), one phase per group of one-invocation dispatches (pc.first: phase ×
// VKXPBD_TEAR_CHUNKS + chunk; the scan, phase 2, is one dispatch; pc.slotBase: the corners; a sixth
// phase, with contact triangles, copies all three into the contact triangle buffer). Each counts the
// items it handled (the host checks the sum).
#include "tear_common.glsl"

uint scIndex(uint k) {
  return triangles[k];
}
uint scOffset(uint p) {
  return triangleOffsets[p];
}
void scSetOffset(uint p, uint v) {
  triangleOffsets[p] = v;
}
void scSetTriangle(uint i, uint t) {
  particleTriangles[i] = t;
}

#include "shared/surface_csr.h"

// The chunk's share [begin, end) of `total` items.
uvec2 csrChunk(uint chunk, uint total) {
  uint per = (total + VKXPBD_TEAR_CHUNKS - 1u) / VKXPBD_TEAR_CHUNKS;
  uint begin = min(total, chunk * per);
  return uvec2(begin, min(total, begin + per));
}

void main() {
  if (tearCount == 0u) return;
  uint phase = pc.first / VKXPBD_TEAR_CHUNKS;
  uint chunk = pc.first % VKXPBD_TEAR_CHUNKS;
  uint n = tearTable[VKXPBD_TEAR_HDR_PARTICLES];
  uint corners = pc.slotBase;
  uint done = 0u;
  if (phase == 0u) {
    uvec2 r = csrChunk(chunk, n + 1u);
    done = surfaceCsrClear(r.x, r.y);
  } else if (phase == 1u) {
    uvec2 r = csrChunk(chunk, corners);
    done = surfaceCsrCount(r.x, r.y);
  } else if (phase == 2u) {
    done = surfaceCsrScan(n);
  } else if (phase == 3u) {
    uvec2 r = csrChunk(chunk, corners);
    done = surfaceCsrFill(r.x, r.y);
  } else if (phase == 5u) {
    // The contact triangles (sim/contact_triangles.h): the triangles, their offsets and particle
    // triangles one after the other.
    uvec2 r = csrChunk(chunk, 2u * corners + n + 1u);
    for (uint i = r.x; i < r.y; ++i) {
      uint j = i - corners;
      contactTriangles[i] = i < corners ? triangles[i]
                            : j <= n    ? triangleOffsets[j]
                                        : particleTriangles[j - n - 1u];
      ++done;
    }
  } else {
    // From the top down: a chunk reads the start just below its range before the next one rewrites it.
    uvec2 r = csrChunk(VKXPBD_TEAR_CHUNKS - 1u - chunk, n + 1u);
    done = surfaceCsrShift(r.x, r.y);
  }
  tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_CSR_DONE,
          tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_CSR_DONE) + done);
}
