#version 450
// One colour of distance constraints (coloured Gauss-Seidel): no two threads touch the same moving
// particle, so each thread projects its constraint and writes both ends directly.
#include "solver_common.glsl"

void main() {
  uint k = threadIndex();
  if (k >= pc.count) return;
  k += pc.first;
  DistanceConstraint c = distance[k];
  vec4 xa = positions[c.a];
  vec4 xb = positions[c.b];
  float lambda = (pc.flags & VKXPBD_FLAG_FIRST_ITERATION) != 0u ? 0.0f : lambdas[k];
  DistanceCorrection r =
      projectDistance(xa.xyz, xb.xyz, xa.w, xb.w, c, params.alphaScale, lambda, params.constraintModel);
  // Particles that do not move may be shared within a colour: never write them.
  if (xa.w > 0.0f) positions[c.a].xyz = xa.xyz + r.deltaA;
  if (xb.w > 0.0f) positions[c.b].xyz = xb.xyz + r.deltaB;
  lambdas[k] = lambda + r.deltaLambda;
}
