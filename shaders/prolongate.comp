#version 450
// Pass "prolongate": the particles one hierarchy level left out follow their parents, one thread per row
// (pc.slotBase: the level's rows in VKXPBD_BINDING_HIERARCHY).
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < pc.count) prolongateRow(pc.slotBase, pc.first + k);
}
