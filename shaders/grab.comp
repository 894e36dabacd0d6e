#version 450
// Stage "grab": one thread applies the grab constraint.
#include "solver_passes.glsl"

void main() {
  if (threadIndex() == 0u) solveGrab((pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u);
}
