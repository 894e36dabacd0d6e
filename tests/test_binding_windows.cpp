// Binding windows (gpu/binding_windows.h; docs/architecture.md "Buffers larger than
// maxStorageBufferRange"): the chunks a pass is cut into cover its threads exactly once, in order, and
// every chunk's records (distance constraints, Jacobi slots) lie inside the window bound for it; the
// windows are aligned and no larger than the range; Jacobi apply gets one chunk per slot window, the
// windows tiling the slots. Pure arithmetic, no device.
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "gpu/binding_windows.h"

namespace vkxpbd {
namespace {

constexpr uint32_t kDistanceStride = 24;  // sizeof(gpu::DistanceConstraint)
constexpr uint32_t kDeltaStride = 16;     // vec4

gpu::PassConstants colourPass(uint32_t first, uint32_t count) {
  gpu::PassConstants pc{};
  pc.first = first;
  pc.count = count;
  return pc;
}

TEST(BindingWindows, FittingBuffersAreBoundWholeInOneChunk) {
  const BufferWindow w = planBufferWindow(1000 * kDistanceStride, kDistanceStride, 1 << 20, 16);
  EXPECT_FALSE(w.windowed);
  EXPECT_EQ(w.allocationBytes, 1000u * kDistanceStride);
  const std::vector<PassChunk> chunks =
      splitIntoWindows(PassId::SolveDistance, colourPass(100, 500), 500, w, w, 0);
  ASSERT_EQ(chunks.size(), 1u);
  EXPECT_EQ(chunks[0].threads, 500u);
  EXPECT_EQ(chunks[0].constants.chunkFirst, 0u);
  EXPECT_EQ(chunks[0].constants.chunkCount, std::numeric_limits<uint32_t>::max());
  EXPECT_EQ(chunks[0].constants.distanceBase, 0u);
  EXPECT_EQ(chunks[0].distanceOffset, 0u);
}

TEST(BindingWindows, WindowsAreAlignedAndWithinTheRange) {
  for (uint64_t alignment : {16u, 64u, 256u}) {
    const uint64_t range = 1 << 16;  // 64 KiB
    const BufferWindow w = planBufferWindow(100000 * kDistanceStride, kDistanceStride, range, alignment);
    ASSERT_TRUE(w.windowed);
    EXPECT_LE(w.windowBytes, range);
    EXPECT_EQ(w.alignment % alignment, 0u);
    EXPECT_EQ(w.alignment % kDistanceStride, 0u);
    EXPECT_EQ(w.windowBytes % w.alignment, 0u);
    EXPECT_GE(w.allocationBytes, w.bytes);
    EXPECT_LT(w.allocationBytes, w.bytes + w.alignment);
    for (uint64_t r : {0ull, 1ull, 2730ull, 50000ull, 99999ull}) {
      const uint64_t offset = w.offsetFor(r);
      EXPECT_EQ(offset % w.alignment, 0u);
      EXPECT_LE(offset, r * kDistanceStride);
      EXPECT_LE(offset + w.windowBytes, w.allocationBytes);
      EXPECT_GT(w.endFor(r), r);
    }
  }
}

// Every thread exactly once, every record inside its chunk's window.
void checkCover(PassId pass, const gpu::PassConstants& pc, uint32_t threads, const BufferWindow& distance,
                const BufferWindow& delta, size_t minChunks) {
  const std::vector<PassChunk> chunks = splitIntoWindows(pass, pc, threads, distance, delta, 0);
  ASSERT_GE(chunks.size(), minChunks);
  uint32_t next = 0;
  const bool jacobi = pass == PassId::JacobiConstraints || pass == PassId::JacobiDistance;
  for (const PassChunk& c : chunks) {
    EXPECT_EQ(c.constants.chunkFirst, next);
    EXPECT_EQ(c.constants.chunkCount, c.threads);
    EXPECT_EQ(c.distanceOffset, uint64_t{c.constants.distanceBase} * kDistanceStride);
    EXPECT_EQ(c.deltaOffset, uint64_t{c.constants.deltaBase} * kDeltaStride);
    EXPECT_EQ(c.distanceOffset % distance.alignment, 0u);
    EXPECT_EQ(c.deltaOffset % delta.alignment, 0u);
    for (uint32_t t = c.constants.chunkFirst; t < c.constants.chunkFirst + c.threads; ++t) {
      if (t < pc.count) {
        const uint64_t record = pc.first + t;
        EXPECT_GE(record, c.constants.distanceBase);
        EXPECT_LT((record - c.constants.distanceBase + 1) * kDistanceStride, distance.windowBytes + 1);
      }
      if (!jacobi) continue;
      const uint64_t firstSlot =
          t < pc.count ? pc.slotBase + 2ull * t : pc.elementSlotBase + 4ull * (t - pc.count);
      const uint64_t slots = t < pc.count ? 2 : 4;
      EXPECT_GE(firstSlot, c.constants.deltaBase);
      EXPECT_LE((firstSlot + slots - c.constants.deltaBase) * kDeltaStride, delta.windowBytes);
    }
    next += c.threads;
  }
  EXPECT_EQ(next, threads);
}

TEST(BindingWindows, ColourAndJacobiPassesAreCutWhereTheirRecordsLeaveAWindow) {
  const uint64_t range = 1 << 14;  // 16 KiB: 682 distance constraints, 1024 slots
  const uint32_t constraints = 10000, elements = 700;
  const BufferWindow distance =
      planBufferWindow(uint64_t{constraints} * kDistanceStride, kDistanceStride, range, 64);
  const BufferWindow delta =
      planBufferWindow((2ull * constraints + 4ull * elements) * kDeltaStride, kDeltaStride, range, 64);
  // A colour in the middle of the buffer, one past the last window's start, the whole buffer.
  checkCover(PassId::SolveDistance, colourPass(3001, 2500), 2500, distance, delta, 4);
  checkCover(PassId::SolveDistance, colourPass(constraints - 700, 700), 700, distance, delta, 1);
  checkCover(PassId::SolveDistance, colourPass(0, constraints), constraints, distance, delta, 15);
  // A colour with element constraints after its distance ones (they read no window).
  gpu::PassConstants colour = colourPass(500, 2000);
  colour.elementFirst = 0;
  colour.elementCount = 300;
  checkCover(PassId::SolveColour, colour, 2300, distance, delta, 3);
  // The Jacobi batch: every distance constraint, then the elements' slots.
  gpu::PassConstants batch = colourPass(0, constraints);
  batch.elementCount = elements;
  batch.elementSlotBase = 2 * constraints;
  checkCover(PassId::JacobiConstraints, batch, constraints + elements, distance, delta, 22);
  checkCover(PassId::JacobiDistance, colourPass(0, constraints), constraints, distance, delta, 20);
}

TEST(BindingWindows, JacobiApplyRunsOncePerSlotWindow) {
  const uint32_t slots = 20000;
  const BufferWindow delta = planBufferWindow(uint64_t{slots} * kDeltaStride, kDeltaStride, 1 << 14, 16);
  const std::vector<PassChunk> chunks =
      splitIntoWindows(PassId::JacobiApply, colourPass(0, 900), 900, BufferWindow{}, delta, slots);
  ASSERT_EQ(chunks.size(), 20u);  // 1024 slots a window
  uint32_t next = 0;
  for (const PassChunk& c : chunks) {
    EXPECT_EQ(c.threads, 900u);               // every row, each adding its slots inside the window
    EXPECT_EQ(c.constants.deltaBegin, next);  // each slot added by one apply
    EXPECT_LE(c.constants.deltaBase, next);
    EXPECT_EQ(c.deltaOffset, uint64_t{c.constants.deltaBase} * kDeltaStride);
    EXPECT_GT(c.constants.deltaEnd, next);
    EXPECT_LE((uint64_t{c.constants.deltaEnd} - c.constants.deltaBase) * kDeltaStride, delta.windowBytes);
    next = c.constants.deltaEnd;
  }
  EXPECT_EQ(next, slots);
}

}  // namespace
}  // namespace vkxpbd
