#version 450
// Stage "hash scan top": one thread turns the block totals into exclusive block offsets (a few thousand
// at most: 4096 blocks for 4 M buckets).
#include "solver_passes.glsl"

void main() {
  if (threadIndex() != 0u) return;
  uint base = 2u * hashBuckets() + 1u;
  uint running = 0u;
  for (uint b = 0u; b < params.scanBlocks; ++b) {
    uint value = hashCells[base + b];
    hashCells[base + b] = running;
    running += value;
  }
}
