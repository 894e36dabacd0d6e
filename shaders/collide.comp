#version 450
// Per-particle collision with the static planes and spheres (projection to the surface + thickness).
#include "solver_common.glsl"

void main() {
  uint i = threadIndex();
  if (i >= params.particleCount) return;
  vec4 x = positions[i];
  if (x.w <= 0.0f) return;
  vec3 p = x.xyz;
  for (uint k = 0u; k < params.planeCount; ++k) p = collidePlane(p, planes[k], params.thickness);
  for (uint k = 0u; k < params.sphereCount; ++k) p = collideSphere(p, spheres[k], params.thickness);
  positions[i].xyz = p;
}
