// Particle–particle contacts (self-collision and body–body collision), shared by the GLSL passes and
// the CPU reference: the spatial hash's cell function and the contact projection with friction.
//
// Every particle is a sphere of diameter d (the contact distance, m): two particles closer than d push
// apart along the line between them, C = |x_i − x_j| − d ≥ 0. Friction acts on the relative tangential
// displacement over the substep at position level (Coulomb): below μs·depth it is cancelled (static),
// above it is reduced by μk·depth (kinetic).
#ifndef VKXPBD_SHARED_CONTACT_MATH_H
#define VKXPBD_SHARED_CONTACT_MATH_H

#include "shared/xpbd_math.h"

XPBD_BEGIN_NAMESPACE

// Bucket of the hash table (tableMask + 1 buckets, a power of two) for the integer cell c.
XPBD_FN uint hashBucket(int cx, int cy, int cz, uint tableMask) {
  uint h = (uint(cx) * 73856093u) ^ (uint(cy) * 19349663u) ^ (uint(cz) * 83492791u);
  return h & tableMask;
}

// Integer cell coordinate of x along one axis for cells of 1/invCellSize m.
XPBD_FN int cellCoordinate(float x, float invCellSize) {
  return int(floor(x * invCellSize));
}

// Position change of particle i from its contact with particle j (zero when they do not touch).
// xiStart, xjStart: positions at the start of the substep (for friction); wi, wj: inverse masses (1/kg).
XPBD_FN vec3 particleContactDelta(vec3 xi, vec3 xj, vec3 xiStart, vec3 xjStart, float wi, float wj, float d,
                                  float staticFriction, float kineticFriction) {
  vec3 dx = xi - xj;
  float len = length(dx);
  float wSum = wi + wj;
  if (len >= d || len < VKXPBD_MIN_LENGTH || wSum <= 0.0f) return vec3(0.0f);
  vec3 n = dx / len;
  float depth = d - len;  // m
  float share = wi / wSum;
  vec3 delta = (share * depth) * n;
  // Relative tangential displacement over the substep.
  vec3 rel = (xi - xiStart) - (xj - xjStart);
  vec3 tangential = rel - dot(rel, n) * n;
  float slide = length(tangential);
  if (slide < staticFriction * depth) {
    delta -= share * tangential;
  } else if (slide > VKXPBD_MIN_LENGTH) {
    delta -= share * tangential * min(kineticFriction * depth / slide, 1.0f);
  }
  return delta;
}

XPBD_END_NAMESPACE

#endif
