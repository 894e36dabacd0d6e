// Buffers in device-local memory. When that memory is also host-visible (integrated GPUs, lavapipe)
// it is mapped and read/written directly; otherwise transfers go through a staging buffer.
#pragma once

#include <string>

#include "vk/context.h"

namespace vkxpbd::vk {

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;   // bytes
  void* mapped = nullptr;  // non-null when the memory is host-visible (and coherent)
};

enum class MemoryKind {
  DeviceLocal,  // fastest for the GPU; mapped only if it happens to be host-visible
  HostVisible,  // host-visible and coherent (staging, per-frame parameters)
};

// Zero-sized requests are rounded up to 16 bytes, since Vulkan forbids empty buffers.
Buffer createBuffer(const Context& ctx, VkDeviceSize size, VkBufferUsageFlags usage, MemoryKind kind,
                    const std::string& name);
void destroyBuffer(const Context& ctx, Buffer& buffer);

// Writes `bytes` bytes to the start of the buffer. The GPU must not be using the buffer; the upload is
// complete (and made visible to later commands by their own barriers) when this returns.
void uploadBuffer(const Context& ctx, const Buffer& buffer, const void* data, VkDeviceSize bytes);
// Reads `bytes` bytes from the start of the buffer after all submitted GPU work has finished with it.
// Every shader write to it must have been followed by a barrier to the host and transfer stages.
void downloadBuffer(const Context& ctx, const Buffer& buffer, void* data, VkDeviceSize bytes);

}  // namespace vkxpbd::vk
