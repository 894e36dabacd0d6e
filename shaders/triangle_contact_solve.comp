#version 450
// Stage "triangle contact solve": one thread per particle (triangleContactSolve in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) triangleContactSolve(i);
}
