#version 450
// Stage "solve colour c" for a colour of distance constraints only (the common cloth case): one thread
// per constraint. A colour with element constraints uses solve_colour.comp.
#include "solver_passes.glsl"

void main() {
  uint k = chunkThreadIndex();
  if (k < pc.count) solveDistanceConstraint(pc.first + k, (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u);
}
