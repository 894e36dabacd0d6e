// The contact cascade (docs/contacts.md, "Contacts seen by the coarse levels"): for a body whose hierarchy
// sets "contacts", each substep after the constraints and before `collide`, every particle that lies inside
// a collider pushes the coarse levels out, coarsest first. A contact particle stands on level l for the
// point Σ a_q X_q of level-l particles q (its composed prolongation weights a, the K largest kept and
// summing to 1), whose displacement since the cascade's start is d = Σ a_q (x_q − s_q) and whose
// generalised inverse mass is W = Σ a_q² w_q (w_q: q's inverse mass at level l). Each contact moves that
// point out to the surface (its normal push) and, on level 1 only, takes out its slip within Coulomb's
// cone of its normal impulse over all levels (each level's push / W times the share of it that the
// averaging below lets reach the level, cascadeCorrection). Every
// particle q of the level then moves by the average over the contacts that share it of w_q a_q c / W (a
// contact's correction c spread by its weights; the average keeps the simultaneous pushes stable), and
// the level's left-out particles follow their parents' motion since the cascade's start (prolongation).
// Shared by the GPU passes (shaders/cascade_*.comp) and the CPU reference (CpuSolver::cascade*).
#ifndef VKXPBD_SHARED_CASCADE_MATH_H
#define VKXPBD_SHARED_CASCADE_MATH_H

#include "shared/collider_math.h"
#include "shared/gpu_types.h"

XPBD_BEGIN_NAMESPACE

// Composed weights kept per contact particle and level.
#define VKXPBD_CASCADE_WEIGHTS 8u
// How fast (m/s) the cascade takes a body out of a penetration that was there before the substep (a body
// placed overlapping a collider, or a corner its own constraints drive in): the substep's approach, at the
// predicted velocity, it undoes whole, and then pushes no faster than this. Without this bound it lifts a
// whole body out of a deep overlap at once and launches it (a rigid cube set down 7 cm deep on one corner
// flew 2 m); the fine collide still pushes each particle out.
#define VKXPBD_CASCADE_DEPENETRATION_SPEED 1.0f
// vec4s per cascade particle (its entry), from the cascade's base in the hierarchy buffer:
#define VKXPBD_CASCADE_ENTRY_VEC4S 6u
#define VKXPBD_CASCADE_PARTICLE 0u  // x: the particle (uint bits); y: contacts sharing it on the level now
#define VKXPBD_CASCADE_START 1u     // xyz: its low part at the cascade's start (m)
#define VKXPBD_CASCADE_CONTACT 2u   // xyz: the collider's outward normal, w: depth (m); w = 0: no contact
#define VKXPBD_CASCADE_SLIP 3u  // xyz: tangential slip over the substep so far (m), w: normal impulse (kg·m)
#define VKXPBD_CASCADE_FRICTION 4u  // x: μs, y: μk (combined with the body's)
// xyz: this level's correction / W (kg·m), w: 1 when W > 0 (the contact has a point on the level)
#define VKXPBD_CASCADE_CORRECTION 5u

// A contact point's state on one level.
struct CascadeContact {
  vec3 normal;      // outward unit normal of the deepest collider
  float depth;      // how far inside at the cascade's start, m (0: no contact)
  vec3 slip;        // the slip it had before the cascade (tangential, relative to the surface), m
  float pushed;     // its normal impulse over the levels solved so far (mass × displacement), kg·m
  float muStatic;   // static friction coefficient
  float muKinetic;  // kinetic friction coefficient
};

// No contact yet (the detection keeps the deepest collider).
XPBD_FN CascadeContact noCascadeContact() {
  CascadeContact c;
  c.normal = vec3(0.0f, 1.0f, 0.0f);
  c.depth = 0.0f;
  c.slip = vec3(0.0f);
  c.pushed = 0.0f;
  c.muStatic = 0.0f;
  c.muKinetic = 0.0f;
  return c;
}

// The detection, one collider c (in the particle's frame) at a time: `best` or, when the particle at low
// part p lies deeper inside c, c's contact (its depth: what the cascade takes out, at most what leaves the
// particle, at its predicted velocity vPredicted, moving out at VKXPBD_CASCADE_DEPENETRATION_SPEED), its slip
// over the substep since `start` (the substep's start, relative to the surface's motion) and its friction
// coefficients (muStatic, muKinetic: already combined with the body's). gridDistance, gridNormal: a
// signed-distance grid's sample, as for collide.
XPBD_FN CascadeContact deeperCascadeContact(CascadeContact best, Collider c, vec3 p, vec3 start,
                                            vec3 vPredicted, float t, float dt, float thickness,
                                            float gridDistance, vec3 gridNormal, float muStatic,
                                            float muKinetic) {
  ColliderContact k =
      collideWithFriction(c, p, p, t, dt, thickness, gridDistance, gridNormal, 0.0f, 0.0f, 0.0f);
  if (k.depth <= 0.0f) return best;
  vec3 surface = colliderSurfaceVelocity(c, p, t);
  vec3 moved = (p - start) - surface * dt;
  // At most what leaves the particle moving out at the depenetration speed (v* · n: its predicted velocity
  // relative to the surface, negative into it).
  float allowed = max(VKXPBD_CASCADE_DEPENETRATION_SPEED - dot(vPredicted - surface, k.normal), 0.0f) * dt;
  float depth = min(k.depth, allowed);
  if (depth <= best.depth) return best;
  best.normal = k.normal;
  best.depth = depth;
  best.slip = moved - dot(moved, k.normal) * k.normal;
  best.muStatic = muStatic;
  best.muKinetic = muKinetic;
  return best;
}

struct CascadeCorrection {
  vec3 correction;  // of the contact's point on the level, m
  float pushed;     // the contact's CascadeContact::pushed after this level, kg·m
};

// Contact c's correction of its level-l point (displacement d since the cascade's start, generalised
// inverse mass invMass = W > 0, 1/kg), and its normal impulse so far (as mass × displacement) with this
// level's added. `share` = Σ a_q / n_q over its weights (n_q: the contacts sharing q, whose corrections q
// averages): the part of its correction / W that reaches the level as impulse. `friction`: this level also
// takes out the slip within Coulomb's cone of that impulse, asking for as much more as the averaging takes
// away (1 / share).
XPBD_FN CascadeCorrection cascadeCorrection(CascadeContact c, vec3 d, float invMass, float share,
                                            bool friction) {
  CascadeCorrection r;
  r.correction = vec3(0.0f);
  r.pushed = c.pushed;
  float s = dot(c.normal, d);
  if (s < c.depth) {
    r.correction = c.normal * (c.depth - s);
    r.pushed += (c.depth - s) * max(share, 0.0f) / invMass;
  }
  if (friction && share > 0.0f) {
    // The slip now: before the cascade plus the tangential part of what the cascade moved the point.
    vec3 slip = c.slip + (d - dot(d, c.normal) * c.normal);
    float slide = length(slip);
    float budget = r.pushed * invMass / share;  // the whole normal impulse as a request on this point, m
    if (slide > 0.0f) {
      float removed = slide < c.muStatic * budget ? 1.0f : min(1.0f, c.muKinetic * budget / slide);
      r.correction -= slip * removed;
    }
  }
  return r;
}

XPBD_END_NAMESPACE

#endif
