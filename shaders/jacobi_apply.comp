#version 450
// Jacobi batch, phase 2: each particle gathers its slots' Δp in a fixed order (no atomics, so the
// result is bitwise reproducible) and moves by ω times their average.
#include "solver_common.glsl"

void main() {
  uint row = threadIndex();
  if (row >= pc.count) return;
  uint begin = jacobiOffsets[row];
  uint end = jacobiOffsets[row + 1u];
  vec3 sum = vec3(0.0f);
  for (uint s = begin; s < end; ++s) sum += jacobiDelta[jacobiSlots[s]].xyz;
  uint p = jacobiParticles[row];
  positions[p].xyz = jacobiAverage(positions[p].xyz, sum, float(end - begin), params.omega);
}
