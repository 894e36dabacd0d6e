// 2D images in device-local memory with one view: render-target attachments (colour, depth, MSAA).
#pragma once

#include <string>

#include "vk/context.h"

namespace vkxpbd::vk {

struct Image2D {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
};

// Optimal tiling, one mip level and layer, starting in VK_IMAGE_LAYOUT_UNDEFINED; image, memory and
// view are named after `name`.
Image2D createImage2D(const Context& ctx, VkExtent2D extent, VkFormat format, VkSampleCountFlagBits samples,
                      VkImageUsageFlags usage, VkImageAspectFlags aspect, const std::string& name);
// Destroys what exists and resets the handles (safe on an empty image).
void destroyImage2D(const Context& ctx, Image2D& image);

// One layout transition / memory dependency on the whole first mip level and layer of `image`.
VkImageMemoryBarrier2 imageBarrier(VkImage image, VkImageAspectFlags aspect, VkPipelineStageFlags2 srcStage,
                                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage,
                                   VkAccessFlags2 dstAccess, VkImageLayout oldLayout,
                                   VkImageLayout newLayout);
void imageBarriers(const Context& ctx, VkCommandBuffer cmd, const VkImageMemoryBarrier2* barriers,
                   uint32_t count);
// Copies a colour image, already in TRANSFER_SRC_OPTIMAL with the copy's read made available, into
// `buffer` (packed rows of 4-byte pixels), then makes the copy visible to host reads after a fence wait.
void recordCopyToHost(const Context& ctx, VkCommandBuffer cmd, VkImage image, VkExtent2D extent,
                      VkBuffer buffer);

}  // namespace vkxpbd::vk
