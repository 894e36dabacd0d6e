#version 450
// Stage "contact apply": one thread per particle (contactApply in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) contactApply(i);
}
