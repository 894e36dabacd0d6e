// The render pass the scene is drawn in, shared by the window's swapchain and the offscreen target: a
// cleared colour attachment (multisampled when `samples` > 1, then resolved into a single-sampled picture)
// and a cleared depth attachment.
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

}  // namespace vkxpbd
