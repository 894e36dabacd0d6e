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

}  // namespace vkxpbd::vk
