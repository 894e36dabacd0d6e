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

// With BDF2 (integrator_math.h) the velocity update is v' = α (v* + Δx/Δt) + β: α = 3/2, β = −1/2 uⁿ for a
// particle with a valid history, α = 1, β = 0 for an implicit Euler substep (no valid history). The
// projection above, which makes the mean velocity v* + Δx/Δt carry the momentum, then leaves v' with the
// history's part −1/2 uⁿ measured at the new positions and with 1/3 (vⁿ − vⁿ⁻¹ − gΔt) from the last
// substep's constraints, which do not cancel in Σ m x × v': a vibrating free cube spun up to 0.02 rad/s in 5
// s. So with BDF2 the rigid part R is taken from the whole end velocity, every iteration: R makes
//   Σ m α R = Σ m Δt Y   and   Σ m α x × R = Σ m Δt (x × Y + (x − xⁿ) × T),
// with T = vⁿ + gΔt the velocity the particle would have with no constraint (exact for free motion and free
// fall) and Y = v' − T, so that after the update Σ m v' = Σ m T and Σ m x × v' = Σ m xⁿ × T: the body keeps
// the momentum and angular momentum it had, plus gravity's. It is the same solve as momentumFix with the
// masses m α. For an Euler particle in its first iteration Δt Y = D and the moment is xⁿ × D, as above.
// q = x − origin (m); vPredicted: v* now, corrected by the earlier iterations (m/s); displacement: x − x*
// (m); moved: x − xⁿ (m), from xⁿ = x* − v*Δt kept in the first iteration (v*Δt + (x − x*) in later
// iterations would miss their earlier corrections: with 4 iterations the balloon spun up to 0.03 rad/s);
// mean: uⁿ (m/s) and the history state in w; velocity: vⁿ (m/s); m (kg); dt (s).
XPBD_FN MomentumSums momentumTermsBdf2(vec3 q, vec3 vPredicted, vec3 displacement, vec3 moved, vec4 mean,
                                       vec3 velocity, vec3 gravity, float m, float dt) {
  bool valid = mean.w > 0.0f;
  float alpha = valid ? 1.5f : 1.0f;
  vec3 end = alpha * (vPredicted + displacement / dt) - (valid ? 0.5f * vec3(mean) : vec3(0.0f));  // m/s
  vec3 target = velocity + gravity * dt;                                                           // m/s
  vec3 y = (end - target) * dt;                                                                    // m
  float ma = m * alpha;                                                                            // kg
  MomentumSums r;
  r.first = vec4(ma * q, ma);
  r.impulse = vec4(m * y, 0.0f);
  r.moment = vec4(m * (cross(q, y) + cross(moved, target * dt)), 0.0f);
  r.square = vec4(ma * q * q, 0.0f);
  r.mixed = vec4(ma * q.x * q.y, ma * q.x * q.z, ma * q.y * q.z, 0.0f);
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

// Solves the symmetric 3×3 system A y = b (A's entries xx, yy, zz, xy, xz, yz) by its cofactors: xyz y,
// w 1; y = 0 and w 0 where A is singular relative to its trace (a body on a line, about that line).
XPBD_FN vec4 solveSymmetric3(float axx, float ayy, float azz, float axy, float axz, float ayz, vec3 b) {
  float cxx = ayy * azz - ayz * ayz;
  float cxy = axz * ayz - axy * azz;
  float cxz = axy * ayz - axz * ayy;
  float cyy = axx * azz - axz * axz;
  float cyz = axy * axz - axx * ayz;
  float czz = axx * ayy - axy * axy;
  float det = axx * cxx + axy * cxy + axz * cxz;
  float scale = (axx + ayy + azz) / 3.0f;
  if (!(det > 1e-6f * scale * scale * scale)) return vec4(0.0f);
  vec3 y = vec3(cxx * b.x + cxy * b.y + cxz * b.z, cxy * b.x + cyy * b.y + cyz * b.z,
                cxz * b.x + cyz * b.y + czz * b.z) /
           det;
  return vec4(y, 1.0f);
}

// The inertia tensor I = tr(S)·1 − S about c from a body's sums (S: the second moments about c), as its
// entries xx, yy, zz (first) and xy, xz, yz (second), kg·m².
struct Inertia {
  vec3 diagonal;
  vec3 offDiagonal;
};

XPBD_FN Inertia inertiaAbout(MomentumSums t, vec3 c) {
  float M = t.first.w;
  float sxx = t.square.x - M * c.x * c.x;
  float syy = t.square.y - M * c.y * c.y;
  float szz = t.square.z - M * c.z * c.z;
  float sxy = t.mixed.x - M * c.x * c.y;
  float sxz = t.mixed.y - M * c.x * c.z;
  float syz = t.mixed.z - M * c.y * c.z;
  Inertia I;
  I.diagonal = vec3(syy + szz, sxx + szz, sxx + syy);
  I.offDiagonal = vec3(-sxy, -sxz, -syz);
  return I;
}

// I⁻¹ v: xyz, w 0 where I is singular (then 0).
XPBD_FN vec4 inverseInertiaTimes(Inertia I, vec3 v) {
  return solveSymmetric3(I.diagonal.x, I.diagonal.y, I.diagonal.z, I.offDiagonal.x, I.offDiagonal.y,
                         I.offDiagonal.z, v);
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
  // Σ m (s − c) × D, and the inertia about c from the second moments there.
  vec3 L = vec3(t.moment) - cross(c, P);
  f.shift = vec4(P / M, 0.0f);
  f.centre = vec4(origin + c, 0.0f);
  // A body on a line (I singular about it): only its translation is removed.
  f.rotation = vec4(vec3(inverseInertiaTimes(inertiaAbout(t, c), L)), 0.0f);
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
