// Collide without turning a tetrahedron inside out (issue 12 part 5, docs/constraints.md). At an impact
// the elements push a crushed corner particle below the collider, and collide, after them, lifted it
// straight up through its own tetrahedra. The collide limit pass, before collide, bounds the fraction s
// of each particle's collide move that its incident tetrahedra allow: none of them may lose more than
// 1 − VKXPBD_COLLIDE_KEEP_VOLUME of its signed volume (taken before collide, with the other corners where
// they are) to this particle's move; the elements carry the rest over the next substeps. A tetrahedron's
// volume is linear in each corner, so the bound is exact for the particle's own move. Shared by the GLSL
// pass and the CPU reference.
#ifndef VKXPBD_SHARED_COLLIDE_LIMIT_H
#define VKXPBD_SHARED_COLLIDE_LIMIT_H

#include "shared/xpbd_math.h"

#define VKXPBD_COLLIDE_KEEP_VOLUME 0.2f
#define VKXPBD_COLLIDE_CRUSHED 0.01f  // below this fraction of its rest volume a tetrahedron does not limit

XPBD_BEGIN_NAMESPACE

// A tetrahedron's rest volume V₀ (m³): a tet volume element keeps it, a Neo-Hookean one has the rows
// q0, q1, q2 of D_m⁻¹ (element data), whose determinant is 1/(6 V₀).
XPBD_FN float tetRestVolume(ElementConstraint e, vec4 q0, vec4 q1, vec4 q2) {
  if (e.type == VKXPBD_ELEMENT_TET_VOLUME) return e.rest;
  return 1.0f / (6.0f * dot(vec3(q0), cross(vec3(q1), vec3(q2))));
}

// The bound s (in [0, 1], starting from `bound`) after one incident tetrahedron of signed volume
// `volume` (m³, rest volume `restVolume`) whose volume gradient at this particle is `gradient` (m²), for
// the collide move delta (m). A tetrahedron already below VKXPBD_COLLIDE_CRUSHED of its rest volume
// (flat or inverted) does not limit: the elements restore it, and a body crushed flat is not held under
// the collider by it.
XPBD_FN float collideLimitOfTet(vec3 gradient, float volume, float restVolume, vec3 delta, float bound) {
  float change = dot(gradient, delta);  // m³: the volume change of the whole move
  if (change >= 0.0f || volume < VKXPBD_COLLIDE_CRUSHED * restVolume) return bound;
  float allowed = (VKXPBD_COLLIDE_KEEP_VOLUME - 1.0f) * volume;  // m³, < 0
  if (change >= allowed) return bound;
  return min(bound, allowed / change);
}

// The collide move of a particle at low part lo to p, taken s times (collide keeps p itself when s is 1,
// so that nothing changes where no tetrahedron limits it).
XPBD_FN vec3 limitedCollide(vec3 lo, vec3 p, float s) {
  return s < 1.0f ? lo + s * (p - lo) : p;
}

XPBD_END_NAMESPACE

#endif
