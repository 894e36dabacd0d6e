#include "gpu/device_limits.h"

#include <algorithm>
#include <cstdio>

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd {

namespace {

std::string mebibytes(VkDeviceSize bytes) {
  char text[32];
  if (bytes < 1024 * 1024)
    std::snprintf(text, sizeof(text), "%.1f KiB", static_cast<double>(bytes) / 1024.0);
  else
    std::snprintf(text, sizeof(text), "%.1f MiB", static_cast<double>(bytes) / (1024.0 * 1024.0));
  return text;
}

}  // namespace

void checkDeviceLimits(const vk::Context& ctx, const Model& model, const std::vector<PlannedBuffer>& buffers,
                       VkDeviceSize range) {
  const std::string& largestField = model.largestBodyField;
  const std::string prefix = (model.sourcePath.empty() ? "" : model.sourcePath + ": ") + "scene '" +
                             model.name + "' is too large for " + ctx.deviceInfo.name + ": ";
  const std::string fix = largestField.empty()
                              ? "use fewer particles or constraints (cloth resolution, cells, "
                                "instances, mesh size)"
                              : "lower " + largestField +
                                    ", the largest body's size, or use "
                                    "fewer bodies";
  // maxMemoryAllocationSize (Vulkan 1.1) and maxBufferSize (1.3), each buffer having its own memory.
  VkPhysicalDeviceMaintenance4Properties maintenance4{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_PROPERTIES};
  VkPhysicalDeviceMaintenance3Properties maintenance3{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
  VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  properties.pNext = &maintenance3;
  if (ctx.properties.apiVersion >= VK_API_VERSION_1_3) maintenance3.pNext = &maintenance4;
  vkGetPhysicalDeviceProperties2(ctx.physicalDevice, &properties);
  VkDeviceSize total = 0;
  for (const PlannedBuffer& b : buffers) {
    const std::string needs = prefix + "its GPU buffer '" + b.name + "' needs ";
    if (b.window > range)
      throw SceneError(needs + mebibytes(b.window) + " in one binding, more than the device's " +
                       "maxStorageBufferRange of " + mebibytes(range) + "; " + fix);
    if (b.bytes > maintenance3.maxMemoryAllocationSize)
      throw SceneError(needs + mebibytes(b.bytes) + ", more than the device's maxMemoryAllocationSize of " +
                       mebibytes(maintenance3.maxMemoryAllocationSize) + "; " + fix);
    if (maintenance4.maxBufferSize > 0 && b.bytes > maintenance4.maxBufferSize)
      throw SceneError(needs + mebibytes(b.bytes) + ", more than the device's maxBufferSize of " +
                       mebibytes(maintenance4.maxBufferSize) + "; " + fix);
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

void checkSharedMemory(const vk::Context& ctx, const Model& model, uint32_t bytes, uint32_t limit) {
  if (bytes <= limit) return;
  throw SceneError((model.sourcePath.empty() ? "" : model.sourcePath + ": ") + "scene '" + model.name +
                   "' runs its hierarchy's small levels in one work group that keeps " +
                   std::to_string(bytes) + " bytes in shared memory, more than " + ctx.deviceInfo.name +
                   "'s maxComputeSharedMemorySize of " + std::to_string(limit) +
                   "; set the solver's fuse_small_levels to 0");
}

}  // namespace vkxpbd
