#version 450
// Surface pass "tear check" (docs/tearing.md): once per frame, after the last substep; one thread per
// distance constraint (pc.count of them). A constraint past its tear strain or force (shared/tear_math.h,
// the same test as Tearing::findBroken) sets its flag in the broken list to 1 + its strain bin
// (tearStrainBin), raises the flag of its block of VKXPBD_TEAR_SPLIT_PER_CHUNK constraints after the
// flags to at least that (so the split skips blocks with nothing it takes), counts itself in its bin
// after the block flags, and in the total; the frame's first command cleared the list. The tear split
// pass then breaks the flagged ones (the most strained 256 when more) in layout order and leaves their
// indices, sorted, at the list's front; where the host splits instead, it reads the flags.
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
  // How far past its limit (the strain bin, shared/tear_math.h): the split takes the most strained
  // first when the frame flags more than it breaks.
  uint bin = tearStrainBin(positions[c.a].xyz, positions[c.b].xyz, c.restLength, limits.x, lambda[k],
                           params.alphaScale, limits.y);
  tearBroken[k] = 1u + bin;
  atomicMax(tearBroken[pc.count + k / VKXPBD_TEAR_SPLIT_PER_CHUNK], 1u + bin);
  uint blocks = (pc.count + VKXPBD_TEAR_SPLIT_PER_CHUNK - 1u) / VKXPBD_TEAR_SPLIT_PER_CHUNK;
  atomicAdd(tearBroken[pc.count + blocks + bin], 1u);
  atomicAdd(tearCount, 1u);
  if (pc.slotBase != 0u) {
    markTornParticle(c.a, pc.slotBase);
    markTornParticle(c.b, pc.slotBase);
  }
}
