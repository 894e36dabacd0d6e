// The solver's GPU buffers checked against the device before any is allocated: each against
// maxStorageBufferRange (128 MiB on lavapipe) and all together against the largest device-local heap.
#pragma once

#include <string>
#include <vector>

#include "vk/context.h"

namespace vkxpbd {

struct PlannedBuffer {
  const char* name;
  VkDeviceSize bytes;
};

// Throws SceneError "scene 'NAME': ... GPU buffer 'B' of N MiB, more than the device's
// maxStorageBufferRange of M MiB (DEVICE)" or the same for the total against the heap.
void checkDeviceLimits(const vk::Context& ctx, const std::string& sceneName,
                       const std::vector<PlannedBuffer>& buffers);

}  // namespace vkxpbd
