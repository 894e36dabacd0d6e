// Tearing with the hierarchy (docs/hierarchy.md, "Tearing with the hierarchy"): where a tear is decided
// (the CPU reference's tear check, the GPU's tear check pass), both ends of a broken constraint are marked
// torn, and so is their representative at every coarser level. Shared by C++ and GLSL: the marks are
// reached through accessors, in C++ TearMarkAccess below, in GLSL functions hmWord(i) and hmOr(i, bits)
// that the including shader defines over its buffer.
//
// The marks: VKXPBD_TEAR_MARK_WORDS words per particle (at the start of the hierarchy buffer, one vec4):
// the nearest parent at the level that leaves the particle out, that level (0: not in a tearing body's
// hierarchy, e.g. a spare; VKXPBD_NONE: kept in every level), and the torn mask (bit l: torn as a
// particle of level l).
#ifndef VKXPBD_SHARED_HIERARCHY_TEAR_H
#define VKXPBD_SHARED_HIERARCHY_TEAR_H

#include "shared/gpu_types.h"

#define VKXPBD_TEAR_MARK_WORDS 4u
#define VKXPBD_TEAR_MARK_PARENT 0u
#define VKXPBD_TEAR_MARK_LEVEL 1u
#define VKXPBD_TEAR_MARK_MASK 2u

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
inline void hmOr(TearMarkAccess& ctx, uint i, uint bits) {
  ctx.words[i] |= bits;
}
#else
#define HM_CTX_PARAM
#define HM_CTX
#endif

// Marks particle p torn at level 0 and its representative at levels 1 .. `levels`: at level l + 1 a
// particle of level l that level l + 1 keeps represents itself, one it leaves out is represented by its
// nearest parent (the coarse constraints' ends were mapped the same way when they were built). So every
// coarse constraint derived from a constraint at p, and every prolongation row across it, has a torn end.
XPBD_FN void markTornParticle(HM_CTX_PARAM uint p, uint levels) {
  uint q = p;
  if (hmWord(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_LEVEL) == 0u) return;
  hmOr(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_MASK, 1u);
  for (uint l = 1u; l <= levels; ++l) {
    if (hmWord(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_LEVEL) == l)
      q = hmWord(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_PARENT);
    hmOr(HM_CTX VKXPBD_TEAR_MARK_WORDS * q + VKXPBD_TEAR_MARK_MASK, 1u << l);
  }
}

XPBD_END_NAMESPACE

#endif
