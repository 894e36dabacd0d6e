// Momentum projection of a free body (no pinned particle), shared by the GLSL passes and the CPU reference.
//
// Why: every XPBD projection conserves linear and angular momentum about the positions it is computed
// at (Σ_i ∇_i C = 0 and Σ_i x_i × ∇_i C = 0), but a Gauss-Seidel sweep computes each one at positions that
// earlier projections of the same iteration already moved. The velocity update v = (x − x_start)/Δt
// measures angular momentum against the substep's start, L = Σ m x_start × x/Δt, so a correction Δx adds
// Σ m x_start × Δx/Δt ≠ 0. Where constraints fight every substep (an inflated balloon: the global volume
// constraint pushes out by millimetres, the stretch constraints pull back) these cross terms do not
// cancel: the shipped balloon spun up to 26 rad/s in 5 s. Float rounding of the many x += Δx of a sweep
// adds a linear drift (0.17–1.8 mm in 5 s on a perturbed free shell, measured on the CPU reference).
//
// The fix: after the constraint passes of each iteration, the body's displacement D_i = x_i − start_i by
// those passes loses its rigid part R_i = a + θ × (x_i − c): a = Σ m D / M, and θ = I⁻¹ Σ m (s − c) × D
// with s_i the substep-start positions, c and I the centre of mass and inertia tensor of the current
// positions x_i. Then Σ m (D − R) = 0 and Σ m s × D = Σ m x × R, so the velocity update gives the body
// the linear and angular momentum it had: its constraints change neither P nor L. −R goes into v*, not
// into x (correctMomentum). A rigid motion changes no constraint value (to first order in θ), and it is
// the smallest mass-weighted change that keeps P and L.
#ifndef VKXPBD_SHARED_MOMENTUM_MATH_H
#define VKXPBD_SHARED_MOMENTUM_MATH_H

#include "shared/gpu_types.h"

XPBD_BEGIN_NAMESPACE

// The sums a body's reduction adds up, with s = x_start − origin and q = x − origin (m), D the
// displacement (m), m the mass (kg).
struct MomentumSums {
  vec4 first;    // xyz Σ m q (kg·m), w Σ m (kg)
  vec4 impulse;  // xyz Σ m D (kg·m)
  vec4 moment;   // xyz Σ m s × D (kg·m²)
  vec4 square;   // Σ m q_x², Σ m q_y², Σ m q_z² (kg·m²)
  vec4 mixed;    // Σ m q_x q_y, Σ m q_x q_z, Σ m q_y q_z (kg·m²)
};

XPBD_FN MomentumSums momentumTerms(vec3 s, vec3 q, vec3 D, float m) {
  MomentumSums r;
  r.first = vec4(m * q, m);
  r.impulse = vec4(m * D, 0.0f);
  r.moment = vec4(m * cross(s, D), 0.0f);
  r.square = vec4(m * q * q, 0.0f);
  r.mixed = vec4(m * q.x * q.y, m * q.x * q.z, m * q.y * q.z, 0.0f);
  return r;
}

XPBD_FN MomentumSums addMomentumSums(MomentumSums a, MomentumSums b) {
  a.first += b.first;
  a.impulse += b.impulse;
  a.moment += b.moment;
  a.square += b.square;
  a.mixed += b.mixed;
  return a;
}

XPBD_FN MomentumSums noMomentumSums() {
  return momentumTerms(vec3(0.0f), vec3(0.0f), vec3(0.0f), 0.0f);
}

// The rigid correction from a body's sums; origin (m) is the point s was measured from.
XPBD_FN MomentumFix momentumFix(MomentumSums t, vec3 origin) {
  MomentumFix f;
  f.shift = vec4(0.0f);
  f.rotation = vec4(0.0f);
  f.centre = vec4(origin, 0.0f);
  float M = t.first.w;
  if (!(M > 0.0f)) return f;
  vec3 c = vec3(t.first) / M;
  vec3 P = vec3(t.impulse);
  // Σ m (s − c) × D, and the second moments about c, S = Σ m (q − c)(q − c)ᵀ.
  vec3 L = vec3(t.moment) - cross(c, P);
  float sxx = t.square.x - M * c.x * c.x;
  float syy = t.square.y - M * c.y * c.y;
  float szz = t.square.z - M * c.z * c.z;
  float sxy = t.mixed.x - M * c.x * c.y;
  float sxz = t.mixed.y - M * c.x * c.z;
  float syz = t.mixed.z - M * c.y * c.z;
  // I = tr(S)·1 − S (symmetric), solved by its cofactors.
  float ixx = syy + szz;
  float iyy = sxx + szz;
  float izz = sxx + syy;
  float ixy = -sxy;
  float ixz = -sxz;
  float iyz = -syz;
  float cxx = iyy * izz - iyz * iyz;
  float cxy = ixz * iyz - ixy * izz;
  float cxz = ixy * iyz - ixz * iyy;
  float cyy = ixx * izz - ixz * ixz;
  float cyz = ixy * ixz - ixx * iyz;
  float czz = ixx * iyy - ixy * ixy;
  float det = ixx * cxx + ixy * cxy + ixz * cxz;
  float scale = (ixx + iyy + izz) / 3.0f;
  f.shift = vec4(P / M, 0.0f);
  f.centre = vec4(origin + c, 0.0f);
  // A body on a line (I singular about it): only its translation is removed.
  if (det > 1e-6f * scale * scale * scale) {
    vec3 theta = vec3(cxx * L.x + cxy * L.y + cxz * L.z, cxy * L.x + cyy * L.y + cyz * L.z,
                      cxz * L.x + cyz * L.y + czz * L.z) /
                 det;
    f.rotation = vec4(theta, 0.0f);
  }
  return f;
}

// The position change of a particle now at x (m).
XPBD_FN vec3 momentumCorrection(MomentumFix f, vec3 x) {
  return -(vec3(f.shift) + cross(vec3(f.rotation), x - vec3(f.centre)));
}

// The correction goes into the substep's predicted velocity v* (m/s), which the velocity update adds to
// (x − x*)/Δt, rather than into x: it is mostly far below a float's resolution of a position (60 nm at
// 1 m), and x += Δx would round it away, while v = v* + (x − x*)/Δt receives it whole.
XPBD_FN vec4 correctMomentum(MomentumFix f, vec4 vPredicted, vec3 x, float invDt) {
  return vec4(vec3(vPredicted) + momentumCorrection(f, x) * invDt, vPredicted.w);
}

XPBD_END_NAMESPACE

#ifdef __cplusplus
#include "shared/reduce_order.h"
namespace vkxpbd::gpu {
// The GPU reduction's summation order (momentum_reduce.comp, shared/reduce_order.h).
template <typename Element>
MomentumSums momentumReduce(uint32_t count, Element element) {
  return workGroupReduce<VKXPBD_MOMENTUM_REDUCE_SIZE>(count, noMomentumSums(), element, addMomentumSums);
}
}  // namespace vkxpbd::gpu
#endif

#endif
