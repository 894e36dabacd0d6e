// Pins attached to a collider (docs/attachments.md), shared by the GLSL predict pass and the CPU
// reference. A pin attached to collider c keeps its rest target's offset from c at t = 0 in c's local
// frame: at time t it is at c(t) + q(t)·local, local = q₀⁻¹·(target − c₀). SI units: m, s.
#ifndef VKXPBD_SHARED_ATTACH_MATH_H
#define VKXPBD_SHARED_ATTACH_MATH_H

#include "shared/collider_math.h"
#include "shared/position_math.h"

XPBD_BEGIN_NAMESPACE

// Displacement (m) of an attached pin from its rest target target + targetLow (m, world; Pin) at time t
// (s), the same role as pinOffset for a moving pin: the pin is at the rest target + this. Written as the
// centre's displacement plus the change of the rotated offset, so that no term carries the distance to
// the world origin.
XPBD_FN vec3 attachedPinOffset(Collider c, vec3 target, vec3 targetLow, float t) {
  XPBD_PRECISE vec3 r0 = (target - vec3(c.position)) + targetLow;  // offset at t = 0, world axes (m)
  vec3 local = quatRotate(quatConjugate(c.rotation), r0);          // the same in the collider's frame (m)
  vec3 shift = colliderDisplacement(c, t);                         // the centre's displacement (m)
  return shift + (quatRotate(colliderRotation(c, t), local) - r0);
}

XPBD_END_NAMESPACE

#endif
