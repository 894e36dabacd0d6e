#version 450
// Stage "momentum reduce": one work group per free body sums the terms of shared/momentum_math.h in a
// fixed order (each thread a strided partial sum, then a pairwise tree; the CPU reference,
// gpu::momentumReduce, adds in the same order) and takes the body's rigid correction. No atomics.
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_MOMENTUM_REDUCE_SIZE) in;

shared vec4 partialFirst[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialImpulse[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialMoment[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialSquare[VKXPBD_MOMENTUM_REDUCE_SIZE];
shared vec4 partialMixed[VKXPBD_MOMENTUM_REDUCE_SIZE];

void store(uint t, MomentumSums s) {
  partialFirst[t] = s.first;
  partialImpulse[t] = s.impulse;
  partialMoment[t] = s.moment;
  partialSquare[t] = s.square;
  partialMixed[t] = s.mixed;
}

MomentumSums load(uint t) {
  MomentumSums s;
  s.first = partialFirst[t];
  s.impulse = partialImpulse[t];
  s.moment = partialMoment[t];
  s.square = partialSquare[t];
  s.mixed = partialMixed[t];
  return s;
}

void main() {
  uint b = gl_WorkGroupID.x;
  uint t = gl_LocalInvocationID.x;
  MomentumBody body = momentumBodyOf(b);
  vec3 origin = positions[body.first].xyz;  // the body's frame: its first particle's high part
  MomentumSums sum = noMomentumSums();
  for (uint k = t; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE)
    sum = addMomentumSums(sum, momentumTermsOf(body.first + k, origin));
  store(t, sum);
  barrier();
  for (uint stride = VKXPBD_MOMENTUM_REDUCE_SIZE / 2u; stride > 0u; stride /= 2u) {
    if (t < stride) store(t, addMomentumSums(load(t), load(t + stride)));
    barrier();
  }
  if (t == 0u) storeMomentumFix(b, momentumFix(load(0u), vec3(0.0f)));  // centre relative to `origin`
}
