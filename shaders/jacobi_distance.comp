#version 450
// Stage "jacobi constraints" for a batch of distance constraints only (the common cloth case): one
// thread per constraint. A batch with element constraints uses jacobi_constraints.comp.
#include "solver_passes.glsl"

void main() {
  uint k = chunkThreadIndex();
  if (k < pc.count) jacobiDistanceConstraint(pc.first, k, pc.slotBase, (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u);
}
