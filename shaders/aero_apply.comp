#version 450
// Surface pass "aero apply": one thread per particle; sums the forces of its triangles in the fixed
// order of the adjacency (no atomics, deterministic) and adds Δv = Δt·w·ΣF/3 to its velocity (times 2/3
// in a BDF2 substep, aeroIntegratorScale).
#include "surface_common.glsl"

void main() {
  uint i = threadIndex();
  if (i >= pc.count) return;
  float w = positions[i].w;
  if (w == 0.0f) return;
  vec3 sum = vec3(0.0f);
  for (uint k = triangleOffsets[i]; k < triangleOffsets[i + 1u]; ++k) sum += triangleForce[particleTriangles[k]].xyz;
  uint first = triangleOffsets[i];
  float freeBody = first < triangleOffsets[i + 1u] ? aeroFreeBody(triangleAero[particleTriangles[first]].w) : 0.0f;
  float scale = aeroIntegratorScale(params.integrator, integratorHistory[i].w, freeBody);
  velocities[i] = vec4(velocities[i].xyz + aeroVelocityChange(sum, w, params.dt) * scale, 0.0f);
}
