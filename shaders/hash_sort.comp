#version 450
// Stage "hash sort": one thread per hash bucket (hashSortBucket in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < hashBuckets()) hashSortBucket(k);
}
