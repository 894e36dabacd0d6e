#version 450
// Stage "friction cone", after collide: one work group per free body; a solid body sums the terms of its
// static cone (shared/collider_math.h) that collide and the contact cascade (shared/patch_stick_math.h)
// wrote for each of its particles, their centre of pressure's and their torque's sums, each in a fixed
// order (each thread a strided partial sum, then a pairwise tree; the CPU reference,
// gpu::frictionConeReduce, adds in the same order), updates its mean surplus, and marks its particles
// stick (1) or not (0) for the next substep's collide and patch stick (docs/contacts.md: the decision lags
// one substep).
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_MOMENTUM_REDUCE_SIZE) in;

shared vec4 partial[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialPressure[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialTorque[VKXPBD_MOMENTUM_REDUCE_SIZE];

void main() {
  uint b = gl_WorkGroupID.x;
  uint t = gl_LocalInvocationID.x;
  MomentumBody body = momentumBodyOf(b);
  if (body.solid == 0u) return;             // the same for the whole work group
  vec3 origin = positions[body.first].xyz;  // positions relative to the body's first particle
  vec4 sum = vec4(0.0f);
  vec4 pressure = vec4(0.0f);
  vec4 torque = vec4(0.0f);
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) {
    uint i = body.first + k;
    // Collide's terms and those of the particle's cascade contact (0 without the cascade).
    vec4 terms = positions[i].w > 0.0f ? coneTermsOf(i) + cascadeConeTermsOf(i) : vec4(0.0f);
    if (terms == vec4(0.0f)) continue;  // no contact: its moments are 0 (skipped for speed, the same sums)
    vec3 r = positionIn(i, origin);
    sum += terms;
    pressure += frictionPressureTerms(terms, r);
    torque += frictionTorqueTerms(terms, r);
  }
  partial[t] = sum;
  partialPressure[t] = pressure;
  partialTorque[t] = torque;
  barrier();
  for (uint stride = VKXPBD_MOMENTUM_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride) {
      partial[t] = partial[t] + partial[t + stride];
      partialPressure[t] = partialPressure[t] + partialPressure[t + stride];
      partialTorque[t] = partialTorque[t] + partialTorque[t + stride];
    }
    barrier();
  }
  vec2 cone = frictionConeSums(partial[0], partialPressure[0], partialTorque[0]);
  float surplus = frictionConeSurplus(frictionSurplusOf(b), cone, params.dt);
  barrier();  // every thread has read the old surplus
  if (t == 0u) storeFrictionSurplus(b, surplus);
  float stick = bodySticks(surplus, cone) ? 1.0f : 0.0f;
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) storeStickMark(body.first + k, stick);
}
