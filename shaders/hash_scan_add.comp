#version 450
// Stage "hash scan add": one thread per hash bucket (hashScanAdd in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < hashBuckets()) hashScanAdd(k);
}
