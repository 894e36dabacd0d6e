#version 450
// Pass "cascade detect" (shared/cascade_math.h): one thread per item of pc.count from pc.first.
#include "solver_passes.glsl"

void main() {
  uint k = threadIndex();
  if (k < pc.count) cascadeDetect(pc.slotBase, pc.first + k, pc.substep);
}
