// Wind and aerodynamics of surface triangles (docs/wind.md): the wind field, the force of the air on one
// triangle, and the per-particle gather. C++ and GLSL; the surface passes aero forces and aero apply
// (shaders/aero_*.comp) and the CPU reference (sim/cpu_solver_aero.cpp) call these functions.
#ifndef VKXPBD_SHARED_AERO_MATH_H
#define VKXPBD_SHARED_AERO_MATH_H

#include "shared/position_math.h"

XPBD_BEGIN_NAMESPACE

// The air: a constant wind plus deterministic gusts (a function of time and position only, so reruns
// are bitwise equal and the CPU reference sees the same air).
struct WindField {
  vec4 velocity;  // xyz the constant wind velocity (m/s); w the air density ρ (kg/m³)
  vec4 gust;      // x amplitude A (m/s, 0: none), y frequency f (Hz), z wavelength λ (m), w seed (integer)
};

// A number in [0, 1) from (seed, k): an integer hash (no state).
XPBD_FN float aeroHash(uint seed, uint k) {
  uint h = seed * 747796405u + k * 2891336453u + 12345u;
  h ^= h >> 16u;
  h *= 0x7feb352du;
  h ^= h >> 15u;
  h *= 0x846ca68bu;
  h ^= h >> 16u;
  return float(h >> 8u) * (1.0f / 16777216.0f);
}

// The air's velocity (m/s) at point x (m) and time t (s): the constant wind plus three travelling
// waves g = A/3 · Σ_i e_i sin(2π f_i t − (2π/λ) e_i·x + φ_i) with unit directions e_i, frequencies
// f_i ∈ [0.6 f, 1.4 f) and phases φ_i drawn from the seed, so |g| ≤ A.
XPBD_FN vec3 windVelocityAt(WindField wind, vec3 x, float t) {
  vec3 v = vec3(wind.velocity);
  if (wind.gust.x == 0.0f) return v;
  uint seed = uint(wind.gust.w);
  float twoPi = 6.28318530718f;
  vec3 g = vec3(0.0f);
  for (uint i = 0u; i < 3u; ++i) {
    float azimuth = twoPi * aeroHash(seed, 4u * i);
    float z = 2.0f * aeroHash(seed, 4u * i + 1u) - 1.0f;
    float r = sqrt(max(0.0f, 1.0f - z * z));
    vec3 e = vec3(r * cos(azimuth), z, r * sin(azimuth));
    float f = wind.gust.y * (0.6f + 0.8f * aeroHash(seed, 4u * i + 2u));
    float phase = twoPi * aeroHash(seed, 4u * i + 3u);
    g += e * sin(twoPi * f * t - (twoPi / wind.gust.z) * dot(e, x) + phase);
  }
  return v + g * (wind.gust.x / 3.0f);
}

// The w of a surface triangle's coefficients (packAero): 1 if its body is free (aeroIntegratorScale),
// plus 2 if the surface is closed and outward-oriented (one-sided: a soft body's boundary).
XPBD_FN float aeroSurfaceFlags(bool freeBody, bool oneSided) {
  return (freeBody ? 1.0f : 0.0f) + (oneSided ? 2.0f : 0.0f);
}
XPBD_FN float aeroFreeBody(float flags) {
  return (uint(flags) & 1u) != 0u ? 1.0f : 0.0f;
}
XPBD_FN bool aeroOneSided(float flags) {
  return (uint(flags) & 2u) != 0u;
}

// The force (N) of the air on a triangle with edges e1 = b − a, e2 = c − a (m) moving through air of
// relative velocity u = wind − triangle velocity (m/s), density rho (kg/m³), coefficients
// coeff = (C_n normal drag, C_t tangential drag, C_l lift, unused), dimensionless. With n the unit
// normal, A the area, u_n = u·n and q = ½ρA|u|:
//   F = q [C_n u_n n + C_t (u − u_n n) + C_l u_n (n − (u_n/|u|²) u)]
// The normal drag is ½ρ C_n A |u|² sin θ (θ: angle between u and the plane), along n; the lift
// ½ρ C_l A |u|² sin θ cos θ, perpendicular to u in the plane of u and n. Zero when u = 0, exactly.
// The formula is the same from either side (flipping n flips u_n). On a one-sided surface (coeff.w,
// aeroOneSided: a closed surface with n outward, e1 × e2) the air acts only on a face it flows into from
// outside, u_n ≤ 0: a leeward face is in the body's wake, and counting it too would double the drag of a
// closed body (its windward and leeward faces push the same way).
XPBD_FN vec3 aeroTriangleForce(vec3 e1, vec3 e2, vec3 u, vec4 coeff, float rho) {
  vec3 c = cross(e1, e2);
  float twiceArea = length(c);
  float speed = length(u);
  if (twiceArea == 0.0f || speed == 0.0f) return vec3(0.0f);
  vec3 n = c / twiceArea;
  float un = dot(u, n);
  if (aeroOneSided(coeff.w) && un > 0.0f) return vec3(0.0f);
  float q = 0.25f * rho * twiceArea * speed;
  vec3 normal = (coeff.x * un) * n;
  vec3 tangential = coeff.y * (u - un * n);
  vec3 lift = (coeff.z * un) * (n - (un / (speed * speed)) * u);
  return q * (normal + tangential + lift);
}

// A particle's velocity change (m/s) in one substep of dt (s): one third of the summed forces of its
// triangles (N), times dt·w (w its inverse mass, 1/kg; pinned particles get nothing).
XPBD_FN vec3 aeroVelocityChange(vec3 forceSum, float inverseMass, float dt) {
  return forceSum * (dt * inverseMass / 3.0f);
}

// The factor on that change for the integrator (shared/integrator_math.h). BDF2 takes an acceleration a
// into its prediction as 4/9·Δt²·a (as it takes gravity), but a velocity change added before predict
// enters twice: 8/9 through vⁿ and −2/9 through vⁿ⁻¹ (predict stores the changed velocity as the next
// substep's vⁿ⁻¹), 2/3 in all; so with a valid BDF2 history (historyState > 0) the change is scaled by
// 2/3. An implicit Euler substep (Euler, or BDF2 without a valid history) takes it whole. Measured
// without the factor: the falling plate's terminal speed with BDF2 was √(2/3) of the drag law's.
// A free body (freeBody > 0: aeroFreeBody of the w of its triangles' coefficients, packAero) is
// different: its momentum projection (shared/momentum_math.h, momentumTermsBdf2) gives it the end velocity
// vⁿ + gΔt of its rigid motion, so a change added to vⁿ enters once and whole there (with the factor the
// plate fell at √(3/2) of the drag law's terminal speed).
XPBD_FN float aeroIntegratorScale(uint integrator, float historyState, float freeBody) {
  return integrator == VKXPBD_INTEGRATOR_BDF2 && historyState > 0.0f && freeBody <= 0.0f ? 2.0f / 3.0f : 1.0f;
}

// Time (s) at the start of substep `substep` of frame `frame`: when the aero forces act.
XPBD_FN float aeroSubstepStartTime(uint frame, uint substep, float frameDt, float dt) {
  return float(frame) * frameDt + float(substep) * dt;
}

// The air's force (N) on one surface triangle with corners a, b, c: positions as two parts hi + lo (m),
// velocities v (m/s), its coefficients, the wind at its middle at time t (s). Evaluated relative to
// hi_a, as the constraints are (shared/position_math.h).
XPBD_FN vec3 aeroForceOnTriangle(vec3 ha, vec3 la, vec3 hb, vec3 lb, vec3 hc, vec3 lc, vec3 va, vec3 vb,
                                 vec3 vc, vec4 coeff, WindField wind, float t) {
  vec3 xb = positionRelativeTo(hb, lb, ha);
  vec3 xc = positionRelativeTo(hc, lc, ha);
  vec3 middle = ha + (la + xb + xc) / 3.0f;
  vec3 velocity = (va + vb + vc) / 3.0f;
  vec3 u = windVelocityAt(wind, middle, t) - velocity;
  return aeroTriangleForce(xb - la, xc - la, u, coeff, wind.velocity.w);
}

XPBD_END_NAMESPACE

#ifdef __cplusplus
static_assert(sizeof(vkxpbd::gpu::WindField) == 32);
#endif

#endif
