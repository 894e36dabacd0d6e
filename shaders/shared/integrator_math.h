// The two time integrators of a substep, shared by the GLSL passes and the CPU reference.
//
// Implicit Euler (the default): x̃ = x + Δt v + Δt² g, constraints with α̃ = α/Δt², v = (x⁺ − x)/Δt. Its
// numerical damping is first order in Δt (an undamped pendulum loses energy, more at fewer substeps).
//
// BDF2 (source document 003): the second-order backward differentiation formula
//   x̃ = 4/3 xⁿ − 1/3 xⁿ⁻¹ + 8/9 Δt vⁿ − 2/9 Δt vⁿ⁻¹ + 4/9 Δt² g,   α̃ = α / (4/9 Δt²),
//   vⁿ⁺¹ = (3/2 xⁿ⁺¹ − 2 xⁿ + 1/2 xⁿ⁻¹) / Δt.
// With the substep's mean velocity uⁿ = (xⁿ − xⁿ⁻¹)/Δt (so no difference of large coordinates is needed):
//   x̃ − xⁿ = Δt v*, v* = 1/3 uⁿ + 8/9 vⁿ − 2/9 vⁿ⁻¹ + 4/9 Δt g,   vⁿ⁺¹ = 3/2 uⁿ⁺¹ − 1/2 uⁿ,
// and uⁿ⁺¹ = v* + (x⁺ − x̃)/Δt is what the Euler update computes. The solver keeps uⁿ and vⁿ⁻¹ per
// particle (VKXPBD_BINDING_INTEGRATOR_HISTORY).
//
// A multistep method needs a smooth past. It has none at the start, and none across an impact: a particle
// stopped by the ground (u = 0 after uⁿ = −4 m/s) would leave with v = 3/2·0 − 1/2·(−4) = +2 m/s, a bounce
// from nowhere. So each particle's history carries a state in w: 1 valid, 0 none (at the start, or after a
// contact), −1 touched a collider or another particle in this substep. A substep without a valid history
// is an implicit Euler substep for that particle (prediction, velocity update, restitution), with BDF2's
// compliance scale; it leaves a history (u = v, vⁿ⁻¹ = v − gΔt, exact for free fall) that is valid after a
// contact-free substep. Bodies resting or sliding on the ground thus integrate with implicit Euler, free
// motion and the constraints' dynamics with BDF2.
#ifndef VKXPBD_SHARED_INTEGRATOR_MATH_H
#define VKXPBD_SHARED_INTEGRATOR_MATH_H

#include "shared/xpbd_math.h"

XPBD_BEGIN_NAMESPACE

// Compliance scale α̃/α (1/s²) of a substep Δt (s): 1/Δt² (Euler) or 9/(4Δt²) (BDF2). The constraint
// force of a constraint is λ times this (N).
XPBD_FN float integratorAlphaScale(uint integrator, float dt) {
  float gamma = integrator == VKXPBD_INTEGRATOR_BDF2 ? 4.0f / 9.0f : 1.0f;
  return 1.0f / (gamma * dt * dt);
}

// A body that integrates with implicit Euler in a BDF2 run (a body with coarse levels, docs/hierarchy.md
// "BDF2"): its constraints' compliances are stored times 4/9, so that BDF2's α̃ = α_stored·9/(4Δt²) is
// implicit Euler's α/Δt², and a force read from λ (|λ|·9/(4Δt²)) is 9/4 of the true one, so a force limit
// compared with it is stored times 9/4.
XPBD_FN float eulerComplianceInBdf2(float compliance) {
  return compliance * (4.0f / 9.0f);
}
XPBD_FN float eulerForceLimitInBdf2(float force) {
  return force * (9.0f / 4.0f);
}
// The true force (N) of such a body's constraint from the one read as |λ|·9/(4Δt²) (the stress views).
XPBD_FN float eulerForceInBdf2(float forceFromLambda) {
  return forceFromLambda * (4.0f / 9.0f);
}

// BDF2's predicted velocity v* (m/s): x̃ = x + Δt v*.
XPBD_FN vec3 bdf2PredictedVelocity(vec3 meanVelocity, vec3 velocity, vec3 previousVelocity, vec3 gravity,
                                   float dt) {
  return meanVelocity * (1.0f / 3.0f) + velocity * (8.0f / 9.0f) - previousVelocity * (2.0f / 9.0f) +
         gravity * (4.0f / 9.0f * dt);
}

// BDF2's velocity at the end of the substep from this substep's and the last substep's mean velocities.
XPBD_FN vec3 bdf2Velocity(vec3 meanVelocity, vec3 previousMeanVelocity) {
  return meanVelocity * 1.5f - previousMeanVelocity * 0.5f;
}

#define VKXPBD_HISTORY_VALID 1.0f
#define VKXPBD_HISTORY_NONE 0.0f
#define VKXPBD_HISTORY_TOUCHED -1.0f

// The end of a substep for one particle with BDF2: its velocity and its new history (mean: u and the
// state; previous: vⁿ⁻¹, written only when writePrevious, otherwise the prediction's value stays).
struct Bdf2Update {
  vec3 velocity;  // m/s, damped
  vec4 mean;      // xyz m/s, w the history state
  vec3 previous;  // m/s
  bool writePrevious;
};

XPBD_FN Bdf2Update bdf2Update(vec3 mean, vec4 history, vec3 gravity, float dt, float dampingFactor) {
  Bdf2Update r;
  if (history.w > 0.0f) {
    r.velocity = bdf2Velocity(mean, vec3(history)) * dampingFactor;
    r.mean = vec4(mean, VKXPBD_HISTORY_VALID);
    r.previous = vec3(0.0f);
    r.writePrevious = false;
  } else {
    r.velocity = mean * dampingFactor;
    r.mean = vec4(r.velocity, history.w < 0.0f ? VKXPBD_HISTORY_NONE : VKXPBD_HISTORY_VALID);
    r.previous = r.velocity - gravity * dt;
    r.writePrevious = true;
  }
  return r;
}

// BDF2 with the hierarchy (docs/hierarchy.md "BDF2"): a body with coarse levels integrates with implicit
// Euler. Its particles' history is stored with the state "none" after every velocity update, so each of
// their substeps is an Euler substep (prediction, velocity update, momentum projection), and their
// constraints' compliances are stored for Euler (eulerComplianceInBdf2). Why: BDF2's two-step formulas
// assume a smooth trajectory, and the coarse-to-fine traversal moves a body abruptly (a rigid coarse
// constraint stops a whole strip of cloth in one substep); BDF2's velocity amplified what the coarse levels
// and the fine sweep left between them: the soft ball dropped in Jacobi mode gained energy after its
// impact (761 J of internal kinetic energy at frame 150), and draping cloths stretched up to 2.3 times as
// far as with flat BDF2.
XPBD_FN vec4 eulerBodyHistory(vec4 mean) {
  return vec4(vec3(mean), VKXPBD_HISTORY_NONE);
}

XPBD_END_NAMESPACE

#endif
