#version 450
// Stage "jacobi constraints": one thread per constraint of the Jacobi batch, distance constraints
// first, then element constraints; each writes its Δp to its own slots.
#include "solver_passes.glsl"

void main() {
  uint k = chunkThreadIndex();
  bool firstIteration = (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u;
  if (k < pc.count) {
    jacobiDistanceConstraint(pc.first, k, pc.slotBase, firstIteration);
  } else if (k - pc.count < pc.elementCount) {
    jacobiElementConstraint(pc.elementFirst, k - pc.count, pc.elementSlotBase, pc.count, firstIteration);
  }
}
