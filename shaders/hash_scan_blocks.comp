#version 450
// Stage "hash scan blocks": work group b turns the bucket counts of its VKXPBD_SCAN_BLOCK buckets into
// exclusive prefix sums within the block and writes the block's total. Integer sums: exact, whatever
// the order.
#include "solver_passes.glsl"

const uint kPerThread = VKXPBD_SCAN_BLOCK / VKXPBD_WORKGROUP_SIZE;

shared uint threadTotals[VKXPBD_WORKGROUP_SIZE];

void main() {
  uint block = gl_WorkGroupID.x + gl_WorkGroupID.y * gl_NumWorkGroups.x;
  if (block >= params.scanBlocks) return;  // uniform per work group: no barrier is skipped by part of it
  uint t = gl_LocalInvocationID.x;
  uint first = block * VKXPBD_SCAN_BLOCK + t * kPerThread;
  uint total = 0u;
  for (uint k = 0u; k < kPerThread; ++k)
    if (first + k < hashBuckets()) total += hashCells[first + k];
  threadTotals[t] = total;
  barrier();
  if (t == 0u) {
    uint running = 0u;
    for (uint k = 0u; k < VKXPBD_WORKGROUP_SIZE; ++k) {
      uint value = threadTotals[k];
      threadTotals[k] = running;
      running += value;
    }
    hashCells[2u * hashBuckets() + 1u + block] = running;
  }
  barrier();
  uint running = threadTotals[t];
  for (uint k = 0u; k < kPerThread; ++k) {
    if (first + k >= hashBuckets()) break;
    uint value = hashCells[first + k];
    hashCells[first + k] = running;
    running += value;
  }
}
