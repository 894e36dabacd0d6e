#version 450
// Surface pass "tear check" (docs/tearing.md): once per frame, after the last substep; one thread per
// distance constraint. A constraint of a tearing body past its tear strain or force (shared/tear_math.h,
// the same test as Tearing::findBroken) appends its index to the broken list; the host reads the count
// (4 bytes) after the frame and, only when it is not zero, the list (sorted there) and the state.
#include "surface_common.glsl"
#include "shared/tear_math.h"

// Tearing with the hierarchy (pc.slotBase: its coarse levels, 0 without torn marks): the torn marks at the
// start of the hierarchy buffer, set with the CPU reference's code (shared/hierarchy_tear.h).
layout(std430, set = 0, binding = VKXPBD_SURFACE_BINDING_HIERARCHY) restrict buffer HierarchyWords { uint hierarchyWords[]; };
uint hmWord(uint i) { return hierarchyWords[i]; }
uint hmOr(uint i, uint bits) { return atomicOr(hierarchyWords[i], bits); }
#include "shared/hierarchy_tear.h"

void main() {
  uint k = threadIndex();
  if (k >= pc.count) return;
  DistanceConstraint c = distance[k];
  if (c.a == c.b) return;  // removed by an earlier tear
  uint body = tearBody[c.a];
  if (body == VKXPBD_NONE || tearBody[c.b] != body) return;
  vec4 limits = tearLimits[body];
  if (!tearBreaks(positions[c.a].xyz, positions[c.b].xyz, c.restLength, limits.x, lambda[k], params.alphaScale,
                  limits.y))
    return;
  tearBroken[atomicAdd(tearCount, 1u)] = k;
  if (pc.slotBase != 0u) {
    markTornParticle(c.a, pc.slotBase);
    markTornParticle(c.b, pc.slotBase);
  }
}
