#version 450
// Stage "hash count": one thread per particle (hashCount in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) hashCount(i);
}
