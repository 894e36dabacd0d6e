#version 450
// Substep start: v* = v + g·Δt, x* = x + v*·Δt; pinned particles move to their target. x* and v* are
// kept for the velocity update at the end of the substep.
#include "solver_common.glsl"

void main() {
  uint i = threadIndex();
  if (i >= params.particleCount) return;
  vec4 x = positions[i];
  vec3 v = vec3(0.0f);
  uint pin = particlePin[i];
  if (pin != VKXPBD_NONE) {
    Pin p = pins[pin];
    if (p.motion != VKXPBD_NONE) {
      float t = substepEndTime(clock.frame, pc.substep, params.frameDt, params.dt);
      vec3 target = pinTarget(p.target.xyz, motions[p.motion], t);
      v = (target - x.xyz) * params.invDt;
      x.xyz = target;
    }
  } else if (x.w > 0.0f) {
    v = predictVelocity(velocities[i].xyz, params.gravity.xyz, params.dt);
    x.xyz += v * params.dt;
  }
  predicted[i] = x;
  velocities[i] = vec4(v, 0.0f);
  positions[i] = x;
}
