#version 450
// Pass "coarse solve": one colour of one hierarchy level, one thread per coarse constraint
// (pc.slotBase: the level's constraints in VKXPBD_BINDING_HIERARCHY; pc.first, pc.count: the colour).
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < pc.count) solveCoarseConstraint(pc.slotBase, pc.first + k);
}
