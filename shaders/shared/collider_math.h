// Colliders (planes, spheres, capsules, boxes and signed-distance grids, static or kinematic) and the
// per-particle collision projection with Coulomb friction and restitution, shared by the GLSL passes
// and the CPU reference. SI units: m, s, rad.
//
// A kinematic collider moves rigidly: centre c(t) = c₀ + v t + A sin(2π f t) (a line, plus an optional
// oscillation of amplitude A and frequency f), orientation q(t) = rot(ω t) q₀ (ω about a fixed world
// axis through the centre). Planes do not move.
#ifndef VKXPBD_SHARED_COLLIDER_MATH_H
#define VKXPBD_SHARED_COLLIDER_MATH_H

#include "shared/xpbd_math.h"

XPBD_BEGIN_NAMESPACE

// Hamilton product of quaternions (x, y, z, w).
XPBD_FN vec4 quatMul(vec4 a, vec4 b) {
  return vec4(a.w * vec3(b) + b.w * vec3(a) + cross(vec3(a), vec3(b)), a.w * b.w - dot(vec3(a), vec3(b)));
}

XPBD_FN vec3 quatRotate(vec4 q, vec3 v) {
  vec3 u = vec3(q);
  return v + 2.0f * cross(u, cross(u, v) + q.w * v);
}

XPBD_FN vec4 quatConjugate(vec4 q) {
  return vec4(-q.x, -q.y, -q.z, q.w);
}

// Orientation at time t (s).
XPBD_FN vec4 colliderRotation(Collider c, float t) {
  vec3 w = vec3(c.angularVelocity);
  float speed = length(w);  // rad/s
  if (speed < 1e-12f) return c.rotation;
  float halfAngle = 0.5f * speed * t;  // rad
  vec4 turn = vec4(w * (sin(halfAngle) / speed), cos(halfAngle));
  return quatMul(turn, c.rotation);
}

// The centre's displacement from its place at t = 0 at time t (s): a straight line plus an optional
// oscillation about it. Kept apart from the place, so that far from the origin it is not rounded to the
// place's ulp (attached pins, shared/attach_math.h).
XPBD_FN vec3 colliderDisplacement(Collider c, float t) {
  float phase = 2.0f * VKXPBD_PI * c.oscillation.w * t;  // rad
  return vec3(c.linearVelocity) * t + vec3(c.oscillation) * sin(phase);
}

// Centre at time t (s).
XPBD_FN vec3 colliderCentre(Collider c, float t) {
  return vec3(c.position) + colliderDisplacement(c, t);
}

// Velocity of the collider's material at world point x (m/s): the derivative of the motion above.
XPBD_FN vec3 colliderSurfaceVelocity(Collider c, vec3 x, float t) {
  float omega = 2.0f * VKXPBD_PI * c.oscillation.w;  // rad/s
  vec3 centreVelocity = vec3(c.linearVelocity) + vec3(c.oscillation) * (omega * cos(omega * t));
  return centreVelocity + cross(vec3(c.angularVelocity), x - colliderCentre(c, t));
}

struct SurfacePoint {
  float distance;  // signed distance to the surface, m (negative inside)
  vec3 normal;     // outward unit normal, world space
};

// Signed distance of local point p to the shape (not for planes and grids).
XPBD_FN float shapeDistance(uint type, vec4 shape, vec3 p) {
  if (type == VKXPBD_COLLIDER_SPHERE) return length(p) - shape.w;
  if (type == VKXPBD_COLLIDER_CAPSULE) {
    // Segment from (−h, 0, 0) to (h, 0, 0), radius r.
    vec3 q = vec3(p.x - min(max(p.x, -shape.x), shape.x), p.y, p.z);
    return length(q) - shape.w;
  }
  // Box with half extents shape.xyz.
  vec3 d = abs(p) - vec3(shape);
  vec3 outside = max(d, vec3(0.0f));
  return length(outside) + min(max(d.x, max(d.y, d.z)), 0.0f);
}

// The outward normal by central differences of the distance (h = 1e-4 of the shape's size).
XPBD_FN vec3 shapeNormal(uint type, vec4 shape, vec3 p) {
  float h = 1e-4f * max(max(shape.x, shape.y), max(shape.z, shape.w));
  vec3 g = vec3(shapeDistance(type, shape, p + vec3(h, 0.0f, 0.0f)) -
                    shapeDistance(type, shape, p - vec3(h, 0.0f, 0.0f)),
                shapeDistance(type, shape, p + vec3(0.0f, h, 0.0f)) -
                    shapeDistance(type, shape, p - vec3(0.0f, h, 0.0f)),
                shapeDistance(type, shape, p + vec3(0.0f, 0.0f, h)) -
                    shapeDistance(type, shape, p - vec3(0.0f, 0.0f, h)));
  float len = length(g);
  return len > 0.0f ? g / len : vec3(0.0f, 1.0f, 0.0f);
}

// Trilinear interpolation of a signed-distance grid cell: corner values c[xyz] (m), fractional position
// f in [0,1]³, node spacing h (m); the distance and its gradient (the local outward normal, not normalised).
struct GridSample {
  float distance;
  vec3 gradient;
};

XPBD_FN GridSample trilinear(float c000, float c100, float c010, float c110, float c001, float c101,
                             float c011, float c111, vec3 f, float h) {
  float x00 = c000 + (c100 - c000) * f.x;
  float x10 = c010 + (c110 - c010) * f.x;
  float x01 = c001 + (c101 - c001) * f.x;
  float x11 = c011 + (c111 - c011) * f.x;
  float y0 = x00 + (x10 - x00) * f.y;
  float y1 = x01 + (x11 - x01) * f.y;
  GridSample s;
  s.distance = y0 + (y1 - y0) * f.z;
  float dx0 = (c100 - c000) + ((c110 - c010) - (c100 - c000)) * f.y;
  float dx1 = (c101 - c001) + ((c111 - c011) - (c101 - c001)) * f.y;
  float dy0 = x10 - x00;
  float dy1 = x11 - x01;
  s.gradient = vec3(dx0 + (dx1 - dx0) * f.z, dy0 + (dy1 - dy0) * f.z, y1 - y0) / h;
  return s;
}

// Where local point p falls in a grid of dims nodes from `origin` with spacing h: the cell's first node
// (clamped inside the grid) in xyz and the fractional position in w… returned as two parts.
struct GridCell {
  uint ix;
  uint iy;
  uint iz;
  vec3 f;         // fractional position in the cell, [0,1]³
  float outside;  // distance from p to the grid's box, m (0 inside)
};

XPBD_FN GridCell gridCell(vec3 p, vec3 origin, float h, uint dimX, uint dimY, uint dimZ) {
  vec3 extent = vec3(float(dimX - 1u), float(dimY - 1u), float(dimZ - 1u)) * h;
  vec3 clamped = min(max(p - origin, vec3(0.0f)), extent);
  GridCell g;
  g.outside = length(p - origin - clamped);
  vec3 u = clamped / h;
  g.ix = min(uint(u.x), dimX - 2u);
  g.iy = min(uint(u.y), dimY - 2u);
  g.iz = min(uint(u.z), dimZ - 2u);
  g.f = u - vec3(float(g.ix), float(g.iy), float(g.iz));
  return g;
}

// Friction between two surfaces: the mean of their coefficients; a body without its own (negative)
// takes the other's. Used per collider (collider and particle's body) and per particle pair.
XPBD_FN float combinedFriction(float a, float b) {
  if (b < 0.0f) return a;
  if (a < 0.0f) return b;
  return 0.5f * (a + b);
}

struct ColliderContact {
  vec3 delta;       // position change, m
  vec3 normal;      // outward unit normal at the contact, world space
  float touching;   // 1 when the particle touched the collider, else 0
  float slide;      // |Δ_t|: the tangential displacement relative to the surface over the substep, m
  float depth;      // thickness − d: the normal correction, m (0 when not touching)
  vec3 tangential;  // Δ_t itself (world space), m: what static friction removes
};

// World-space point x in the collider's local frame at time t.
XPBD_FN vec3 colliderLocal(Collider c, vec3 x, float t) {
  return quatRotate(quatConjugate(colliderRotation(c, t)), x - colliderCentre(c, t));
}

// Position change that keeps a particle `thickness` outside the collider, with friction. x: position now;
// xStart: at the start of the substep; t: time at the end of the substep; dt: substep (s). A signed
// distance grid's distance and normal (local space) come from the caller (gridDistance, gridNormal).
// stick > 0: the particle's body holds in its static cone as a whole (bodyStaticFriction below), so the
// particle sticks whatever its own ratio ‖Δ_t‖/depth.
XPBD_FN ColliderContact collideWithFriction(Collider c, vec3 x, vec3 xStart, float t, float dt,
                                            float thickness, float gridDistance, vec3 gridNormal,
                                            float staticFriction, float kineticFriction, float stick) {
  ColliderContact r;
  r.delta = vec3(0.0f);
  r.normal = vec3(0.0f, 1.0f, 0.0f);
  r.touching = 0.0f;
  r.slide = 0.0f;
  r.depth = 0.0f;
  r.tangential = vec3(0.0f);
  vec3 n;
  float dist;
  if (c.type == VKXPBD_COLLIDER_PLANE) {
    n = vec3(c.shape);
    dist = dot(n, x) - c.shape.w;
  } else {
    vec4 q = colliderRotation(c, t);
    vec3 local = colliderLocal(c, x, t);
    vec3 localNormal;
    if (c.type == VKXPBD_COLLIDER_SDF) {
      dist = gridDistance;
      localNormal = gridNormal;
    } else {
      dist = shapeDistance(c.type, c.shape, local);
      localNormal = shapeNormal(c.type, c.shape, local);
    }
    n = quatRotate(q, localNormal);
  }
  float depth = thickness - dist;  // m
  r.normal = n;
  if (depth <= 0.0f) return r;
  r.touching = 1.0f;
  r.depth = depth;
  vec3 delta = depth * n;
  // Friction: the particle's displacement over the substep relative to the collider's surface.
  vec3 rel = (x + delta - xStart) - colliderSurfaceVelocity(c, x, t) * dt;
  vec3 tangential = rel - dot(rel, n) * n;
  float slide = length(tangential);
  r.slide = slide;
  r.tangential = tangential;
  if (slide < staticFriction * depth || stick > 0.0f) {
    delta -= tangential;
  } else if (slide > VKXPBD_MIN_LENGTH) {
    delta -= tangential * min(kineticFriction * depth / slide, 1.0f);
  }
  r.delta = delta;
  return r;
}

// A solid body's static cone (docs/contacts.md). Deciding stick or slip per particle and per substep lets
// a block slide whose body as a whole would stick: the weight's moment unloads the uphill edge of its
// contact, and the block, set down undeformed, vibrates on its own stiffness, so that its contact load
// swings between about 0 and twice its weight; particles pass the cone ‖Δ_t‖ < μs·depth in the unloaded
// phases, slip with μk, and never stop again. So each solid body also tests Coulomb's cone on its whole
// contact and over time: with every particle held (stick), the friction impulse its contact needs is
// x = ‖Σ m Δ_t‖ (the vector sum, the body's friction impulse: a vibrating body's contact particles also
// move apart and together, and their corrections cancel in it; the sum of their lengths, used before,
// averaged 1.31 (Gauss-Seidel) and 1.83 (Jacobi) times the vector sum on the incline block of
// docs/contacts.md) against y = Σ m μs depth (kg·m); it keeps the surplus y − x averaged over
// VKXPBD_FRICTION_CONE_TIME (an exponential mean, which decays towards 0 while the body touches nothing),
// and while that mean is ≥ 0 every contact particle of the body sticks. Otherwise each particle keeps its own
// test, and the particles that slip feel μk. A sliding body has a large Δ_t (its velocity times Δt), so its
// surplus is negative and it slides on at the kinetic rate. m: the particle's mass (kg).
#define VKXPBD_FRICTION_CONE_TIME 0.1f  // s

// A particle's terms (m Δ_t, m μs depth), kg·m, summed over its colliders and then over its body.
XPBD_FN vec4 frictionConeTerms(ColliderContact r, float staticFriction, float mass) {
  return r.touching > 0.0f ? vec4(mass * r.tangential, mass * staticFriction * r.depth) : vec4(0.0f);
}

// The vector sum alone does not see a body that spins about its contact's normal (the corrections circle
// round and cancel), and such a body stuck at once and twisted back and forth (measured: a block spinning
// at 10 rad/s on the ground with μ = 0.5 stopped in 5 frames and then swung at ±3 rad/s in Jacobi mode,
// against the 11 frames of its friction torque). So the torque counts too: with the contact's centre of
// pressure c = Σ y r / Σ y (r: the particle's position, m) and its lever arm ρ = √(Σ y‖r − c‖² / Σ y),
// x = ‖Σ m Δ_t‖ + ‖Σ (r − c) × m Δ_t‖ / ρ (a friction force and torque that together stay inside the
// contact's limit, in a linear approximation of it). One pass over the particles: besides `sums`
// (frictionConeTerms), `pressure` = (Σ y r, Σ y‖r‖²) and `torque` = Σ r × m Δ_t, moved to c afterwards.
XPBD_FN vec4 frictionPressureTerms(vec4 terms, vec3 r) {
  return vec4(terms.w * r, terms.w * dot(r, r));
}

XPBD_FN vec4 frictionTorqueTerms(vec4 terms, vec3 r) {
  return vec4(cross(r, vec3(terms)), 0.0f);
}

// The body's cone (x, y), kg·m, from its three sums.
XPBD_FN vec2 frictionConeSums(vec4 sums, vec4 pressure, vec4 torque) {
  float x = length(vec3(sums));
  if (sums.w > 0.0f) {
    vec3 centre = vec3(pressure) / sums.w;
    float spread = pressure.w - sums.w * dot(centre, centre);     // Σ y‖r − c‖², kg·m³
    vec3 aboutCentre = vec3(torque) - cross(centre, vec3(sums));  // Σ (r − c) × m Δ_t, kg·m²
    if (spread > 0.0f) x += length(aboutCentre) * sqrt(sums.w / spread);
  }
  return vec2(x, sums.w);
}

// The body's mean surplus (kg·m) after a substep of dt (s) with sums `cone`. A substep without contact
// counts as a surplus of 0: a long flight forgets the ground, a hop of a substep does not. (It was reset to
// 0 at once: once the momentum projection moved positions (session 33), a 1 MPa block vibrating on the 20°
// incline in Jacobi mode, its whole base clear of the plane for one substep, lost its mean, slipped at the
// next and never stopped, since μk < tan θ: 0.36 m in 1 s.)
XPBD_FN float frictionConeSurplus(float previous, vec2 cone, float dt) {
  float surplus = cone.y > 0.0f ? cone.y - cone.x : 0.0f;  // kg·m
  return previous + min(dt / VKXPBD_FRICTION_CONE_TIME, 1.0f) * (surplus - previous);
}

XPBD_FN bool bodySticks(float surplus, vec2 cone) {
  return cone.y > 0.0f && surplus >= 0.0f;
}

// Restitution: a particle that touched the collider with its predicted velocity v* (m/s) pointing into it
// should leave with −e times that normal velocity (relative to the collider's surface), instead of the 0
// that the position projection gives. The velocity update computes v = v* + (x − x*)/Δt, so the change
// returned here is added to v* once the position x is final.
XPBD_FN vec3 restitutionChange(Collider c, vec3 x, vec3 xPredicted, vec3 vPredicted, vec3 normal, float t,
                               float invDt) {
  vec3 surface = colliderSurfaceVelocity(c, x, t);
  float before = dot(vPredicted - surface, normal);
  if (before >= 0.0f || c.restitution <= 0.0f) return vec3(0.0f);
  float after = dot(vPredicted + (x - xPredicted) * invDt - surface, normal);
  return normal * (-c.restitution * before - after);
}

XPBD_END_NAMESPACE

#ifdef __cplusplus
#include "shared/reduce_order.h"
namespace vkxpbd::gpu {
// The GPU reduction's summation order (friction_cone.comp, shared/reduce_order.h).
template <typename Element>
vec4 frictionConeReduce(uint32_t count, Element element) {
  return workGroupReduce<VKXPBD_MOMENTUM_REDUCE_SIZE>(count, vec4(0.0f), element,
                                                      [](vec4 a, vec4 b) { return a + b; });
}
}  // namespace vkxpbd::gpu
#endif

#endif
