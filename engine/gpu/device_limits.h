// The solver's GPU buffers checked against the device before any is allocated: each one's largest
// binding (the whole buffer, or its binding window: gpu/binding_windows.h) against maxStorageBufferRange
// (128 MiB on lavapipe), each one against maxBufferSize and maxMemoryAllocationSize, and all together
// against the largest device-local heap.
#pragma once

#include <string>
#include <vector>

#include "vk/context.h"

namespace vkxpbd {

struct Model;

struct PlannedBuffer {
  const char* name;
  VkDeviceSize bytes;   // allocated
  VkDeviceSize window;  // bound at once: bytes, or a binding window's range
};

// Throws SceneError "FILE: scene 'NAME' is too large for DEVICE: its GPU buffer 'B' needs N MiB, more than
// the device's maxStorageBufferRange of M MiB; lower FIELD, ..." (FIELD: Model::largestBodyField, the scene
// field that sets the largest body's size) or the same against maxBufferSize, maxMemoryAllocationSize and
// (the total) the heap. `range`: maxStorageBufferRange, or a test's smaller limit.
void checkDeviceLimits(const vk::Context& ctx, const Model& model, const std::vector<PlannedBuffer>& buffers,
                       VkDeviceSize range);

// Throws SceneError "FILE: scene 'NAME' runs its hierarchy's small levels in one work group that keeps N
// bytes in shared memory, more than DEVICE's maxComputeSharedMemorySize of M; set the solver's
// fuse_small_levels to 0" when `bytes` exceeds that limit (`limit`: the device's, or a test's smaller one).
void checkSharedMemory(const vk::Context& ctx, const Model& model, uint32_t bytes, uint32_t limit);

}  // namespace vkxpbd
