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

// One element of a step as stored in a shared copy: a constraint (gpu::SharedCoarseConstraint) or a row
// (gpu::SharedProlongationRow; the constraint leaves q3 and q4 at 0).
struct StepRecord {
  vec4 q0, q1, q2, q3, q4;
};

StepRecord loadRecord(uvec4 step, uint k) {
  StepRecord r;
  bool row = step.x != VKXPBD_COARSE_STEP_SOLVE;
  uint at = step.y + (row ? VKXPBD_SHARED_ROW_VEC4S : VKXPBD_SHARED_CONSTRAINT_VEC4S) * (step.z + k);
  r.q0 = hierarchy[at];
  r.q1 = hierarchy[at + 1u];
  r.q2 = hierarchy[at + 2u];
  r.q3 = row ? hierarchy[at + 3u] : vec4(0.0f);
  r.q4 = row ? hierarchy[at + 4u] : vec4(0.0f);
  return r;
}

// A constraint of a shared copy, as solveCoarseConstraint.
void solveSharedConstraint(StepRecord record) {
  CoarseConstraint c = coarseConstraintFrom(record.q0, record.q1);
  uvec2 particles = floatBitsToUint(record.q2.xy);
  vec3 la = sharedLow(c.a);
  vec3 lb = sharedLow(c.b);
  DistanceCorrection r;
  if (!coarseCorrection(c, particles.x, particles.y, la, lb, r)) return;
  if (c.invMassA > 0.0f) setSharedLow(c.a, la + r.deltaA);
  if (c.invMassB > 0.0f) setSharedLow(c.b, lb + r.deltaB);
}

// A prolongation row of a shared copy, as prolongateRow. A row whose particle has no slot (no later step
// reads it) moves it in the buffer.
void prolongateSharedRow(StepRecord record) {
  uvec4 head = floatBitsToUint(record.q0);  // slot, parents, level, 0
  uvec4 slots = floatBitsToUint(record.q1);
  vec4 weights = record.q2;
  uint i = floatBitsToUint(record.q3.x);
  uvec4 parents = floatBitsToUint(record.q4);
  if (prolongationSkips(i, head.z)) return;
  vec3 d[4] = vec3[4](vec3(0.0f), vec3(0.0f), vec3(0.0f), vec3(0.0f));
  for (uint k = 0u; k < head.y; ++k) d[k] = sharedLow(slots[k]) - predicted[parents[k]].xyz;
  vec3 delta = prolongationDelta(weights, d[0], d[1], d[2], d[3]);
  if (head.x != VKXPBD_NONE)
    setSharedLow(head.x, sharedLow(head.x) + delta);
  else
    positionLow[i].xyz += delta;
}

void runRecord(uvec4 step, StepRecord record) {
  if (step.x == VKXPBD_COARSE_STEP_SOLVE)
    solveSharedConstraint(record);
  else
    prolongateSharedRow(record);
}

void main() {
  uint t = gl_LocalInvocationID.x;
  uint threads = gl_WorkGroupSize.x;
  uvec4 header = floatBitsToUint(hierarchy[pc.slotBase]);  // slot table base, slots
  for (uint s = t; s < header.y; s += threads) setSharedLow(s, positionLow[slotParticle(header.x, s)].xyz);
  for (uint s = t; s < pc.count; s += threads) program[s] = floatBitsToUint(hierarchy[pc.slotBase + 1u + s]);
  memoryBarrierShared();
  barrier();
  // Each thread's first element of the next step is read before the barrier that ends this one (the copies
  // are read-only here), so its load overlaps the wait instead of following it.
  StepRecord next;
  if (pc.count > 0u && t < program[0].w) next = loadRecord(program[0], t);
  for (uint s = 0u; s < pc.count; ++s) {
    uvec4 step = program[s];  // kind, base, first, count
    if (t < step.w) runRecord(step, next);
    for (uint k = t + threads; k < step.w; k += threads) runRecord(step, loadRecord(step, k));
    if (s + 1u < pc.count && t < program[s + 1u].w) next = loadRecord(program[s + 1u], t);
    memoryBarrierShared();
    barrier();
  }
  for (uint s = t; s < header.y; s += threads) positionLow[slotParticle(header.x, s)] = vec4(sharedLow(s), 0.0f);
}
