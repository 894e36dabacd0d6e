// The solver's GPU buffers checked against the device before any is allocated: each against
// maxStorageBufferRange (128 MiB on lavapipe) and all together against the largest device-local heap.
#pragma once

#include <string>
#include <vector>

#include "vk/context.h"

namespace vkxpbd {

struct Model;

struct PlannedBuffer {
  const char* name;
  VkDeviceSize bytes;
};

// Throws SceneError "FILE: scene 'NAME' is too large for DEVICE: its GPU buffer 'B' needs N MiB, more than
// the device's maxStorageBufferRange of M MiB; lower FIELD, ..." (FIELD: Model::largestBodyField, the scene
// field that sets the largest body's size) or the same for the total against the heap.
void checkDeviceLimits(const vk::Context& ctx, const Model& model, const std::vector<PlannedBuffer>& buffers);

}  // namespace vkxpbd
