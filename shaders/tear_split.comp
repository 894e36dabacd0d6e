#version 450
// Tear pass "tear split" (docs/tearing.md): one one-invocation dispatch per VKXPBD_TEAR_SPLIT_PER_CHUNK
// distance constraints after the tear check (pc.first: the chunk; pc.slotBase: the distance
// constraints). The first zeroes the step's counters. Each, in order, breaks the constraints of its
// range that the check flagged, with the shared split (shared/tear_split.h), so they break in layout
// order as on the CPU; it writes their indices at the front of the broken list (sorted: the host reads
// them as the frame's report) and counts them (the host checks that the sum is the check's count).
#include "tear_common.glsl"

void main() {
  if (pc.first == 0u) {
    // The rows the tear jacobi pass built last stay in the table through frames that break nothing:
    // the host reads them only when asked (gpu/gpu_tearing.cpp).
    uint rows = tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_JACOBI_ROWS);
    tearResetCounters();
    tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_JACOBI_ROWS, rows);
  }
  if (tearCount == 0u) return;
  uint begin = pc.first * VKXPBD_TEAR_SPLIT_PER_CHUNK;
  uint end = min(pc.slotBase, begin + VKXPBD_TEAR_SPLIT_PER_CHUNK);
  // The sorted list so far; it never passes k, and the entries before k were read already.
  uint listed = tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE);
  for (uint k = begin; k < end; ++k) {
    if (tearBroken[k] == 0u) continue;
    tearBroken[listed] = k;
    ++listed;  // counted in the loop: a loop cut short leaves it short
    tearBreak(k);
  }
  tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE, listed);
}
