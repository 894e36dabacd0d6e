#version 450
// Surface pass "aero forces": one thread per surface triangle, the air's force on it (shared/aero_math.h)
// into its force slot, for aero apply to gather.
#include "surface_common.glsl"

void main() {
  uint t = threadIndex();
  if (t >= pc.count) return;
  uint a = triangles[3u * t], b = triangles[3u * t + 1u], c = triangles[3u * t + 2u];
  float time = aeroSubstepStartTime(clock.frame, pc.substep, params.frameDt, params.dt);
  vec3 f = aeroForceOnTriangle(positions[a].xyz, positionLow[a].xyz, positions[b].xyz, positionLow[b].xyz,
                               positions[c].xyz, positionLow[c].xyz, velocities[a].xyz, velocities[b].xyz,
                               velocities[c].xyz, triangleAero[t], wind, time);
  triangleForce[t] = vec4(f, 0.0f);
}
