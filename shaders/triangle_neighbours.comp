#version 450
// Stage "triangle neighbours": one thread per particle (triangleNeighbours in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) triangleNeighbours(i);
}
