// The window's swapchain (FIFO present) with a depth image, one render pass and a framebuffer per image.
// With 4× MSAA (when the device supports it for colour and depth) the subpass draws into a
// multisampled colour image, cleared each frame and resolved into the swapchain image (left in
// PRESENT_SRC); otherwise it draws into the swapchain image directly. Depth is cleared and discarded.
// The render pass and formats are made once; recreate() rebuilds the swapchain, depth and framebuffers
// (on resize or VK_ERROR_OUT_OF_DATE_KHR / VK_SUBOPTIMAL_KHR).
#pragma once

#include <string>
#include <vector>

#include "vk/context.h"
#include "vk/image.h"

namespace vkxpbd::window {

class Swapchain {
 public:
  // `surface` must outlive this.
  Swapchain(const vk::Context& ctx, VkSurfaceKHR surface, VkExtent2D framebufferSize);
  ~Swapchain();
  Swapchain(const Swapchain&) = delete;
  Swapchain& operator=(const Swapchain&) = delete;

  // Waits for the device (only on resize), then rebuilds for the new size.
  void recreate(VkExtent2D framebufferSize);

  VkSwapchainKHR handle() const { return swapchain_; }
  VkRenderPass renderPass() const { return renderPass_; }
  VkExtent2D extent() const { return extent_; }
  VkFormat colourFormat() const { return format_.format; }
  VkSampleCountFlagBits samples() const { return samples_; }
  uint32_t imageCount() const { return static_cast<uint32_t>(images_.size()); }
  uint32_t minImageCount() const { return minImageCount_; }
  VkFramebuffer framebuffer(uint32_t image) const { return framebuffers_[image]; }
  VkImage image(uint32_t image) const { return images_[image]; }
  // Whether the images can be copied out (VK_IMAGE_USAGE_TRANSFER_SRC_BIT, for recording).
  bool readable() const { return readable_; }
  // Signalled by the submission that renders into `image`, waited on by its present.
  VkSemaphore renderFinished(uint32_t image) const { return renderFinished_[image]; }

 private:
  void create(VkExtent2D framebufferSize);
  void destroy();
  void createRenderPass();
  using Attachment = vk::Image2D;
  Attachment createAttachment(VkFormat format, VkImageUsageFlags usage, VkImageAspectFlags aspect,
                              const std::string& name) const;
  void destroyAttachment(Attachment& a) const;

  const vk::Context& ctx_;
  VkSurfaceKHR surface_ = VK_NULL_HANDLE;
  VkSurfaceFormatKHR format_{};
  VkFormat depthFormat_ = VK_FORMAT_UNDEFINED;
  VkRenderPass renderPass_ = VK_NULL_HANDLE;
  VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
  VkExtent2D extent_{};
  bool readable_ = false;
  uint32_t minImageCount_ = 2;
  std::vector<VkImage> images_;
  std::vector<VkImageView> views_;
  std::vector<VkFramebuffer> framebuffers_;
  std::vector<VkSemaphore> renderFinished_;
  VkSampleCountFlagBits samples_ = VK_SAMPLE_COUNT_1_BIT;
  Attachment depth_;
  Attachment msaaColour_;  // only with MSAA
};

}  // namespace vkxpbd::window
