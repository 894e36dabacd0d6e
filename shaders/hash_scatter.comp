#version 450
// Stage "hash scatter": one thread per particle (hashScatter in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) hashScatter(i);
}
