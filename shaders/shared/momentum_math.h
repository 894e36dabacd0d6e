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
// those passes loses its rigid part R_i = a + θ × (s_i − c): a = Σ m D / M, and θ = I⁻¹ Σ m (s − c) × D
// with s_i the substep-start positions, c and I their centre of mass and inertia tensor. Then
// Σ m (D − R) = 0 and Σ m s × (D − R) = 0, so the velocity update gives the body the linear and angular
// momentum it had: its constraints change neither P nor L. A rigid motion changes no constraint value (to
// first order in θ), and it is the smallest mass-weighted change that keeps P and L.
//
// −R moves the positions x (momentumCorrection), so that positions and velocities stay one motion (but
// for BDF2 particles with a valid history, momentumInVelocity).
// It went into v* alone until session 33, leaving x where the constraints put it: the body's velocity
// lost R but its position kept it, every substep. Where R is large (coarse levels: their masses and
// prolongation keep neither P nor L exactly, docs/hierarchy.md) that made a solid with bilateral coarse
// levels creep on the ground: collide's friction measures a particle's slip from x* − v*Δt, which the
// corrected v* moved by R, so a stuck particle followed R (a 0.2 m block, 10 MPa, μs = 0.5: 1.8 mm in 1 s,
// now 0.01 mm). With the positions split into high and low parts (shared/position_math.h) a correction far
// below a float's resolution at the position's magnitude is kept whole in the low part.
#ifndef VKXPBD_SHARED_MOMENTUM_MATH_H
#define VKXPBD_SHARED_MOMENTUM_MATH_H

#include "shared/gpu_types.h"

XPBD_BEGIN_NAMESPACE

// The sums a body's reduction adds up, with s the lever (momentumLever: mostly the substep's start) − origin
// (m), D the displacement (m), m the mass (kg).
struct MomentumSums {
  vec4 first;    // xyz Σ m s (kg·m), w Σ m (kg)
  vec4 impulse;  // xyz Σ m D (kg·m)
  vec4 moment;   // xyz Σ m s × D (kg·m²)
  vec4 square;   // Σ m s_x², Σ m s_y², Σ m s_z² (kg·m²)
  vec4 mixed;    // Σ m s_x s_y, Σ m s_x s_z, Σ m s_y s_z (kg·m²)
};

// Where particle i's share of the rigid correction goes: into v* for a BDF2 particle with a valid history
// (momentumTermsBdf2: there R is a velocity-level fix of the whole end velocity, history included, and
// moving the positions by it fed that back: two soft blocks stacked with 2 iterations sank into each other
// within a second), else into its position x. mean: uⁿ (m/s) and the history state in w (0 with implicit
// Euler).
XPBD_FN bool momentumInVelocity(vec4 mean) {
  return mean.w > 0.0f;
}

// A particle's lever s (m, relative to the same origin as `start` and `q`): the point whose rigid motion the
// projection takes out. Where R moves the position, the substep's start xⁿ (start: x* − v*Δt); where it
// goes into v*, the position now q (momentumTermsBdf2).
XPBD_FN vec3 momentumLever(vec3 start, vec3 q, vec4 mean) {
  return momentumInVelocity(mean) ? q : start;
}

// Implicit Euler: v = v* + (x − x*)/Δt = (x − xⁿ)/Δt, so L = Σ m xⁿ × (x − xⁿ)/Δt is linear in the
// displacements, and Σ m s × (D − R) = 0 with s = xⁿ keeps it.
XPBD_FN MomentumSums momentumTerms(vec3 s, vec3 D, float m) {
  MomentumSums r;
  r.first = vec4(m * s, m);
  r.impulse = vec4(m * D, 0.0f);
  r.moment = vec4(m * cross(s, D), 0.0f);
  r.square = vec4(m * s * s, 0.0f);
  r.mixed = vec4(m * s.x * s.y, m * s.x * s.z, m * s.y * s.z, 0.0f);
  return r;
}

// With BDF2 (integrator_math.h) the velocity update is v' = α (v* + Δx/Δt) + β: α = 3/2, β = −1/2 uⁿ for a
// particle with a valid history, α = 1, β = 0 for an implicit Euler substep (no valid history). The
// projection above, which makes the mean velocity v* + Δx/Δt carry the momentum, then leaves v' with the
// history's part −1/2 uⁿ measured at the new positions and with 1/3 (vⁿ − vⁿ⁻¹ − gΔt) from the last
// substep's constraints, which do not cancel in Σ m x × v': a vibrating free cube spun up to 0.02 rad/s in 5
// s. So with BDF2 the rigid part R is taken from the whole end velocity, every iteration, so that after the
// update Σ m v' = Σ m T and Σ m x' × v' = Σ m xⁿ × T (x' the positions it leaves): the body keeps the
// momentum and angular momentum it had, plus gravity's. T = vⁿ + gΔt is the velocity the particle would
// have with no constraint (exact for free motion and free fall) and Y = v' − T before the projection, which
// changes v' by −α R/Δt. R makes
//   Σ m α R = Σ m Δt Y   and   Σ m α s × R = Σ m Δt (x × Y + (x − xⁿ) × T)
// with the lever s = x where R goes into v* (x' = x), and s = xⁿ where it moves the position of an Euler
// substep (α = 1: x' = x − R, and (x − R) × (T + Y − R/Δt) adds R × (x − xⁿ)/Δt, so x − (x − xⁿ) = xⁿ).
// It is the same solve as momentumFix with the masses m α. For an Euler particle in its first iteration
// Δt Y = D and the moment is xⁿ × D, as above.
// q = x − origin (m); s: the lever − origin (m); vPredicted: v* (m/s); displacement: x − x* (m); moved:
// x − xⁿ (m); mean: uⁿ (m/s) and the history state in w; velocity: vⁿ (m/s); m (kg); dt (s).
XPBD_FN MomentumSums momentumTermsBdf2(vec3 q, vec3 s, vec3 vPredicted, vec3 displacement, vec3 moved,
                                       vec4 mean, vec3 velocity, vec3 gravity, float m, float dt) {
  bool valid = momentumInVelocity(mean);  // α = 3/2 exactly where the lever is x (the derivation above)
  float alpha = valid ? 1.5f : 1.0f;
  vec3 end = alpha * (vPredicted + displacement / dt) - (valid ? 0.5f * vec3(mean) : vec3(0.0f));  // m/s
  vec3 target = velocity + gravity * dt;                                                           // m/s
  vec3 y = (end - target) * dt;                                                                    // m
  float ma = m * alpha;                                                                            // kg
  MomentumSums r;
  r.first = vec4(ma * s, ma);
  r.impulse = vec4(m * y, 0.0f);
  r.moment = vec4(m * (cross(q, y) + cross(moved, target * dt)), 0.0f);
  r.square = vec4(ma * s * s, 0.0f);
  r.mixed = vec4(ma * s.x * s.y, ma * s.x * s.z, ma * s.y * s.z, 0.0f);
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
  return momentumTerms(vec3(0.0f), vec3(0.0f), 0.0f);
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

// The position change of a particle whose lever is s (m); momentumInVelocity: it goes into v* instead,
// as v* + momentumCorrection/Δt.
XPBD_FN vec3 momentumCorrection(MomentumFix f, vec3 s) {
  return -(vec3(f.shift) + cross(vec3(f.rotation), s - vec3(f.centre)));
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
