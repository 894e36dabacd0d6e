#version 450
// Tear pass "tear hold" (docs/tearing.md), VKXPBD_TEAR_CHUNKS one-invocation dispatches after the
// split, only in a frame that broke something: every drawn triangle of each tearing surface stays held
// on two edges (tearHoldTriangle, shared/tear_split.h); each dispatch takes its share of each surface's
// triangles and counts them (the host checks that all were).
#include "tear_common.glsl"

void main() {
  if (tearCount == 0u) return;
  uint bodies = tearTable[VKXPBD_TEAR_HDR_BODIES];
  uint done = 0u;
  for (uint body = 0u; body < bodies; ++body) {
    uint first = tearBodyAt(body, VKXPBD_TEAR_BODY_TRI_FIRST);
    uvec2 share = tearChunk(tearBodyAt(body, VKXPBD_TEAR_BODY_TRI_COUNT));
    for (uint t = share.x; t < share.y; ++t) {
      tearHoldTriangle(first + t);
      ++done;  // counted in the loop: a loop cut short leaves it short
    }
  }
  tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_HOLD_DONE, tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_HOLD_DONE) + done);
}
