#version 450
// Stage "tethers": one thread per long-range attachment.
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < pc.count) solveTether(k);
}
