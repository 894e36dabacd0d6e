// An offscreen colour + depth target drawn by one VkRenderPass (a render pass rather than dynamic
// rendering, so ImGui 1.86's Vulkan backend can draw into the same pass later).
//
//   4x MSAA when the device supports it for both the colour and the depth format:
//     colour (4x, transient) ─┐
//     depth  (4x, transient) ─┼─ subpass 0 ── resolve → resolved colour (1x) ── copy → readback buffer
//   otherwise everything is single-sample and the colour image itself is copied.
//
// The render pass keeps every attachment in its attachment layout (initialLayout = finalLayout): all
// layout transitions are explicit synchronization2 image barriers recorded by begin() and end().
#pragma once

#include "render/image.h"
#include "vk/buffer.h"
#include "vk/image.h"

namespace vkxpbd::render {

// The colour target's format: sRGB, so shaders write linear colour and the PNG gets encoded values.
constexpr VkFormat kColourFormat = VK_FORMAT_R8G8B8A8_SRGB;

class OffscreenTarget {
 public:
  // `msaa` false forces single-sample rendering (the fallback path of devices without 4x).
  OffscreenTarget(const vk::Context& ctx, uint32_t width, uint32_t height, bool msaa = true);
  ~OffscreenTarget();
  OffscreenTarget(const OffscreenTarget&) = delete;
  OffscreenTarget& operator=(const OffscreenTarget&) = delete;

  VkRenderPass renderPass() const { return renderPass_; }
  VkSampleCountFlagBits samples() const { return samples_; }
  VkExtent2D extent() const { return extent_; }
  VkFormat depthFormat() const { return depthFormat_; }

  // Recording: moves the attachments into their attachment layouts (discarding the previous frame,
  // after its resolve and copy) and begins the render pass, clearing colour and depth.
  void begin(VkCommandBuffer cmd);
  // Recording: ends the render pass, copies the resolved colour image into the readback buffer and
  // makes the copy visible to the host.
  void end(VkCommandBuffer cmd);
  // After the commands recorded between begin() and end() have completed.
  Image readback() const;

 private:
  using Attachment = vk::Image2D;
  Attachment createAttachment(VkFormat format, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
                              VkImageAspectFlags aspect, const std::string& name);
  void destroyAttachment(Attachment& a);
  void createRenderPass();
  const Attachment& resolved() const { return samples_ == VK_SAMPLE_COUNT_1_BIT ? colour_ : resolve_; }

  const vk::Context& ctx_;
  VkExtent2D extent_{};
  VkSampleCountFlagBits samples_ = VK_SAMPLE_COUNT_1_BIT;
  VkFormat depthFormat_ = VK_FORMAT_UNDEFINED;
  VkImageAspectFlags depthAspect_ = VK_IMAGE_ASPECT_DEPTH_BIT;
  Attachment colour_;   // multisampled when samples_ > 1
  Attachment depth_;    // same sample count as colour_
  Attachment resolve_;  // single-sample resolve target (only when samples_ > 1)
  VkRenderPass renderPass_ = VK_NULL_HANDLE;
  VkFramebuffer framebuffer_ = VK_NULL_HANDLE;
  vk::Buffer readback_;  // host-visible, width × height × 4 bytes, rows packed
};

}  // namespace vkxpbd::render
