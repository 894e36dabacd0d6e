#include "vk/image.h"

namespace vkxpbd::vk {

Image2D createImage2D(const Context& ctx, VkExtent2D extent, VkFormat format, VkSampleCountFlagBits samples,
                      VkImageUsageFlags usage, VkImageAspectFlags aspect, const std::string& name) {
  Image2D a;
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {extent.width, extent.height, 1};
  info.mipLevels = 1;
  info.arrayLayers = 1;
  info.samples = samples;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VK_CHECK(vkCreateImage(ctx.device, &info, nullptr, &a.image));
  ctx.setName(VK_OBJECT_TYPE_IMAGE, a.image, name);

  VkMemoryRequirements req{};
  vkGetImageMemoryRequirements(ctx.device, a.image, &req);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = ctx.findMemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0);
  VK_CHECK(vkAllocateMemory(ctx.device, &alloc, nullptr, &a.memory));
  ctx.setName(VK_OBJECT_TYPE_DEVICE_MEMORY, a.memory, name + " memory");
  VK_CHECK(vkBindImageMemory(ctx.device, a.image, a.memory, 0));

  VkImageViewCreateInfo viewInfo{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  viewInfo.image = a.image;
  viewInfo.viewType = VK_IMAGE_VIEW_TYPE_2D;
  viewInfo.format = format;
  viewInfo.subresourceRange = {aspect, 0, 1, 0, 1};
  VK_CHECK(vkCreateImageView(ctx.device, &viewInfo, nullptr, &a.view));
  ctx.setName(VK_OBJECT_TYPE_IMAGE_VIEW, a.view, name + " view");
  return a;
}

void destroyImage2D(const Context& ctx, Image2D& a) {
  if (a.view != VK_NULL_HANDLE) vkDestroyImageView(ctx.device, a.view, nullptr);
  if (a.image != VK_NULL_HANDLE) vkDestroyImage(ctx.device, a.image, nullptr);
  if (a.memory != VK_NULL_HANDLE) vkFreeMemory(ctx.device, a.memory, nullptr);
  a = Image2D{};
}

VkImageMemoryBarrier2 imageBarrier(VkImage image, VkImageAspectFlags aspect, VkPipelineStageFlags2 srcStage,
                                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage,
                                   VkAccessFlags2 dstAccess, VkImageLayout oldLayout,
                                   VkImageLayout newLayout) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = srcStage;
  b.srcAccessMask = srcAccess;
  b.dstStageMask = dstStage;
  b.dstAccessMask = dstAccess;
  b.oldLayout = oldLayout;
  b.newLayout = newLayout;
  b.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = {aspect, 0, 1, 0, 1};
  return b;
}

void imageBarriers(const Context& ctx, VkCommandBuffer cmd, const VkImageMemoryBarrier2* barriers,
                   uint32_t count) {
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = count;
  dep.pImageMemoryBarriers = barriers;
  ctx.cmdPipelineBarrier2(cmd, &dep);
}

void recordCopyToHost(const Context& ctx, VkCommandBuffer cmd, VkImage image, VkExtent2D extent,
                      VkBuffer buffer) {
  VkBufferImageCopy region{};
  region.bufferOffset = 0;
  region.bufferRowLength = 0;  // packed rows
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {extent.width, extent.height, 1};
  vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer, 1, &region);
  // Copy writes → host reads (after the fence wait).
  VkBufferMemoryBarrier2 toHost{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER_2};
  toHost.srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT;
  toHost.srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT;
  toHost.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT;
  toHost.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT;
  toHost.srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  toHost.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  toHost.buffer = buffer;
  toHost.offset = 0;
  toHost.size = VK_WHOLE_SIZE;
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.bufferMemoryBarrierCount = 1;
  dep.pBufferMemoryBarriers = &toHost;
  ctx.cmdPipelineBarrier2(cmd, &dep);
}

}  // namespace vkxpbd::vk
