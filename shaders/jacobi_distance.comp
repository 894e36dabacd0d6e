#version 450
// Stage "jacobi constraints": one thread per constraint of the Jacobi batch.
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < pc.count) jacobiDistanceConstraint(pc.first, k, pc.slotBase, (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u);
}
