#version 450
// Pass "coarse displacement" (BDF2 with the hierarchy): one thread per particle stores its displacement by
// the coarse levels in this substep (pc.slotBase: where, in VKXPBD_BINDING_HIERARCHY).
#include "solver_passes.glsl"

void main() {
  uint i = threadIndex();
  if (i < pc.count) storeCoarseDisplacement(pc.slotBase, i);
}
