#include "vk/buffer.h"

#include <algorithm>
#include <cstring>

#include "vk/compute.h"

namespace vkxpbd::vk {

Buffer createBuffer(const Context& ctx, VkDeviceSize size, VkBufferUsageFlags usage, MemoryKind kind,
                    const std::string& name) {
  Buffer b;
  b.size = std::max<VkDeviceSize>(size, 16);
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = b.size;
  info.usage = usage | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  VK_CHECK(vkCreateBuffer(ctx.device, &info, nullptr, &b.buffer));
  ctx.setName(VK_OBJECT_TYPE_BUFFER, b.buffer, name);

  VkMemoryRequirements req{};
  vkGetBufferMemoryRequirements(ctx.device, b.buffer, &req);
  const VkMemoryPropertyFlags hostFlags =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  uint32_t type = kind == MemoryKind::DeviceLocal
                      ? ctx.findMemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0)
                      : ctx.findMemoryType(req.memoryTypeBits, hostFlags, 0);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = type;
  VK_CHECK(vkAllocateMemory(ctx.device, &alloc, nullptr, &b.memory));
  ctx.setName(VK_OBJECT_TYPE_DEVICE_MEMORY, b.memory, name + " memory");
  VK_CHECK(vkBindBufferMemory(ctx.device, b.buffer, b.memory, 0));

  VkMemoryPropertyFlags flags = ctx.memoryProperties.memoryTypes[type].propertyFlags;
  if ((flags & hostFlags) == hostFlags)
    VK_CHECK(vkMapMemory(ctx.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped));
  return b;
}

void destroyBuffer(const Context& ctx, Buffer& b) {
  if (b.buffer != VK_NULL_HANDLE) vkDestroyBuffer(ctx.device, b.buffer, nullptr);
  if (b.memory != VK_NULL_HANDLE) vkFreeMemory(ctx.device, b.memory, nullptr);
  b = Buffer{};
}

void uploadBuffer(const Context& ctx, const Buffer& b, const void* data, VkDeviceSize bytes) {
  if (bytes == 0) return;
  if (b.mapped != nullptr) {
    std::memcpy(b.mapped, data, bytes);
    return;
  }
  Buffer staging =
      createBuffer(ctx, bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, MemoryKind::HostVisible, "upload staging");
  std::memcpy(staging.mapped, data, bytes);
  ctx.submitAndWait([&](VkCommandBuffer cmd) {
    // Earlier shader work on the destination must finish before the copy overwrites it.
    memoryBarrier(ctx, cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                  VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT,
                  VK_ACCESS_2_TRANSFER_WRITE_BIT);
    VkBufferCopy region{0, 0, bytes};
    vkCmdCopyBuffer(cmd, staging.buffer, b.buffer, 1, &region);
    memoryBarrier(ctx, cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                  VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
  });
  destroyBuffer(ctx, staging);
}

void downloadBuffer(const Context& ctx, const Buffer& b, void* data, VkDeviceSize bytes) {
  if (bytes == 0) return;
  vkQueueWaitIdle(ctx.queue);
  if (b.mapped != nullptr) {
    std::memcpy(data, b.mapped, bytes);
    return;
  }
  Buffer staging =
      createBuffer(ctx, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryKind::HostVisible, "download staging");
  ctx.submitAndWait([&](VkCommandBuffer cmd) {
    memoryBarrier(ctx, cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    VkBufferCopy region{0, 0, bytes};
    vkCmdCopyBuffer(cmd, b.buffer, staging.buffer, 1, &region);
    memoryBarrier(ctx, cmd, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                  VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
  });
  std::memcpy(data, staging.mapped, bytes);
  destroyBuffer(ctx, staging);
}

}  // namespace vkxpbd::vk
