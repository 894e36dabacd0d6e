// Tearing (docs/tearing.md), shared by the CPU reference and the GPU solver's host-side tear step: when a
// distance constraint breaks, which side of the crack a triangle or a neighbour falls on, and how the
// mass of a split particle is shared between the two copies.
#ifndef VKXPBD_SHARED_TEAR_MATH_H
#define VKXPBD_SHARED_TEAR_MATH_H

#include "shared/gpu_types.h"

XPBD_BEGIN_NAMESPACE

// A distance constraint of rest length `restLength` (m) between points xa and xb (m) breaks when it is
// stretched past `strain` (the stretch ratio |xa − xb| / restLength, dimensionless, > 1), or when the
// force of its last projection, |λ|·α̃/α (λ in N·s², alphaScale in 1/s²), exceeds `force` (N; 0 = no
// force threshold).
XPBD_FN bool tearBreaks(vec3 xa, vec3 xb, float restLength, float strain, float lambda, float alphaScale,
                        float force) {
  float len = length(xa - xb);
  if (len > strain * restLength) return true;
  return force > 0.0f && abs(lambda) * alphaScale > force;
}

// The strain bins (shared/config.h, VKXPBD_TEAR_BINS): bin j holds the constraints past edge j of their
// limits and not past edge j + 1. Edge j = 2^⌊j/16⌋ · (1 + (j mod 16)/16), exact in float (edge 0 is 1:
// past the limit at all), so the CPU and the GPU compare the same products.
XPBD_FN float tearBinEdge(uint j) {
  float octave = float(1u << (j / VKXPBD_TEAR_BINS_PER_OCTAVE));
  return (1.0f + float(j % VKXPBD_TEAR_BINS_PER_OCTAVE) * (1.0f / float(VKXPBD_TEAR_BINS_PER_OCTAVE))) *
         octave;
}

// The strain bin of a constraint that breaks (tearBreaks is true): the highest j such that it is
// stretched past edge j times its tear strain, or pulls harder than edge j times its tear force. The
// same products as tearBreaks (edge 0 is 1), no division, so both sides get the same bin from the
// same floats.
XPBD_FN uint tearStrainBin(vec3 xa, vec3 xb, float restLength, float strain, float lambda, float alphaScale,
                           float force) {
  float len = length(xa - xb);
  float pull = abs(lambda) * alphaScale;
  uint bin = 0u;
  for (uint j = 1u; j < VKXPBD_TEAR_BINS; ++j) {
    float edge = tearBinEdge(j);
    if (!(len > edge * strain * restLength) && !(force > 0.0f && pull > edge * force)) break;
    bin = j;
  }
  return bin;
}

// Points within this angle (rad) of the crack's plane count as on it. A regular grid torn along its
// lines puts triangle centroids exactly on the plane; there float rounding (one ulp of a position,
// which differs between devices) would pick the side, so the GPU and the CPU reference split a
// particle differently. 1e-4 rad is far above that rounding (about 1e-5 rad for 1 cm cells 1 m from the
// origin) and far below any real angle of a mesh.
#define VKXPBD_TEAR_PLANE_TOLERANCE 1e-4f

// The side of the crack through particle p (at xp, m) across a broken constraint pointing from p
// towards its other particle q (direction n = xq − xp, m): true for a point x (m) on q's side, which
// moves to p's copy. A point on the plane (within VKXPBD_TEAR_PLANE_TOLERANCE) stays with p.
XPBD_FN bool tearOnFarSide(vec3 x, vec3 xp, vec3 n) {
  vec3 d = x - xp;
  return dot(d, n) > VKXPBD_TEAR_PLANE_TOLERANCE * length(d) * length(n);
}

// The centroid of a triangle (m), its corners summed in ascending particle order so that every caller
// that sees the same three particles gets the same bits.
XPBD_FN vec3 tearCentroid(vec3 x0, vec3 x1, vec3 x2) {
  return (x0 + x1 + x2) * (1.0f / 3.0f);
}

// Inverse mass (1/kg) of each of the two copies of a split particle of inverse mass w: each keeps half
// the mass, so the total mass and (with equal velocities) the momentum are unchanged.
XPBD_FN float tearSplitInverseMass(float w) {
  return 2.0f * w;
}

XPBD_END_NAMESPACE

#endif
