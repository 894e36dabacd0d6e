#version 450
// Stage "hash clear": one thread per hash bucket (hashClear in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < hashBuckets() + 1u) hashClear(k);
}
