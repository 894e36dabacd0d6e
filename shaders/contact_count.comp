#version 450
// Stage "contact count": one thread per particle (contactCount in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) contactCount(i);
}
