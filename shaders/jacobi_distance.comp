#version 450
// Jacobi batch, phase 1: every constraint is projected against the same positions; each end's Δp goes
// to its own slot, to be averaged per particle by jacobi_apply.comp.
#include "solver_common.glsl"

void main() {
  uint k = threadIndex();
  if (k >= pc.count) return;
  uint index = pc.first + k;
  DistanceConstraint c = distance[index];
  vec4 xa = positions[c.a];
  vec4 xb = positions[c.b];
  float lambda = (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u ? 0.0f : lambdas[index];
  DistanceCorrection r =
      projectDistance(xa.xyz, xb.xyz, xa.w, xb.w, c, params.alphaScale, lambda, params.constraintModel);
  lambdas[index] = lambda + r.deltaLambda;
  uint slot = pc.slotBase + 2u * k;
  jacobiDelta[slot] = vec4(r.deltaA, 0.0f);
  jacobiDelta[slot + 1u] = vec4(r.deltaB, 0.0f);
}
