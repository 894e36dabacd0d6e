#version 450
// Pass "coarse levels": the hierarchy's small levels in one dispatch of one work group (on lavapipe a
// dispatch costs about 25 µs whatever its size, and these levels have 1–500 constraints a colour). It runs
// the steps of the level program (pc.slotBase, pc.count steps in VKXPBD_BINDING_HIERARCHY; sim/solver_layout.h)
// in order, the same steps the per-colour passes would: a colour of a level's constraints, or a level's
// prolongation; the threads take a step's elements in turn, and a work-group barrier separates the steps.
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#define VKXPBD_POSITION_LOW_QUALIFIERS coherent restrict
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_COARSE_LEVELS_SIZE) in;

void main() {
  uint t = gl_LocalInvocationID.x;
  for (uint s = 0u; s < pc.count; ++s) {
    uvec4 step = floatBitsToUint(hierarchy[pc.slotBase + s]);  // kind, base, first, count
    for (uint k = t; k < step.w; k += VKXPBD_COARSE_LEVELS_SIZE) {
      if (step.x == VKXPBD_COARSE_STEP_SOLVE)
        solveCoarseConstraint(step.y, step.z + k);
      else
        prolongateRow(step.y, step.z + k);
    }
    memoryBarrierBuffer();
    barrier();
  }
}
