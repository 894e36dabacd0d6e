// The device's memory bandwidth as a plain copy kernel sees it (shaders/copy_bandwidth.comp), for the
// bench: each solver pass's effective bandwidth is reported as a share of it (docs/benchmarks.md).
#pragma once

#include <cstdint>

#include "vk/context.h"

namespace vkxpbd {

struct CopyBandwidth {
  uint64_t bufferBytes = 0;  // bytes copied per run (read once and written once)
  uint32_t runs = 0;
  double bestMs = 0.0;       // GPU time of the fastest run (timestamps), ms
  double gbPerSecond = 0.0;  // 2 × bufferBytes / bestMs (bytes read + written), 1e9 B/s
};

// Copies a buffer of min(`maxBytes`, maxStorageBufferRange) bytes `runs` times (after one untimed
// warm-up run) and keeps the fastest. Returns gbPerSecond = 0 when the device has no timestamps.
CopyBandwidth measureCopyBandwidth(const vk::Context& ctx, uint64_t maxBytes = 256ull << 20,
                                   uint32_t runs = 5);

}  // namespace vkxpbd
