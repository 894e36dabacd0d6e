#version 450
// Stage "momentum apply": one work group per free body; its threads take the body's particles in turn
// and move the body's rigid correction into their positions (or v*: shared/momentum_math.h).
#extension GL_GOOGLE_include_directive : require
#define VKXPBD_CUSTOM_WORKGROUP
#include "solver_passes.glsl"

layout(local_size_x = VKXPBD_MOMENTUM_REDUCE_SIZE) in;

void main() {
  uint b = gl_WorkGroupID.x;
  MomentumBody body = momentumBodyOf(b);
  for (uint k = gl_LocalInvocationID.x; k < body.count; k += VKXPBD_MOMENTUM_REDUCE_SIZE)
    momentumApplyParticle(b, body.first + k);
}
