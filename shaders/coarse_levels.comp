#version 450
// Pass "coarse levels": the hierarchy's small levels in one dispatch of one work group (a dispatch costs
// about 25 µs on lavapipe and 4–5 µs on an H200 whatever its size, and these levels have 1–500 constraints
// a colour). It runs the steps of the level program (sim/solver_layout.h: at pc.slotBase a header, then
// pc.count steps) in order, the same steps the per-colour passes would: a colour of a level's
// constraints, or a level's prolongation; the threads take a step's elements in turn, and a work-group
// barrier separates the steps. The particles the steps read stay in shared memory for the whole dispatch
// (their low parts: the only part that moves during a substep), so a step costs a barrier, not a round
// trip through device memory; they are read at the start and written back at the end.
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

// The work-group size: VKXPBD_COARSE_LEVELS_SIZE, or as GpuSolver specializes it (a CPU device: smaller).
layout(local_size_x_id = 0) in;
layout(local_size_x = VKXPBD_COARSE_LEVELS_SIZE) in;

// The program's steps (at most this many: the layout stops the fused range there), read once: each step
// then starts without a round trip through device memory for its descriptor.
shared uvec4 program[VKXPBD_COARSE_SHARED_STEPS];
shared float lowX[VKXPBD_COARSE_SHARED_PARTICLES];
shared float lowY[VKXPBD_COARSE_SHARED_PARTICLES];
shared float lowZ[VKXPBD_COARSE_SHARED_PARTICLES];

vec3 sharedLow(uint slot) { return vec3(lowX[slot], lowY[slot], lowZ[slot]); }
void setSharedLow(uint slot, vec3 low) {
  lowX[slot] = low.x;
  lowY[slot] = low.y;
  lowZ[slot] = low.z;
}

// Slot `slot`'s particle: the table holds four a vec4.
uint slotParticle(uint tableBase, uint slot) { return floatBitsToUint(hierarchy[tableBase + slot / 4u][slot % 4u]); }

// Coarse constraint `index` of a shared copy (gpu::SharedCoarseConstraint, 3 vec4s), as solveCoarseConstraint.
void solveSharedConstraint(uint base, uint index) {
  uint at = base + 3u * index;
  CoarseConstraint c = coarseConstraintFrom(hierarchy[at], hierarchy[at + 1u]);
  uvec2 particles = floatBitsToUint(hierarchy[at + 2u].xy);
  vec3 la = sharedLow(c.a);
  vec3 lb = sharedLow(c.b);
  DistanceCorrection r;
  if (!coarseCorrection(c, particles.x, particles.y, la, lb, r)) return;
  if (c.invMassA > 0.0f) setSharedLow(c.a, la + r.deltaA);
  if (c.invMassB > 0.0f) setSharedLow(c.b, lb + r.deltaB);
}

// Prolongation row `index` of a shared copy (gpu::SharedProlongationRow, 5 vec4s), as prolongateRow. A row
// whose particle has no slot (no later step reads it) moves it in the buffer.
void prolongateSharedRow(uint base, uint index) {
  uint at = base + 5u * index;
  uvec4 head = floatBitsToUint(hierarchy[at]);  // slot, parents, level, 0
  uvec4 slots = floatBitsToUint(hierarchy[at + 1u]);
  vec4 weights = hierarchy[at + 2u];
  uint i = floatBitsToUint(hierarchy[at + 3u].x);
  uvec4 parents = floatBitsToUint(hierarchy[at + 4u]);
  if (prolongationSkips(i, head.z)) return;
  vec3 d[4] = vec3[4](vec3(0.0f), vec3(0.0f), vec3(0.0f), vec3(0.0f));
  for (uint k = 0u; k < head.y; ++k) d[k] = sharedLow(slots[k]) - predicted[parents[k]].xyz;
  vec3 delta = prolongationDelta(weights, d[0], d[1], d[2], d[3]);
  if (head.x != VKXPBD_NONE)
    setSharedLow(head.x, sharedLow(head.x) + delta);
  else
    positionLow[i].xyz += delta;
}

void main() {
  uint t = gl_LocalInvocationID.x;
  uvec4 header = floatBitsToUint(hierarchy[pc.slotBase]);  // slot table base, slots
  for (uint s = t; s < header.y; s += gl_WorkGroupSize.x)
    setSharedLow(s, positionLow[slotParticle(header.x, s)].xyz);
  for (uint s = t; s < pc.count; s += gl_WorkGroupSize.x)
    program[s] = floatBitsToUint(hierarchy[pc.slotBase + 1u + s]);
  memoryBarrierShared();
  barrier();
  for (uint s = 0u; s < pc.count; ++s) {
    uvec4 step = program[s];  // kind, base, first, count
    for (uint k = t; k < step.w; k += gl_WorkGroupSize.x) {
      if (step.x == VKXPBD_COARSE_STEP_SOLVE)
        solveSharedConstraint(step.y, step.z + k);
      else
        prolongateSharedRow(step.y, step.z + k);
    }
    memoryBarrierShared();
    barrier();
  }
  for (uint s = t; s < header.y; s += gl_WorkGroupSize.x)
    positionLow[slotParticle(header.x, s)] = vec4(sharedLow(s), 0.0f);
}
