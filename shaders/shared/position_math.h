// Positions as two float parts, so that the motion of one substep is never rounded away.
//
// A particle's position is x = hi + lo: `hi` (the positions buffer, what the renderer draws) is frozen
// during a substep, every change of the substep (prediction, constraint and contact corrections,
// collisions) goes into the small `lo`, and at the end of the substep the pair is renormalised exactly
// (TwoSum: hi + lo rounded, lo the rounding error), so |lo| ≤ ulp(hi)/2 between substeps and no bit of
// the motion is lost. Why: with one float per coordinate, a substep's motion near the turning point of a
// pendulum (g·Δt² ≈ 7e-8 m at 200 substeps of a 60 Hz frame) is below one ulp of a coordinate of 1 m
// (1.2e-7 m) and rounds away, so v = (x − x_start)/Δt becomes 0 (docs/architecture.md, "Precision").
//
// Every constraint evaluates its particles relative to one of them: x_k − hi_ref = (hi_k − hi_ref) + lo_k.
// For nearby particles hi_k − hi_ref is exact (Sterbenz), so constraints see differences accurate to the
// rounding of the difference itself, independent of how far the scene is from the origin.
#ifndef VKXPBD_SHARED_POSITION_MATH_H
#define VKXPBD_SHARED_POSITION_MATH_H

#include "shared/gpu_types.h"

#ifdef __cplusplus
#define XPBD_PRECISE  // C++: the build uses -ffp-contract=off and no fast math
#else
#define XPBD_PRECISE precise  // GLSL: no reassociation or contraction of these operations
#endif

XPBD_BEGIN_NAMESPACE

struct SplitPosition {
  vec3 hi;  // m: the position rounded to float
  vec3 lo;  // m: what rounding left over, |lo| ≤ ulp(hi)/2
};

// Exact renormalisation of hi + lo (Knuth's TwoSum, valid whatever the magnitudes).
XPBD_FN SplitPosition renormalizePosition(vec3 hi, vec3 lo) {
  XPBD_PRECISE vec3 s = hi + lo;
  XPBD_PRECISE vec3 loPart = s - hi;
  XPBD_PRECISE vec3 hiPart = s - loPart;
  XPBD_PRECISE vec3 error = (hi - hiPart) + (lo - loPart);
  SplitPosition r;
  r.hi = s;
  r.lo = error;
  return r;
}

// (hi + lo) − origin (m), rounded once at the scale of the result.
XPBD_FN vec3 positionRelativeTo(vec3 hi, vec3 lo, vec3 origin) {
  XPBD_PRECISE vec3 d = hi - origin;
  XPBD_PRECISE vec3 r = d + lo;
  return r;
}

// Knuth's TwoSum of two floats: a + b = s + e exactly (x: s, y: e).
XPBD_FN vec2 exactSum(float a, float b) {
  XPBD_PRECISE float s = a + b;
  XPBD_PRECISE float bPart = s - a;
  XPBD_PRECISE float aPart = s - bPart;
  XPBD_PRECISE float e = (a - aPart) + (b - bPart);
  return vec2(s, e);
}

// Dekker's TwoProduct: a·b = p + e exactly (x: p, y: e), with Veltkamp's split of each factor into two
// halves of 12 bits (exact for |a·b| far from overflow; needs round-to-nearest and no contraction, which
// `precise` and -ffp-contract=off give; GLSL's fma is not required to round once).
XPBD_FN vec2 exactProduct(float a, float b) {
  XPBD_PRECISE float ca = 4097.0f * a;
  XPBD_PRECISE float aHi = ca - (ca - a);
  XPBD_PRECISE float aLo = a - aHi;
  XPBD_PRECISE float cb = 4097.0f * b;
  XPBD_PRECISE float bHi = cb - (cb - b);
  XPBD_PRECISE float bLo = b - bHi;
  XPBD_PRECISE float p = a * b;
  XPBD_PRECISE float e = ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo;
  return vec2(p, e);
}

// w − n·o (m) for a plane n·x = w seen from origin o, as accurate as one rounding of the result (the
// compensated dot product): rounded naively, n·o of a point 1 km away is off by up to ~6e-5 m, and that
// error changes whenever o does (a particle's hi moves by an ulp), a jump of the plane under a resting body.
XPBD_FN float planeOffsetRelativeTo(vec4 plane, vec3 origin) {
  vec2 px = exactProduct(plane.x, origin.x);
  vec2 py = exactProduct(plane.y, origin.y);
  vec2 pz = exactProduct(plane.z, origin.z);
  vec2 s = exactSum(plane.w, -px.x);
  XPBD_PRECISE float err = s.y - px.y;
  s = exactSum(s.x, -py.x);
  err += s.y - py.y;
  s = exactSum(s.x, -pz.x);
  err += s.y - pz.y;
  XPBD_PRECISE float r = s.x + err;
  return r;
}

// The same collider seen from a frame whose origin is at world point `origin` (m), so that a particle
// near `origin` is tested with its small, exact coordinates. Planes move their offset; every other
// shape its centre (the motion c(t) = c₀ + v t + A sin(2πft) and the spin about the centre follow).
XPBD_FN Collider colliderRelativeTo(Collider c, vec3 origin) {
  Collider r = c;
  if (c.type == VKXPBD_COLLIDER_PLANE) {
    r.shape.w = planeOffsetRelativeTo(c.shape, origin);
  } else {
    r.position = vec4(vec3(c.position) - origin, c.position.w);
  }
  return r;
}

XPBD_END_NAMESPACE

#endif
