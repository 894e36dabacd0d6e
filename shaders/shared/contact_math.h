// Particle–particle contacts (self-collision and body–body collision), shared by the GLSL passes and
// the CPU reference: the spatial hash's cell function and the contact projection with friction.
//
// Every particle is a sphere of diameter d (the contact distance, m): two particles closer than d push
// apart along the line between them, C = |x_i − x_j| − d ≥ 0. Friction acts on the relative tangential
// displacement over the substep at position level (Coulomb): below μs·depth it is cancelled (static),
// above it is reduced by μk·depth (kinetic).
#ifndef VKXPBD_SHARED_CONTACT_MATH_H
#define VKXPBD_SHARED_CONTACT_MATH_H

#include "shared/xpbd_math.h"

XPBD_BEGIN_NAMESPACE

// Bucket of the hash table (tableMask + 1 buckets, a power of two) for the integer cell c.
XPBD_FN uint hashBucket(int cx, int cy, int cz, uint tableMask) {
  uint h = (uint(cx) * 73856093u) ^ (uint(cy) * 19349663u) ^ (uint(cz) * 83492791u);
  return h & tableMask;
}

// Integer cell coordinate of x along one axis for cells of 1/invCellSize m.
XPBD_FN int cellCoordinate(float x, float invCellSize) {
  return int(floor(x * invCellSize));
}

// Whether the particles a and b touch (closer than the contact distance d, m; wa, wb inverse masses, 1/kg).
// particleContactImpulse uses the same test.
XPBD_FN bool particlesTouch(vec3 xa, vec3 xb, float wa, float wb, float d) {
  float len = length(xa - xb);
  return len < d && len >= VKXPBD_MIN_LENGTH && wa + wb > 0.0f;
}

// Contact of the particle pair (a, b), evaluated once for the pair: both particles' threads call it with
// the same arguments (a the lower index, positions in a's frame), so both get the same bits. Returns the
// impulse p (kg·m) in .xyz, with Δx_a = w_a·p and Δx_b = −w_b·p, so m_a·Δx_a + m_b·Δx_b = 0; .w = 1 when
// the pair touches, else 0 and p = 0. xaStart, xbStart: positions at the start of the substep (m, for
// friction); wa, wb: inverse masses (1/kg); d: contact distance (m).
XPBD_FN vec4 particleContactImpulse(vec3 xa, vec3 xb, vec3 xaStart, vec3 xbStart, float wa, float wb, float d,
                                    float staticFriction, float kineticFriction) {
  if (!particlesTouch(xa, xb, wa, wb, d)) return vec4(0.0f);
  vec3 dx = xa - xb;
  float len = length(dx);
  vec3 n = dx / len;
  float depth = d - len;          // m
  float invW = 1.0f / (wa + wb);  // kg
  // Relative tangential displacement over the substep (m).
  vec3 rel = (xa - xaStart) - (xb - xbStart);
  vec3 tangential = rel - dot(rel, n) * n;
  float slide = length(tangential);
  vec3 push = depth * n;  // change of the relative position, m
  if (slide < staticFriction * depth) {
    push -= tangential;
  } else if (slide > VKXPBD_MIN_LENGTH) {
    push -= tangential * min(kineticFriction * depth / slide, 1.0f);
  }
  return vec4(invW * push, 1.0f);
}

// Step scale of a contact from the touching counts of its particles: 1 / the largest count, the same for
// every particle of the contact, so the contact's corrections stay equal and opposite (momentum is kept)
// while no particle moves by more than the mean of its corrections.
XPBD_FN float contactScale(uint largestCount) {
  return 1.0f / float(max(largestCount, 1u));
}

// The scale of a particle pair's correction, the same for both sides so that the pair conserves momentum:
// 2/(count_i + count_j), the inverse of the mean of the two touching counts. (1/max(count_i, count_j)
// also conserves it but under-corrects a particle next to a crowded one: with it the shipped cloth_fold
// scene unfolded flat by frame 90 instead of staying folded, as it does with the mean and did with the
// old per-particle averaging; seen in rendered frames.) The scales of a particle's pairs may sum to more
// than 1 (at most 2), like an over-relaxed Jacobi step.
XPBD_FN float contactPairScale(uint countI, uint countJ) {
  return 2.0f / float(max(countI + countJ, 2u));
}

// Closest point to q on the triangle (a, b, c), edges and corners included (Voronoi regions of the
// corners, then of the edges, then the face).
XPBD_FN vec3 closestPointOnTriangle(vec3 q, vec3 a, vec3 b, vec3 c) {
  vec3 ab = b - a;
  vec3 ac = c - a;
  vec3 aq = q - a;
  float d1 = dot(ab, aq);
  float d2 = dot(ac, aq);
  if (d1 <= 0.0f && d2 <= 0.0f) return a;
  vec3 bq = q - b;
  float d3 = dot(ab, bq);
  float d4 = dot(ac, bq);
  if (d3 >= 0.0f && d4 <= d3) return b;
  float vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) return a + (d1 / (d1 - d3)) * ab;
  vec3 cq = q - c;
  float d5 = dot(ab, cq);
  float d6 = dot(ac, cq);
  if (d6 >= 0.0f && d5 <= d6) return c;
  float vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) return a + (d2 / (d2 - d6)) * ac;
  float va = d3 * d6 - d5 * d4;
  if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f)
    return b + ((d4 - d3) / ((d4 - d3) + (d5 - d6))) * (c - b);
  float denom = va + vb + vc;
  if (abs(denom) < VKXPBD_MIN_LENGTH * VKXPBD_MIN_LENGTH) return a;  // degenerate triangle
  return a + ab * (vb / denom) + ac * (vc / denom);
}

// Barycentric coordinates of q's projection onto the plane of (a, b, c); x = 2 marks a degenerate
// triangle (no coordinate of a real projection is 2 when all are >= 0).
XPBD_FN vec3 projectedBarycentrics(vec3 q, vec3 a, vec3 b, vec3 c) {
  vec3 e0 = b - a;
  vec3 e1 = c - a;
  vec3 e2 = q - a;
  float d00 = dot(e0, e0);
  float d01 = dot(e0, e1);
  float d11 = dot(e1, e1);
  float d20 = dot(e2, e0);
  float d21 = dot(e2, e1);
  float denom = d00 * d11 - d01 * d01;
  if (denom <= 1e-12f * d00 * d11) return vec3(2.0f, -1.0f, -1.0f);
  float v = (d11 * d20 - d01 * d21) / denom;
  float w = (d00 * d21 - d01 * d20) / denom;
  return vec3(1.0f - v - w, v, w);
}

// The corrections of one point–triangle contact (zero and touching = 0 when they do not touch).
struct PointTriangleCorrection {
  vec3 dq;  // position change of the point, m
  vec3 d0;  // of the triangle's corners, m
  vec3 d1;
  vec3 d2;
  vec3 impulse;   // kg·m: dq = w_q·impulse, d_k = −b_k·w_k·impulse
  vec3 b;         // barycentric coordinates of the surface point
  uint touching;  // 1 when the contact acts
};

// Point–triangle contact: the point q must stay at least d from the triangle, on the side where it was
// at the start of the substep (so a point that crossed during the substep is pulled back):
//   C = s·(q − p)·n − d ≥ 0,  p = Σ b_k x_k,  n the unit normal, s = ±1 the side at the start.
// Gradients (b and n held fixed): ∇_q C = s·n, ∇_k C = −b_k·s·n. Only contacts whose projection falls
// inside the triangle are taken; near edges and corners the neighbouring triangles and the
// particle–particle contacts act. Friction on the point's displacement relative to the surface point p
// over the substep, as in particleContactDelta. Linear momentum is kept: Σ m·Δx = 0 since Σ b_k = 1.
XPBD_FN PointTriangleCorrection pointTriangleContact(vec3 q, vec3 x0, vec3 x1, vec3 x2, vec3 qStart,
                                                     vec3 x0Start, vec3 x1Start, vec3 x2Start, vec4 w,
                                                     float d, float staticFriction, float kineticFriction) {
  PointTriangleCorrection r;
  r.dq = vec3(0.0f);
  r.d0 = vec3(0.0f);
  r.d1 = vec3(0.0f);
  r.d2 = vec3(0.0f);
  r.impulse = vec3(0.0f);
  r.b = vec3(0.0f);
  r.touching = 0u;
  vec3 normal = cross(x1 - x0, x2 - x0);
  float area2 = length(normal);  // twice the area, m²
  vec3 b = projectedBarycentrics(q, x0, x1, x2);
  if (area2 < VKXPBD_MIN_LENGTH || min(b.x, min(b.y, b.z)) < 0.0f) return r;
  vec3 n = normal / area2;
  vec3 startNormal = cross(x1Start - x0Start, x2Start - x0Start);
  vec3 startPoint = b.x * x0Start + b.y * x1Start + b.z * x2Start;
  if (dot(qStart - startPoint, startNormal) < 0.0f) n = -n;
  vec3 p = b.x * x0 + b.y * x1 + b.z * x2;
  float C = dot(q - p, n) - d;  // m
  // w: inverse masses of q, x0, x1, x2 (1/kg); W the generalised inverse mass along n.
  float W = w.x + b.x * b.x * w.y + b.y * b.y * w.z + b.z * b.z * w.w;
  if (C >= 0.0f || W <= 0.0f) return r;
  float deltaLambda = -C / W;  // kg·m
  // Friction: the relative tangential displacement over the substep, reduced (Coulomb, position level).
  vec3 rel = (q - qStart) - (b.x * (x0 - x0Start) + b.y * (x1 - x1Start) + b.z * (x2 - x2Start));
  vec3 tangential = rel - dot(rel, n) * n;
  float slide = length(tangential);
  float depth = -C;
  vec3 removed = vec3(0.0f);  // change of the relative tangential displacement is −removed
  if (slide < staticFriction * depth) {
    removed = tangential;
  } else if (slide > VKXPBD_MIN_LENGTH) {
    removed = tangential * min(kineticFriction * depth / slide, 1.0f);
  }
  vec3 impulse =
      deltaLambda * n - removed / W;  // kg·m: the point gets w_q·impulse, corner k −b_k·w_k·impulse
  r.dq = w.x * impulse;
  r.d0 = -(b.x * w.y) * impulse;
  r.d1 = -(b.y * w.z) * impulse;
  r.d2 = -(b.z * w.w) * impulse;
  r.impulse = impulse;
  r.b = b;
  r.touching = 1u;
  return r;
}

// Point–triangle corrections are summed with integer atomics (order-independent, so deterministic):
// metres in fixed point, 2^-28 m resolution, ±2^30 clamp (±4 m per particle and iteration).
#define VKXPBD_CONTACT_FIXED_SCALE 268435456.0f
XPBD_FN int toContactFixed(float metres) {
  return int(floor(min(max(metres * VKXPBD_CONTACT_FIXED_SCALE, -1073741824.0f), 1073741824.0f) + 0.5f));
}
XPBD_FN float fromContactFixed(int fixedMetres) {
  return float(fixedMetres) / VKXPBD_CONTACT_FIXED_SCALE;
}

// Layout of the CONTACTS buffer (uint): [N counts][overflow][N·K particle lists], then with triangle
// contacts [N triangle counts][triangle overflow][N·Kt triangle lists][4N: fixed-point sums x, y, z and
// the touching triangle contacts][N·Kt·6 triangle contacts of the iteration: impulse (kg·m) and
// barycentrics as float bits; barycentric x < 0 marks a contact that does not act].
XPBD_FN uint contactTriangleCountBase(uint particles, uint maxNeighbours) {
  return particles * (1u + maxNeighbours) + 1u;
}
XPBD_FN uint contactTriangleListBase(uint particles, uint maxNeighbours) {
  return contactTriangleCountBase(particles, maxNeighbours) + particles + 1u;
}
XPBD_FN uint contactSumBase(uint particles, uint maxNeighbours, uint maxTriangles) {
  return contactTriangleListBase(particles, maxNeighbours) + particles * maxTriangles;
}
XPBD_FN uint contactResultBase(uint particles, uint maxNeighbours, uint maxTriangles) {
  return contactSumBase(particles, maxNeighbours, maxTriangles) + 4u * particles;
}

XPBD_END_NAMESPACE

#endif
