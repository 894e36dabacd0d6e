#include "gpu/binding_windows.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <stdexcept>

namespace vkxpbd {

namespace {

constexpr uint32_t kAll = std::numeric_limits<uint32_t>::max();

bool readsDistance(PassId pass) {
  return pass == PassId::SolveColour || pass == PassId::SolveDistance || pass == PassId::JacobiConstraints ||
         pass == PassId::JacobiDistance;
}

bool writesDeltas(PassId pass) {
  return pass == PassId::JacobiConstraints || pass == PassId::JacobiDistance;
}

uint32_t narrow(uint64_t v) {
  if (v > kAll) throw std::logic_error("binding windows: an offset past 4 GiB");
  return static_cast<uint32_t>(v);
}

}  // namespace

uint64_t BufferWindow::offsetFor(uint64_t record) const {
  if (!windowed) return 0;
  const uint64_t down = record * stride / alignment * alignment;
  return std::min(down, allocationBytes - windowBytes);
}

uint64_t BufferWindow::endFor(uint64_t record) const {
  if (!windowed) return std::numeric_limits<uint64_t>::max();
  return (offsetFor(record) + windowBytes) / stride;
}

BufferWindow planBufferWindow(uint64_t bytes, uint32_t stride, uint64_t range, uint64_t offsetAlignment) {
  BufferWindow w;
  w.bytes = bytes;
  w.stride = stride;
  w.alignment = std::lcm(uint64_t{stride}, std::max<uint64_t>(offsetAlignment, 1));
  w.allocationBytes = bytes;
  w.windowBytes = bytes;
  if (bytes <= range) return w;
  w.windowed = true;
  w.windowBytes = range / w.alignment * w.alignment;
  // A window must hold a Jacobi element's four slots wherever it starts (offsets step back by less than
  // one alignment).
  if (w.windowBytes < w.alignment + 4 * uint64_t{stride})
    throw std::logic_error("binding windows: maxStorageBufferRange smaller than two offset alignments");
  w.allocationBytes = std::max((bytes + w.alignment - 1) / w.alignment * w.alignment, w.windowBytes);
  return w;
}

std::vector<PassChunk> splitIntoWindows(PassId pass, const gpu::PassConstants& constants, uint32_t threads,
                                        const BufferWindow& distance, const BufferWindow& delta,
                                        uint32_t slotCount) {
  PassChunk whole;
  whole.constants = constants;
  whole.constants.chunkFirst = 0;
  whole.constants.chunkCount = kAll;
  whole.constants.distanceBase = 0;
  whole.constants.deltaBase = 0;
  whole.constants.deltaBegin = 0;
  whole.constants.deltaEnd = kAll;
  whole.threads = threads;
  std::vector<PassChunk> chunks;

  if (pass == PassId::JacobiApply) {
    // One apply per slot window: each row adds the Δp of its slots inside the window.
    if (!delta.windowed) return {whole};
    for (uint64_t s = 0; s < slotCount;) {
      const uint64_t offset = delta.offsetFor(s);
      const uint64_t end = std::min<uint64_t>(slotCount, delta.endFor(s));
      PassChunk c = whole;
      c.deltaOffset = narrow(offset);
      c.constants.deltaBase = narrow(offset / delta.stride);
      c.constants.deltaBegin = narrow(s);
      c.constants.deltaEnd = narrow(end);
      chunks.push_back(c);
      s = end;
    }
    return chunks;
  }
  const bool distanceWindows = readsDistance(pass) && distance.windowed;
  const bool deltaWindows = writesDeltas(pass) && delta.windowed;
  if (!distanceWindows && !deltaWindows) return {whole};

  // Threads [0, count) are distance constraints (record first + t, slots slotBase + 2t, + 1), the rest
  // element constraints (slots elementSlotBase + 4(t − count), ..., + 3).
  const uint64_t count = constants.count;
  auto slotOf = [&](uint64_t t) {
    return t < count ? constants.slotBase + 2 * t : constants.elementSlotBase + 4 * (t - count);
  };
  for (uint64_t t0 = 0; t0 < threads;) {
    uint64_t t1 = threads;
    PassChunk c = whole;
    if (distanceWindows && t0 < count) {
      const uint64_t record = constants.first + t0;
      const uint64_t offset = distance.offsetFor(record);
      const uint64_t end = distance.endFor(record);  // records the window holds: [offset / stride, end)
      if (end - constants.first < count) t1 = std::min(t1, end - constants.first);
      c.distanceOffset = narrow(offset);
      c.constants.distanceBase = narrow(offset / distance.stride);
    }
    if (deltaWindows) {
      const uint64_t offset = delta.offsetFor(slotOf(t0));
      const uint64_t end = delta.endFor(slotOf(t0));
      // The most threads whose slots end by `end`: inside the distance threads, or all of them and
      // element threads as far as the window reaches.
      uint64_t fit = count;
      if (t0 < count && constants.slotBase + 2 * count > end)
        fit = (end - constants.slotBase) / 2;
      else if (end >= constants.elementSlotBase)
        fit = count + (end - constants.elementSlotBase) / 4;
      t1 = std::min(t1, fit);
      c.deltaOffset = narrow(offset);
      c.constants.deltaBase = narrow(offset / delta.stride);
    }
    if (t1 <= t0) throw std::logic_error("binding windows: a window holds no thread's records");
    c.constants.chunkFirst = narrow(t0);
    c.constants.chunkCount = narrow(t1 - t0);
    c.threads = narrow(t1 - t0);
    chunks.push_back(c);
    t0 = t1;
  }
  return chunks;
}

}  // namespace vkxpbd
