#version 450
// Tear pass "tear split" (docs/tearing.md), VKXPBD_TEAR_CHUNKS one-invocation dispatches after the tear
// check: the first zeroes the step's counters and sorts the broken list into layout order (the check
// appended in any order), or, past VKXPBD_TEAR_GPU_MAX_BROKEN, marks the frame for the host to split; each breaks its share of the list, in order, with the shared split
// (shared/tear_split.h), and counts the constraints it handled (the host checks that all were).
#include "tear_common.glsl"

void main() {
  uint count = tearCount;
  if (pc.first == 0u) {
    tearResetCounters();
    if (count > VKXPBD_TEAR_GPU_MAX_BROKEN) {  // too many for these passes: the host splits this frame
      tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_DEFERRED, 1u);
      return;
    }
    for (uint i = 1u; i < count; ++i) {  // insertion sort: the list is short
      uint k = tearBroken[i];
      uint j = i;
      for (; j > 0u && tearBroken[j - 1u] > k; --j) tearBroken[j] = tearBroken[j - 1u];
      tearBroken[j] = k;
    }
  }
  if (tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_DEFERRED) != 0u) return;
  uvec2 share = tearChunk(count);
  uint done = 0u;  // counted in the loop: a loop cut short leaves it short
  for (uint i = share.x; i < share.y; ++i) {
    tearBreak(tearBroken[i]);
    ++done;
  }
  tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE, tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE) + done);
}
