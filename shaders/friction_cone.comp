#version 450
// Stage "friction cone": one work group per free body; a solid body sums the terms of its static cone
// (shared/collider_math.h: every particle against the colliders as if it stuck) in a fixed order (each
// thread a strided partial sum, then a pairwise tree; the CPU reference, gpu::frictionConeReduce, adds in
// the same order), updates its mean surplus, and when the body sticks marks its particles for the collide
// pass (velocities' w).
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_MOMENTUM_REDUCE_SIZE) in;

shared vec2 partial[VKXPBD_MOMENTUM_REDUCE_SIZE];

void main() {
  uint b = gl_WorkGroupID.x;
  uint t = gl_LocalInvocationID.x;
  MomentumBody body = momentumBodyOf(b);
  if (body.solid == 0u) return;  // the same for the whole work group
  vec2 sum = vec2(0.0f);
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) {
    uint i = body.first + k;
    sum += positions[i].w > 0.0f ? collideParticleAt(i, pc.substep, 1.0f).cone : vec2(0.0f);
  }
  partial[t] = sum;
  barrier();
  for (uint stride = VKXPBD_MOMENTUM_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride) partial[t] = partial[t] + partial[t + stride];
    barrier();
  }
  float surplus = frictionConeSurplus(frictionSurplusOf(b), partial[0], params.dt);
  barrier();  // every thread has read the old surplus
  if (t == 0u) storeFrictionSurplus(b, surplus);
  if (!bodySticks(surplus, partial[0])) return;
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) velocities[body.first + k].w = 1.0f;
}
