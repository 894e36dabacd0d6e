// Tearing with the hierarchy (docs/hierarchy.md, "Tearing with the hierarchy"): where a tear is decided
// (the CPU reference's tear check, the GPU's tear check pass), both ends of a broken constraint are marked
// torn, and so are the coarse particles that follow from them (markTornParticle). Shared by C++ and GLSL: the
// marks are reached through accessors, in C++ TearMarkAccess below, in GLSL functions hmWord(i) and hmOr(i,
// bits) that the including shader defines over its buffer.
//
// The marks, at the start of the hierarchy buffer, VKXPBD_TEAR_MARK_VEC4S (2) vec4s per particle: the level
// that leaves the particle out (0: not in a tearing body's hierarchy, e.g. a spare; VKXPBD_NONE: kept in
// every level), its parent count there, its torn mask (bit l: torn as a particle of level l), 0; then its
// parents at that level.
#ifndef VKXPBD_SHARED_HIERARCHY_TEAR_H
#define VKXPBD_SHARED_HIERARCHY_TEAR_H

#include "shared/gpu_types.h"

#define VKXPBD_TEAR_MARK_WORDS (4u * VKXPBD_TEAR_MARK_VEC4S)
#define VKXPBD_TEAR_MARK_LEVEL 0u
#define VKXPBD_TEAR_MARK_COUNT 1u
#define VKXPBD_TEAR_MARK_MASK 2u
#define VKXPBD_TEAR_MARK_PARENTS 4u
// The walk's stack of (particle, level) nodes: it pops one and pushes at most VKXPBD_MAX_PARENTS, at most
// 12 levels deep (sim/hierarchy.cpp's kLevelCap), so it never holds more than 3 · 12 + 4.
#define VKXPBD_TEAR_MARK_STACK 48

XPBD_BEGIN_NAMESPACE

#ifdef __cplusplus
struct TearMarkAccess {
  uint* words;  // VKXPBD_TEAR_MARK_WORDS per particle
};
#define HM_CTX_PARAM TearMarkAccess &ctx,
#define HM_CTX ctx,
inline uint hmWord(TearMarkAccess& ctx, uint i) {
  return ctx.words[i];
}
inline uint hmOr(TearMarkAccess& ctx, uint i, uint bits) {  // returns the word before
  const uint old = ctx.words[i];
  ctx.words[i] |= bits;
  return old;
}
#else
#define HM_CTX_PARAM
#define HM_CTX
#endif

// Marks particle p torn at level 0, and what follows, at levels up to `levels`: a particle torn at level
// l that level l + 1 keeps is torn there too; one that level l + 1 leaves out makes all its parents torn
// at l + 1. So every coarse constraint that a constraint at p was mapped to has a torn end (its ends were
// mapped to nearest parents), a row across the tear has a torn particle (prolongationTorn), and the
// parents of a skipped row do not move. A node already marked is not walked again: whoever marked it
// walks on from it, so the marks are the same whatever order the broken constraints come in (the GPU's
// threads run them in any order; the bits only grow).
XPBD_FN void markTornParticle(HM_CTX_PARAM uint p, uint levels) {
  if (hmWord(HM_CTX VKXPBD_TEAR_MARK_WORDS * p + VKXPBD_TEAR_MARK_LEVEL) == 0u) return;
  uint stack[VKXPBD_TEAR_MARK_STACK];  // particle · 16 + level
  uint top = 0u;
  stack[top++] = p * 16u;
  while (top > 0u) {
    uint node = stack[--top];
    uint q = node >> 4u;
    uint l = node & 15u;
    uint bit = 1u << l;
    if ((hmOr(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_MASK, bit) & bit) != 0u || l >= levels)
      continue;
    if (hmWord(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_LEVEL) == l + 1u) {
      uint count = hmWord(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_COUNT);
      for (uint j = 0u; j < count; ++j)
        stack[top++] =
            hmWord(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_PARENTS + j) * 16u + l + 1u;
    } else {
      stack[top++] = q * 16u + l + 1u;
    }
  }
}

XPBD_END_NAMESPACE

#endif
