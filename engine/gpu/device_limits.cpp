#include "gpu/device_limits.h"

#include <algorithm>
#include <cstdio>

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd {

namespace {

std::string mebibytes(VkDeviceSize bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

}  // namespace

void checkDeviceLimits(const vk::Context& ctx, const Model& model,
                       const std::vector<PlannedBuffer>& buffers) {
  const std::string& largestField = model.largestBodyField;
  const std::string prefix = (model.sourcePath.empty() ? "" : model.sourcePath + ": ") + "scene '" +
                             model.name + "' is too large for " + ctx.deviceInfo.name + ": ";
  const std::string fix = largestField.empty()
                              ? "use fewer particles or constraints (cloth resolution, cells, "
                                "instances, mesh size)"
                              : "lower " + largestField +
                                    ", the largest body's size, or use "
                                    "fewer bodies";
  const VkDeviceSize range = ctx.properties.limits.maxStorageBufferRange;
  VkDeviceSize total = 0;
  for (const PlannedBuffer& b : buffers) {
    if (b.bytes > range)
      throw SceneError(prefix + "its GPU buffer '" + b.name + "' needs " + mebibytes(b.bytes) +
                       ", more than the device's maxStorageBufferRange of " + mebibytes(range) + "; " + fix);
    total += b.bytes;
  }
  VkPhysicalDeviceMemoryProperties memory{};
  vkGetPhysicalDeviceMemoryProperties(ctx.physicalDevice, &memory);
  VkDeviceSize heap = 0;
  for (uint32_t h = 0; h < memory.memoryHeapCount; ++h)
    if (memory.memoryHeaps[h].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      heap = std::max(heap, memory.memoryHeaps[h].size);
  if (heap > 0 && total > heap)
    throw SceneError(prefix + "its GPU buffers need " + mebibytes(total) +
                     " in all, more than the device's largest memory heap of " + mebibytes(heap) + "; " +
                     fix);
}

}  // namespace vkxpbd
