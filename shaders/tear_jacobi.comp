#version 450
// Tear pass "tear jacobi" (docs/tearing.md), after tear surface, only in a frame whose tear passes
// split: the Jacobi batch's rows, slots and step scales built again (shared/jacobi_rows.h, the CPU's
// buildJacobiAdjacency), five phases of VKXPBD_TEAR_CHUNKS one-invocation dispatches each (pc.first:
// phase × VKXPBD_TEAR_CHUNKS + chunk). pc.slotBase, pc.count: the batch's first distance constraint and
// count; pc.elementFirst, pc.elementCount: its elements; pc.elementSlotBase: the row capacity (the
// buffer holds capacity + 1 offsets, then capacity particles; rows past the built ones stay empty for
// the apply pass). The scan carries its row count from chunk to chunk in the tear table; the other
// phases count the items they handled (the host checks the sum).
#include "tear_common.glsl"

uint jrDistanceEnd(uint k, uint j) {
  return j == 0u ? distance[pc.slotBase + k].a : distance[pc.slotBase + k].b;
}
uint jrElementEnd(uint e, uint j) {
  ElementConstraint c = elements[pc.elementFirst + e];
  return j == 0u ? c.a : j == 1u ? c.b : j == 2u ? c.c : c.d;
}
bool jrMoves(uint p) {
  return restW[p] > 0.0f;
}
uint jrDegree(uint p) {
  return jacobiScratch[p];
}
void jrSetDegree(uint p, uint v) {
  jacobiScratch[p] = v;
}
uint jrRowOf(uint p) {
  return jacobiScratch[tearTable[VKXPBD_TEAR_HDR_PARTICLES] + p];
}
void jrSetRowOf(uint p, uint r) {
  jacobiScratch[tearTable[VKXPBD_TEAR_HDR_PARTICLES] + p] = r;
}
uint jrOffset(uint r) {
  return jacobiRows[r];
}
void jrSetOffset(uint r, uint v) {
  jacobiRows[r] = v;
}
uint jrParticle(uint r) {
  return jacobiRows[pc.elementSlotBase + 1u + r];
}
void jrSetParticle(uint r, uint p) {
  jacobiRows[pc.elementSlotBase + 1u + r] = p;
}
void jrSetSlot(uint i, uint s) {
  jacobiSlots[i] = s;
}
void jrSetScale(uint k, float s) {
  jacobiScale[k] = s;
}

#include "shared/jacobi_rows.h"

// The chunk's share [begin, end) of `total` items.
uvec2 jacobiChunk(uint chunk, uint total) {
  uint per = (total + VKXPBD_TEAR_CHUNKS - 1u) / VKXPBD_TEAR_CHUNKS;
  uint begin = min(total, chunk * per);
  return uvec2(begin, min(total, begin + per));
}

void main() {
  if (tearCount == 0u) return;
  uint phase = pc.first / VKXPBD_TEAR_CHUNKS;
  uint chunk = pc.first % VKXPBD_TEAR_CHUNKS;
  uint n = tearTable[VKXPBD_TEAR_HDR_PARTICLES];
  uint distanceCount = pc.count;
  uint slots = 2u * distanceCount + 4u * pc.elementCount;
  uint done = 0u;
  if (phase == 0u) {
    uvec2 r = jacobiChunk(chunk, n);
    done = jacobiRowsClear(r.x, r.y);
  } else if (phase == 1u) {
    uvec2 r = jacobiChunk(chunk, slots);
    done = jacobiRowsCount(r.x, r.y, distanceCount);
  } else if (phase == 2u) {
    uint rows = 0u;
    if (chunk == 0u)
      jrSetOffset(0u, 0u);
    else
      rows = tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_JACOBI_ROWS);
    uvec2 r = jacobiChunk(chunk, n);
    rows = jacobiRowsScan(r.x, r.y, rows);
    tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_JACOBI_ROWS, rows);
    if (chunk + 1u == VKXPBD_TEAR_CHUNKS)  // the rows not built: empty
      for (uint row = rows + 1u; row <= pc.elementSlotBase; ++row) jrSetOffset(row, jrOffset(rows));
  } else if (phase == 3u) {
    uvec2 r = jacobiChunk(chunk, slots);
    done = jacobiRowsFill(r.x, r.y, distanceCount);
  } else {
    uvec2 r = jacobiChunk(chunk, distanceCount + pc.elementCount);
    done = jacobiRowsScale(r.x, r.y, distanceCount);
  }
  tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_JACOBI_DONE,
          tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_JACOBI_DONE) + done);
}
