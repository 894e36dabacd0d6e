#version 450
// Stage "hash neighbours": one thread per particle (hashNeighbours in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) hashNeighbours(i);
}
