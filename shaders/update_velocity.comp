#version 450
// Substep end: v = v* + (x − x*)/Δt, damped. The last substep of a frame also advances the frame clock.
#include "solver_common.glsl"

void main() {
  uint i = threadIndex();
  if (i == 0u && (pc.flags & VKXPBD_FLAG_LAST_SUBSTEP) != 0u) clock.frame += 1u;
  if (i >= params.particleCount) return;
  velocities[i] =
      vec4(updateVelocity(positions[i].xyz, predicted[i].xyz, velocities[i].xyz, params.invDt, params.dampingFactor), 0.0f);
}
