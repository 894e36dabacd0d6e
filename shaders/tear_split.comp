#version 450
// Tear pass "tear split" (docs/tearing.md), VKXPBD_TEAR_CHUNKS one-invocation dispatches after the tear
// check (pc.first: the chunk; pc.slotBase: the distance constraints). The first zeroes the step's
// counters. Each walks the check's flags on from where the chunk before stopped (the cursor in the
// table; blocks whose flag is clear are skipped whole) and breaks the next VKXPBD_TEAR_SPLIT_PER_CHUNK
// flagged constraints with the shared split
// (shared/tear_split.h), so they break in layout order as on the CPU; it writes their indices at the
// front of the broken list (sorted: the frame's report) and counts them. Flagged constraints past the
// last chunk's share stay whole this frame; the next frame's check finds them again if still past.
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
  // The sorted list so far never passes the cursor, and the entries before the cursor were read.
  uint listed = tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE);
  uint k = tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_CURSOR);
  uint done = 0u;
  uint n = pc.slotBase;
  while (k < n && done < VKXPBD_TEAR_SPLIT_PER_CHUNK) {
    uint block = k / VKXPBD_TEAR_SPLIT_PER_CHUNK;
    if (tearBroken[n + block] == 0u) {  // nothing broke in this block
      k = (block + 1u) * VKXPBD_TEAR_SPLIT_PER_CHUNK;
      continue;
    }
    if (tearBroken[k] == 0u) {
      ++k;
      continue;
    }
    tearBroken[listed] = k;
    ++listed;
    ++done;
    tearBreak(k);
    // Kept current in the loop: a loop cut short leaves the count short and the next chunk goes on
    // after the last constraint broken.
    tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE, listed);
    tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_CURSOR, k + 1u);
    ++k;
  }
  tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_CURSOR, min(k, n));
}
