#version 450
// Pass "cascade count" (shared/cascade_math.h): one thread per item of pc.count from pc.first.
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < pc.count) cascadeCount(pc.slotBase, pc.elementSlotBase, pc.first + k);
}
