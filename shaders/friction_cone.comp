#version 450
// Stage "friction cone", after collide: one work group per free body; a solid body sums the terms of its
// static cone (shared/collider_math.h) that collide wrote for each of its particles and their centre of
// pressure, then their torque about that centre, each in a fixed order (each thread a strided partial sum,
// then a pairwise tree; the CPU reference, gpu::frictionConeReduce, adds in the same order), updates its
// mean surplus, and marks its particles stick (1) or not (0) for the next substep's collide
// (docs/contacts.md: the decision lags one substep).
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_MOMENTUM_REDUCE_SIZE) in;

shared vec4 partial[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialB[VKXPBD_MOMENTUM_REDUCE_SIZE];

// Particle i's terms (0 for a particle that does not move).
vec4 termsOf(uint i) { return positions[i].w > 0.0f ? coneTermsOf(i) : vec4(0.0f); }

void main() {
  uint b = gl_WorkGroupID.x;
  uint t = gl_LocalInvocationID.x;
  MomentumBody body = momentumBodyOf(b);
  if (body.solid == 0u) return;  // the same for the whole work group
  vec3 origin = positions[body.first].xyz;  // positions relative to the body's first particle
  // The terms and the centre of pressure's sum, then the torque about that centre (shared/collider_math.h).
  vec4 sum = vec4(0.0f);
  vec4 pressure = vec4(0.0f);
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) {
    uint i = body.first + k;
    vec4 terms = termsOf(i);
    sum += terms;
    pressure += frictionPressureTerms(terms, positionIn(i, origin));
  }
  partial[t] = sum;
  partialB[t] = pressure;
  barrier();
  for (uint stride = VKXPBD_MOMENTUM_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride) {
      partial[t] = partial[t] + partial[t + stride];
      partialB[t] = partialB[t] + partialB[t + stride];
    }
    barrier();
  }
  vec4 sums = partial[0];
  vec3 centre = frictionContactCentre(sums, partialB[0]);
  vec4 torque = vec4(0.0f);
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) {
    uint i = body.first + k;
    torque += frictionTorqueTerms(termsOf(i), positionIn(i, origin), centre);
  }
  barrier();  // every thread has read partial[0] and partialB[0]
  partialB[t] = torque;
  barrier();
  for (uint stride = VKXPBD_MOMENTUM_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride) partialB[t] = partialB[t] + partialB[t + stride];
    barrier();
  }
  vec2 cone = frictionConeSums(sums, partialB[0]);
  float surplus = frictionConeSurplus(frictionSurplusOf(b), cone, params.dt);
  barrier();  // every thread has read the old surplus
  if (t == 0u) storeFrictionSurplus(b, surplus);
  float stick = bodySticks(surplus, cone) ? 1.0f : 0.0f;
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE) storeStickMark(body.first + k, stick);
}
