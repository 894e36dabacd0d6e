#version 450
// Stage "solve colour c": one thread per distance constraint of the colour.
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < pc.count) solveDistanceConstraint(pc.first + k, (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u);
}
