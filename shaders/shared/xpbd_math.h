// The solver's math, written once and compiled both into the GLSL passes and into the CPU reference
// solver (engine/sim/cpu_solver.cpp), so the two cannot drift apart.
//
// XPBD (Macklin, Müller, Chentanez 2016): for a constraint C(x) with compliance α (m/N) and substep Δt,
//   α̃ = α / Δt²,   Δλ = (−C − α̃ λ) / (Σ w_i |∇C_i|² + α̃),   Δx_i = w_i ∇C_i Δλ,
// with λ accumulated over the iterations of one substep and reset to 0 at the start of each substep.
// The constraint force is λ / Δt² (N). With α = 0 this is PBD with stiffness 1.
// PBD mode (Müller et al. 2007) instead uses Δλ = −k C / Σ w_i |∇C_i|² with k in [0,1] and no λ memory,
// which makes the effective stiffness depend on the iteration count.
#ifndef VKXPBD_SHARED_XPBD_MATH_H
#define VKXPBD_SHARED_XPBD_MATH_H

#include "shared/gpu_types.h"

XPBD_BEGIN_NAMESPACE

#define VKXPBD_PI 3.14159265358979f
// Below this length (m) a distance constraint's gradient is undefined and the constraint is skipped.
#define VKXPBD_MIN_LENGTH 1e-9f

struct DistanceCorrection {
  vec3 deltaA;        // position change of particle a, m
  vec3 deltaB;        // position change of particle b, m
  float deltaLambda;  // Δλ, N·s²
};

XPBD_FN float xpbdDeltaLambda(float C, float wGradSquared, float alphaTilde, float lambda) {
  return (-C - alphaTilde * lambda) / (wGradSquared + alphaTilde);
}

// One projection of C = |x_a − x_b| − restLength; ∇_a C = n, ∇_b C = −n with n = (x_a − x_b)/|x_a − x_b|.
XPBD_FN DistanceCorrection projectDistance(vec3 xa, vec3 xb, float wa, float wb, DistanceConstraint c,
                                           float alphaScale, float lambda, uint constraintModel) {
  DistanceCorrection r;
  r.deltaA = vec3(0.0f);
  r.deltaB = vec3(0.0f);
  r.deltaLambda = 0.0f;
  vec3 d = xa - xb;
  float len = length(d);
  float wSum = wa + wb;
  if (len < VKXPBD_MIN_LENGTH || wSum <= 0.0f) return r;
  vec3 n = d / len;
  float C = len - c.restLength;
  float dl;
  if (constraintModel == VKXPBD_MODEL_PBD) {
    dl = -c.stiffness * C / wSum;
  } else {
    dl = xpbdDeltaLambda(C, wSum, c.compliance * alphaScale, lambda);
  }
  r.deltaLambda = dl;
  r.deltaA = (wa * dl) * n;
  r.deltaB = (-wb * dl) * n;
  return r;
}

// How a constraint's projection is taken: Gauss-Seidel takes it once, as XPBD writes it. In the Jacobi
// batch constraint k shares each of its particles with up to n_k − 1 other batch constraints (n_k = 1 /
// jacobiScale_k, the largest count on one of its moving particles, fixed at layout time:
// engine/sim/solver_layout.cpp), and all of them move the particle at once. So k is projected with split
// masses (Tonge et al.: each particle's mass shared among n_k constraints, i.e. every w_i × n_k in
// Δλ = (−C − α̃λ) / (n_k Σ w_i|∇C_i|² + α̃)); λ gets ω Δλ and each particle moves by ω w_i ∇C_i Δλ with
// its true inverse mass. One scalar per constraint, so each constraint keeps Σ m Δx = 0 and
// Σ x × m Δx = 0 (momentum and angular momentum) and λ always matches what the positions received; a
// particle then moves by the plain sum of its slots. A stiff constraint (α̃ ≪ Σ w|∇C|²) moves by ω/n_k of
// its Gauss-Seidel correction, which keeps the batch stable; a compliant one (α̃ ≫ Σ w|∇C|², weakly
// coupled to the others) moves by nearly its whole correction, as in Gauss-Seidel (docs/convergence.md).
struct JacobiStep {
  // 1 / n_k (1 in Gauss-Seidel): the projection's inverse masses are divided by it. A division, not a
  // product with n_k: a GPU compiler may fuse a product into the sum w_a + w_b that follows (the CPU
  // never fuses), and the two would round differently.
  float massShare;
  float positionScale;  // ω / n_k: the projection's Δx (computed with the split masses) times this
  float lambdaScale;    // ω: its Δλ times this
};

XPBD_FN JacobiStep gaussSeidelStep() {
  JacobiStep s;
  s.massShare = 1.0f;
  s.positionScale = 1.0f;
  s.lambdaScale = 1.0f;
  return s;
}

XPBD_FN JacobiStep jacobiStep(float jacobiScale, float omega) {
  JacobiStep s;
  s.massShare = jacobiScale;
  s.positionScale = omega * jacobiScale;
  s.lambdaScale = omega;
  return s;
}

// The correction of a distance constraint projected with the split masses, taken as `step` says.
XPBD_FN DistanceCorrection scaledDistanceCorrection(DistanceCorrection r, JacobiStep step) {
  r.deltaA *= step.positionScale;
  r.deltaB *= step.positionScale;
  r.deltaLambda *= step.lambdaScale;
  return r;
}

// The grab constraint C = |x − target| as a distance constraint of rest length 0 whose other end
// does not move; the same projection as every other distance constraint.
XPBD_FN DistanceCorrection projectGrab(vec3 x, float w, GrabConstraint g, float alphaScale, float lambda,
                                       uint constraintModel) {
  DistanceConstraint c;
  c.a = g.particle;
  c.b = g.particle;
  c.restLength = 0.0f;
  c.compliance = g.compliance;
  c.stiffness = 1.0f;
  c.kind = 0u;
  return projectDistance(x, vec3(g.target), w, 0.0f, c, alphaScale, lambda, constraintModel);
}

// Tether: moves x back onto the sphere of radius maxLength around the anchor when it is outside.
XPBD_FN vec3 projectTether(vec3 x, vec3 anchor, float maxLength) {
  vec3 d = x - anchor;
  float len = length(d);
  if (len <= maxLength || len < VKXPBD_MIN_LENGTH) return x;
  return anchor + d * (maxLength / len);
}

// Displacement (m) of a moving pin from its rest target at time t (s): the pin is at rest + this. The
// solver keeps the two apart (rest as the high part of the position, this as the low part), so a pin far
// from the origin moves as smoothly as one at the origin (shared/position_math.h).
XPBD_FN vec3 pinOffset(PinMotion m, float t) {
  if (m.type == VKXPBD_MOTION_SINE) return vec3(m.vector) * sin(2.0f * VKXPBD_PI * m.frequency * t);
  return vec3(m.vector) * t;
}

// Symplectic Euler prediction: v* = v + g Δt, then x* = x + v* Δt.
XPBD_FN vec3 predictVelocity(vec3 v, vec3 gravity, float dt) {
  return v + gravity * dt;
}

// Time (s) at the end of substep `substep` of frame `frame`; pinned particles reach their target then.
XPBD_FN float substepEndTime(uint frame, uint substep, float frameDt, float dt) {
  return float(frame) * frameDt + float(substep + 1u) * dt;
}

// XPBD velocity update v = (x − x_start)/Δt, written as v* + (x − x*)/Δt: equal in exact arithmetic,
// but in float32 the rounding of x − x_start (large coordinates, tiny Δt) no longer accumulates into
// v; an unconstrained particle keeps exactly v*. Linear damping multiplies the result.
XPBD_FN vec3 updateVelocity(vec3 x, vec3 xPredicted, vec3 vPredicted, float invDt, float dampingFactor) {
  return (vPredicted + (x - xPredicted) * invDt) * dampingFactor;
}

XPBD_END_NAMESPACE

#endif
