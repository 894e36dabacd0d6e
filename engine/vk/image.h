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

}  // namespace vkxpbd::vk
