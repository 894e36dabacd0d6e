#version 450
// Stage "contact solve": one thread per particle (contactSolve in solver_passes.glsl).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < params.particleCount) contactSolve(i);
}
