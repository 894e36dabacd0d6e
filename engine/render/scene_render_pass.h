// The render pass the scene is drawn in, shared by the window's swapchain and the offscreen target: a
// cleared colour attachment (multisampled when `samples` > 1, then resolved into a single-sampled picture)
// and a cleared depth attachment; also the depth format and the sample count that both pick for it.
#pragma once

#include "vk/context.h"

namespace vkxpbd {

struct ScenePassDesc {
  VkFormat colourFormat = VK_FORMAT_UNDEFINED;
  VkFormat depthFormat = VK_FORMAT_UNDEFINED;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  // true: the attachments arrive in any layout (the swapchain's); false: they arrive in their attachment
  // layouts, put there by the caller's barriers (the offscreen target's).
  bool undefinedInitial = false;
  // The picture's layout after the pass (the single-sampled colour image, or the resolve target).
  VkImageLayout pictureFinal = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  const VkSubpassDependency* dependency = nullptr;  // the external → 0 dependency; none when null
  const char* name = "scene render pass";
};

VkRenderPass createSceneRenderPass(const vk::Context& ctx, const ScenePassDesc& desc);

// The first depth format the device can attach: D32, D24S8 or D16 (throws when none).
VkFormat pickSceneDepthFormat(const vk::Context& ctx);

// 4× MSAA when the device's framebuffer limits and both attachments' formats with their usages allow it,
// otherwise one sample.
VkSampleCountFlagBits pickSceneSamples(const vk::Context& ctx, VkFormat colourFormat,
                                       VkImageUsageFlags colourUsage, VkFormat depthFormat,
                                       VkImageUsageFlags depthUsage);

}  // namespace vkxpbd
