#version 450
// Tear pass "tear split" (docs/tearing.md), VKXPBD_TEAR_CHUNKS one-invocation dispatches after the tear
// check (pc.first: the chunk; pc.slotBase: the distance constraints). The first zeroes the step's
// counters and finds the cutoff strain bin: when the check flagged more than the chunks break
// (VKXPBD_TEAR_CHUNKS × VKXPBD_TEAR_SPLIT_PER_CHUNK = 256), the most strained break (every bin above
// the cutoff, the cutoff bin's first in layout order up to 256 in all; selectMostStrained on the CPU).
// Each chunk walks the check's flags on from where the chunk before stopped (the cursor in the table;
// blocks whose highest bin is below what is taken are skipped whole) and breaks the next
// VKXPBD_TEAR_SPLIT_PER_CHUNK taken constraints with the shared split (shared/tear_split.h), in layout
// order as on the CPU; it writes their indices at the front of the broken list (sorted: the frame's
// report) and counts them. Flagged constraints not taken stay whole this frame; the next frame's check
// finds them again if still past. A chunk walks at most its 32 takes' blocks entry by entry (each such
// block holds one it takes) and skips the others whole, as before the bins.
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
  uint n = pc.slotBase;
  uint blocks = (n + VKXPBD_TEAR_SPLIT_PER_CHUNK - 1u) / VKXPBD_TEAR_SPLIT_PER_CHUNK;
  uint binBase = n + blocks;  // the tear check's count per strain bin, then the cutoff bin and quota
  uint cap = VKXPBD_TEAR_CHUNKS * VKXPBD_TEAR_SPLIT_PER_CHUNK;
  if (pc.first == 0u) {
    // The cutoff (as selectMostStrained, sim/tearing.cpp): from the top bin down, the first bin that
    // would take the total past what the chunks break; every bin above it breaks whole, the cutoff bin
    // up to the quota in layout order. With no more flagged than that, bin 0 and all of it.
    uint cutoff = 0u, quota = tearCount, above = 0u;
    for (uint j = VKXPBD_TEAR_BINS; j > 0u; --j) {
      uint count = tearBroken[binBase + j - 1u];
      if (above + count > cap) {
        cutoff = j - 1u;
        quota = cap - above;
        break;
      }
      above += count;
    }
    tearBroken[binBase + VKXPBD_TEAR_BINS] = cutoff;
    tearBroken[binBase + VKXPBD_TEAR_BINS + 1u] = quota;
  }
  uint cutoff = tearBroken[binBase + VKXPBD_TEAR_BINS];
  uint quota = tearBroken[binBase + VKXPBD_TEAR_BINS + 1u];
  // The sorted list so far never passes the cursor, and the entries before the cursor were read.
  uint listed = tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE);
  uint k = tearAt(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_CURSOR);
  uint done = 0u;
  while (k < n && done < VKXPBD_TEAR_SPLIT_PER_CHUNK) {
    // The lowest flag taken now (1 + bin): the cutoff bin while its quota lasts, then the bins above.
    uint lowest = quota > 0u ? cutoff + 1u : cutoff + 2u;
    uint block = k / VKXPBD_TEAR_SPLIT_PER_CHUNK;
    if (tearBroken[n + block] < lowest) {  // nothing to take in this block
      k = (block + 1u) * VKXPBD_TEAR_SPLIT_PER_CHUNK;
      continue;
    }
    uint flag = tearBroken[k];
    if (flag < lowest) {
      ++k;
      continue;
    }
    if (flag == cutoff + 1u) --quota;
    tearBroken[listed] = k;
    ++listed;
    ++done;
    tearBreak(k);
    // Kept current in the loop: a loop cut short leaves the count short and the next chunk goes on
    // after the last constraint broken.
    tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_DONE, listed);
    tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_CURSOR, k + 1u);
    tearBroken[binBase + VKXPBD_TEAR_BINS + 1u] = quota;
    ++k;
  }
  tearPut(VKXPBD_TEAR_HDR_COUNTERS, VKXPBD_TEAR_COUNTER_SPLIT_CURSOR, min(k, n));
}
