#version 450
// Surface pass "tear check" (docs/tearing.md): once per frame, after the last substep; one thread per
// distance constraint. Each thread writes its constraint's flag in the broken list (1: past its tear
// strain or force, shared/tear_math.h, the same test as Tearing::findBroken; 0 otherwise) and counts
// the broken ones (the count starts at zero: the frame's first command clears it). The tear split pass
// then breaks the flagged ones in layout order and leaves their indices, sorted, at the list's front;
// where the host splits instead, it reads the flags.
#include "surface_common.glsl"
#include "shared/tear_math.h"

void main() {
  uint k = threadIndex();
  if (k >= pc.count) return;
  DistanceConstraint c = distance[k];
  uint body = tearBody[c.a];
  bool breaks = false;
  if (c.a != c.b && body != VKXPBD_NONE && tearBody[c.b] == body) {  // c.a == c.b: removed by a tear
    vec4 limits = tearLimits[body];
    breaks = tearBreaks(positions[c.a].xyz, positions[c.b].xyz, c.restLength, limits.x, lambda[k],
                        params.alphaScale, limits.y);
  }
  tearBroken[k] = breaks ? 1u : 0u;  // every entry: last frame's sorted list is overwritten
  if (breaks) atomicAdd(tearCount, 1u);
}
