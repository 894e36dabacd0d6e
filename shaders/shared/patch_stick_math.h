// The whole-body stick of a solid body with the contact cascade (docs/contacts.md, "A solid body's static
// friction with the cascade: the patch stick"), shared by patch_stick.comp and the CPU reference.
//
// Why: with the cascade the coarse levels carry a solid body's weight to the ground, so collide's own
// pushes, from which the body's static cone decides stick, are small; and a stick at the contact
// particles (collide's, or the cascade's at level 1) stops the patch while the rest of the body keeps its
// momentum and drags it on. So the cone also counts the cascade's contacts (cascadeConeTerms), and when it
// says stick:
// 1. The body moves rigidly, after the cascade, so that its rigid motion over the substep at the contact
//    patch's centre (its mean velocity plus its mean turn, I⁻¹L, about the centre of mass, from the substep's
//    motion so far) has no tangential part: a position impulse P at the patch's centre, the body moving by
//    P/M and turning by I⁻¹(r × P + Q). Q is the moment the patch's support takes: a flat base resists
//    tipping up to its normal impulse N × its mean radius ρ (the centre of pressure can move that far), a
//    ball's single contact does not, so a block holds in place and a ball rolls. The turn about the contact
//    normal is left out: a sticking patch resists twisting by its torsional friction (the cone tests the
//    torque).
// 2. Each contact particle's own slip that is left (the body's vibration: its patch breathing and shearing)
//    is taken out where it is, as collide's stick does.
// Why the rigid motion and not the contact particles' mean slip (session 35): the patch's mean slip also
// holds the body's elastic vibration, and a rigid move that cancels it gives the whole body a velocity its
// centre of mass did not have. That pumped energy into a body the Jacobi mode leaves soft: the 1 MPa block
// on the 20° incline kept vibrating, its contacts lifted and landed further down, and it crept 23 mm in 4 s
// (and 0.8 mJ stayed in a block on level ground). Now a stuck body's rigid motion stops, its vibration is
// held locally and dies out.
#ifndef VKXPBD_SHARED_PATCH_STICK_MATH_H
#define VKXPBD_SHARED_PATCH_STICK_MATH_H

#include "shared/momentum_math.h"

XPBD_BEGIN_NAMESPACE

// A cascade contact's terms for its body's static cone, in collide's units (frictionConeTerms, kg·m): its
// slip over the substep (before the cascade plus the tangential part of what the cascade moved its level-1
// point, d) × share / W, the part of the point's generalised mass that the averaging passes on, and μs × its
// whole normal impulse (all levels, `pushed`).
XPBD_FN vec4 cascadeConeTerms(vec3 slipBefore, vec3 normal, vec3 d, float invMass, float share,
                              float muStatic, float pushed) {
  vec3 slip = slipBefore + (d - dot(d, normal) * normal);
  return vec4(slip * (share / invMass), muStatic * pushed);
}

// The sums over a body's cascade contacts, positions q relative to the body's first particle (m), masses m
// (kg).
struct PatchSums {
  vec4 first;   // xyz Σ m q (kg·m), w Σ m (kg)
  vec4 load;    // x Σ N (kg·m), the contacts' normal impulses; yzw 0
  vec4 normal;  // xyz Σ n, w the number of contacts
};

XPBD_FN PatchSums noPatchSums() {
  PatchSums r;
  r.first = vec4(0.0f);
  r.load = vec4(0.0f);
  r.normal = vec4(0.0f);
  return r;
}

// One contact particle: q relative to the body's first particle (m), its contact (unit normal, normal
// impulse N in kg·m), m (kg).
XPBD_FN PatchSums patchTerms(vec3 q, vec4 contact, float m) {
  PatchSums r;
  r.first = vec4(m * q, m);
  r.load = vec4(contact.w, 0.0f, 0.0f, 0.0f);
  r.normal = vec4(vec3(contact), 1.0f);
  return r;
}

XPBD_FN PatchSums addPatchSums(PatchSums a, PatchSums b) {
  a.first += b.first;
  a.load += b.load;
  a.normal += b.normal;
  return a;
}

// Whether a particle's cascade contact word holds a contact (a unit normal; 0 without one).
XPBD_FN bool hasPatchContact(vec4 contact) {
  return dot(vec3(contact), vec3(contact)) > 0.5f;
}

// The patch's centre (xyz, relative to the body's first particle, m) and its unit normal, from its sums;
// w of the normal 0 where there is no patch.
XPBD_FN vec3 patchCentroid(PatchSums p) {
  return p.first.w > 0.0f ? vec3(p.first) / p.first.w : vec3(0.0f);
}

XPBD_FN vec4 patchNormal(PatchSums p) {
  float l = length(vec3(p.normal));
  return p.normal.w > 0.0f && l > 0.0f ? vec4(vec3(p.normal) / l, 1.0f) : vec4(0.0f);
}

// A contact's tangential distance from the patch's centre (m), summed for the patch's mean radius ρ.
XPBD_FN float patchRadiusTerm(vec3 q, vec3 centre, vec3 normal) {
  vec3 d = q - centre;
  return length(d - dot(d, normal) * normal);
}

// The move of a particle at q (relative to the body's first particle, m).
XPBD_FN vec3 patchStickDisplacement(MomentumFix f, vec3 q) {
  return vec3(f.shift) + cross(vec3(f.rotation), q - vec3(f.centre));
}

// The body's rigid move (MomentumFix's fields: shift, rotation, centre relative to the body's first
// particle; Δq = shift + rotation × (q − centre)) that stops its rigid slip at the patch. body: the body's
// momentumTerms sums with each particle's motion over the substep so far (x − (x* − v*Δt), m), contacts: its
// contact patch's sums, radiusSum: Σ patchRadiusTerm.
XPBD_FN MomentumFix patchStickMove(MomentumSums body, PatchSums contacts, float radiusSum) {
  MomentumFix f;
  f.shift = vec4(0.0f);
  f.rotation = vec4(0.0f);
  f.centre = vec4(0.0f);
  float M = body.first.w;
  vec4 n4 = patchNormal(contacts);
  if (!(M > 0.0f) || n4.w == 0.0f || !(contacts.first.w > 0.0f)) return f;
  vec3 n = vec3(n4);
  vec3 c = vec3(body.first) / M;
  Inertia I = inertiaAbout(body, c);
  vec3 r = patchCentroid(contacts) - c;  // m
  // The body's rigid motion at the patch's centre, tangential: the momentum projection's rigid fit of the
  // substep's motion (its mean displacement and its mean turn I⁻¹L about c; no turn for a body on a line).
  vec3 rigid = patchStickDisplacement(momentumFix(body, vec3(0.0f)), patchCentroid(contacts));  // m
  vec3 slip = rigid - dot(rigid, n) * n;                                                        // m
  float limit = contacts.load.x * radiusSum / contacts.normal.w;  // N ρ, kg·m²
  // The support's moment: the whole tipping moment of the pure translation P₀ = −M·slip (the moment about
  // the axes across the normal), scaled down to N ρ where that is more. Then P from the patch's response
  // K P = −slip − (I⁻¹Q) × r with K = 1/M − [r]× I⁻¹ [r]× (symmetric), column by column: no branch, so a
  // move changes continuously with its inputs (a switch between two formulas made the GPU and the CPU part
  // where rounding put them on different sides of it).
  vec3 P = -M * slip;  // kg·m
  vec3 Q = -cross(r, P);
  Q -= dot(Q, n) * n;
  float q = length(Q);
  if (q > limit) Q *= limit / q;
  vec3 kx =
      vec3(1.0f / M, 0.0f, 0.0f) + cross(vec3(inverseInertiaTimes(I, cross(r, vec3(1.0f, 0.0f, 0.0f)))), r);
  vec3 ky =
      vec3(0.0f, 1.0f / M, 0.0f) + cross(vec3(inverseInertiaTimes(I, cross(r, vec3(0.0f, 1.0f, 0.0f)))), r);
  vec3 kz =
      vec3(0.0f, 0.0f, 1.0f / M) + cross(vec3(inverseInertiaTimes(I, cross(r, vec3(0.0f, 0.0f, 1.0f)))), r);
  vec3 rhs = -slip - cross(vec3(inverseInertiaTimes(I, Q)), r);
  vec4 solved = solveSymmetric3(kx.x, ky.y, kz.z, kx.y, kx.z, ky.z, rhs);
  if (solved.w > 0.0f) P = vec3(solved);
  vec3 theta = vec3(inverseInertiaTimes(I, cross(r, P) + Q));
  theta -= dot(theta, n) * n;  // no twist about the normal
  f.shift = vec4(P / M, 0.0f);
  f.rotation = vec4(theta, 0.0f);
  f.centre = vec4(c, 0.0f);
  return f;
}

// What takes out a contact particle's own slip over the substep, after the rigid move: the tangential
// part (to its contact's normal) of its motion `moved` (x − (x* − v*Δt), m), reversed.
XPBD_FN vec3 patchContactStick(vec3 moved, vec4 contact) {
  vec3 n = vec3(contact);
  return dot(n, moved) * n - moved;
}

XPBD_END_NAMESPACE

#ifdef __cplusplus
#include "shared/reduce_order.h"
namespace vkxpbd::gpu {
// The GPU reduction's summation order (patch_stick.comp, shared/reduce_order.h).
template <typename Element>
PatchSums patchReduce(uint32_t count, Element element) {
  return workGroupReduce<VKXPBD_MOMENTUM_REDUCE_SIZE>(count, noPatchSums(), element, addPatchSums);
}
}  // namespace vkxpbd::gpu
#endif

#endif
