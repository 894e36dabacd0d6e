// Binding windows: a storage buffer larger than maxStorageBufferRange, bound a window at a time. The
// distance constraints (sorted by colour) and the Jacobi slot deltas are bound as dynamic storage
// buffers of a fixed window; each pass that reads them is recorded as one or more dispatches
// (chunks of its threads), each with the window offsets that cover its records, the offsets passed
// as dynamic offsets and the window's first element in the push constants (PassConstants::
// distanceBase, deltaBase). A colour's constraints share no moving particle and a Jacobi batch's
// constraints write only their own slots, so a pass cut into chunks computes what it computed whole;
// Jacobi apply runs once per slot window, each adding its window's slots (docs/architecture.md).
#pragma once

#include <cstdint>
#include <vector>

#include "shared/gpu_types.h"
#include "sim/pass_table.h"

namespace vkxpbd {

// How one buffer of `stride`-byte records is bound. Not windowed (it fits the range): bound whole,
// offset 0. Windowed: `windowBytes` at offsets that are multiples of `alignment` (a multiple of both
// the stride and minStorageBufferOffsetAlignment), the buffer allocated as `allocationBytes` (padded
// so that the last window ends inside it).
struct BufferWindow {
  uint64_t bytes = 0;            // the records' bytes
  uint64_t allocationBytes = 0;  // bytes to allocate
  uint64_t windowBytes = 0;      // the descriptor's range
  uint64_t alignment = 1;
  uint32_t stride = 1;
  bool windowed = false;

  // Byte offset of the window that starts at or before `record` and reaches as far as it can.
  uint64_t offsetFor(uint64_t record) const;
  // One past the last record that the window at offsetFor(record) holds.
  uint64_t endFor(uint64_t record) const;
};

// `range`: maxStorageBufferRange (or a test's smaller limit); `offsetAlignment`:
// minStorageBufferOffsetAlignment. Windowed only when `bytes` > range.
BufferWindow planBufferWindow(uint64_t bytes, uint32_t stride, uint64_t range, uint64_t offsetAlignment);

// One dispatch of a pass: the push constants (with chunkFirst, chunkCount, distanceBase, deltaBase,
// deltaBegin, deltaEnd set), its thread count, and the dynamic offsets (bytes) of the distance and delta
// windows.
struct PassChunk {
  gpu::PassConstants constants{};
  uint32_t threads = 0;
  uint32_t distanceOffset = 0;
  uint32_t deltaOffset = 0;
};

// The dispatches that record pass `pass` (scheduled with `constants` and `threads` threads) under
// these windows; `slotCount`: the Jacobi slots (SolverLayout::slotCount). A pass that reads neither
// buffer is one chunk with offsets 0.
std::vector<PassChunk> splitIntoWindows(PassId pass, const gpu::PassConstants& constants, uint32_t threads,
                                        const BufferWindow& distance, const BufferWindow& delta,
                                        uint32_t slotCount);

}  // namespace vkxpbd
