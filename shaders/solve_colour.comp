#version 450
// Stage "solve colour c": one thread per constraint of the colour, its distance constraints first
// (pc.first, pc.count), then its element constraints (pc.elementFirst, pc.elementCount).
#include "solver_passes.glsl"

void main() {
  uint k = chunkThreadIndex();
  bool firstIteration = (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u;
  if (k < pc.count) {
    solveDistanceConstraint(pc.first + k, firstIteration);
  } else if (k - pc.count < pc.elementCount) {
    solveElementConstraint(pc.elementFirst + (k - pc.count), firstIteration);
  }
}
