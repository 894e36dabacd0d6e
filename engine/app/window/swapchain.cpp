#include "app/window/swapchain.h"

#include <algorithm>
#include <string>

#include "render/scene_render_pass.h"

namespace vkxpbd::window {

namespace {

constexpr VkImageUsageFlags kMsaaColourUsage =
    VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;

// An sRGB format, so the renderer's linear colours are encoded as in its PNG files.
VkSurfaceFormatKHR pickSurfaceFormat(const vk::Context& ctx, VkSurfaceKHR surface) {
  uint32_t count = 0;
  VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(ctx.physicalDevice, surface, &count, nullptr));
  std::vector<VkSurfaceFormatKHR> formats(count);
  VK_CHECK(vkGetPhysicalDeviceSurfaceFormatsKHR(ctx.physicalDevice, surface, &count, formats.data()));
  if (formats.empty()) throw vk::VulkanError("the window surface reports no formats");
  for (VkFormat want : {VK_FORMAT_B8G8R8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB})
    for (const VkSurfaceFormatKHR& f : formats)
      if (f.format == want && f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) return f;
  return formats.front();
}

}  // namespace

Swapchain::Swapchain(const vk::Context& ctx, VkSurfaceKHR surface, VkExtent2D framebufferSize)
    : ctx_(ctx), surface_(surface) {
  VkBool32 supported = VK_FALSE;
  VK_CHECK(vkGetPhysicalDeviceSurfaceSupportKHR(ctx_.physicalDevice, ctx_.queueFamily, surface_, &supported));
  if (!supported) throw vk::VulkanError("the queue family cannot present to the window");
  format_ = pickSurfaceFormat(ctx_, surface_);
  depthFormat_ = pickSceneDepthFormat(ctx_);
  samples_ = pickSceneSamples(ctx_, format_.format, kMsaaColourUsage, depthFormat_,
                              VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
  createRenderPass();
  create(framebufferSize);
}

Swapchain::~Swapchain() {
  vkDeviceWaitIdle(ctx_.device);
  destroy();
  if (swapchain_ != VK_NULL_HANDLE) vkDestroySwapchainKHR(ctx_.device, swapchain_, nullptr);
  vkDestroyRenderPass(ctx_.device, renderPass_, nullptr);
}

void Swapchain::recreate(VkExtent2D framebufferSize) {
  vkDeviceWaitIdle(ctx_.device);
  destroy();
  create(framebufferSize);
}

void Swapchain::createRenderPass() {
  // External → 0: the layout transitions and clears wait for
  //   colour: the acquire semaphore (waited at COLOR_ATTACHMENT_OUTPUT) — the presentation engine's read;
  //   depth:  the previous frame's depth tests (one depth image shared by the frames in flight);
  //   MSAA colour: the previous frame's writes and resolve (one image shared by the frames in flight).
  // 0 → external is the implicit dependency before the present (the semaphore wait covers it).
  VkSubpassDependency dependency{};
  dependency.srcSubpass = VK_SUBPASS_EXTERNAL;
  dependency.dstSubpass = 0;
  dependency.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                            VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
                            VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
  dependency.srcAccessMask =
      VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  dependency.dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT |
                            VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT |
                            VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
  dependency.dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT | VK_ACCESS_COLOR_ATTACHMENT_READ_BIT |
                             VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT |
                             VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;

  ScenePassDesc desc;
  desc.colourFormat = format_.format;
  desc.depthFormat = depthFormat_;
  desc.samples = samples_;
  desc.undefinedInitial = true;
  desc.pictureFinal = VK_IMAGE_LAYOUT_PRESENT_SRC_KHR;
  desc.dependency = &dependency;
  desc.name = "window render pass";
  renderPass_ = createSceneRenderPass(ctx_, desc);
}

void Swapchain::create(VkExtent2D framebufferSize) {
  VkSurfaceCapabilitiesKHR caps{};
  VK_CHECK(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(ctx_.physicalDevice, surface_, &caps));
  if (caps.currentExtent.width != UINT32_MAX) {
    extent_ = caps.currentExtent;
  } else {
    extent_.width = std::clamp(framebufferSize.width, caps.minImageExtent.width, caps.maxImageExtent.width);
    extent_.height =
        std::clamp(framebufferSize.height, caps.minImageExtent.height, caps.maxImageExtent.height);
  }
  minImageCount_ = std::max(2u, caps.minImageCount);
  uint32_t imageCount = caps.minImageCount + 1;
  if (caps.maxImageCount > 0) imageCount = std::min(imageCount, caps.maxImageCount);
  imageCount = std::max(imageCount, minImageCount_);

  const VkSwapchainKHR old = swapchain_;
  VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
  info.surface = surface_;
  info.minImageCount = imageCount;
  info.imageFormat = format_.format;
  info.imageColorSpace = format_.colorSpace;
  info.imageExtent = extent_;
  info.imageArrayLayers = 1;
  info.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  // Copied out for window recording and screenshots (WindowCapture), where the surface allows it.
  readable_ = (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) != 0;
  if (readable_) info.imageUsage |= VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = caps.currentTransform;
  info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  if (!(caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)) {
    for (VkCompositeAlphaFlagBitsKHR a :
         {VK_COMPOSITE_ALPHA_INHERIT_BIT_KHR, VK_COMPOSITE_ALPHA_PRE_MULTIPLIED_BIT_KHR,
          VK_COMPOSITE_ALPHA_POST_MULTIPLIED_BIT_KHR})
      if (caps.supportedCompositeAlpha & a) {
        info.compositeAlpha = a;
        break;
      }
  }
  info.presentMode = VK_PRESENT_MODE_FIFO_KHR;  // always supported; paced by the display
  info.clipped = VK_TRUE;
  info.oldSwapchain = old;
  VK_CHECK(vkCreateSwapchainKHR(ctx_.device, &info, nullptr, &swapchain_));
  ctx_.setName(VK_OBJECT_TYPE_SWAPCHAIN_KHR, swapchain_, "window swapchain");
  if (old != VK_NULL_HANDLE) vkDestroySwapchainKHR(ctx_.device, old, nullptr);

  uint32_t count = 0;
  VK_CHECK(vkGetSwapchainImagesKHR(ctx_.device, swapchain_, &count, nullptr));
  images_.resize(count);
  VK_CHECK(vkGetSwapchainImagesKHR(ctx_.device, swapchain_, &count, images_.data()));

  const VkImageAspectFlags depthAspect =
      VK_IMAGE_ASPECT_DEPTH_BIT |
      (depthFormat_ == VK_FORMAT_D24_UNORM_S8_UINT ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
  depth_ = createAttachment(depthFormat_, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, depthAspect,
                            "window depth");
  if (samples_ != VK_SAMPLE_COUNT_1_BIT)
    msaaColour_ =
        createAttachment(format_.format, kMsaaColourUsage, VK_IMAGE_ASPECT_COLOR_BIT, "window msaa colour");

  // Per image: view, framebuffer, render-finished semaphore.
  for (uint32_t i = 0; i < count; ++i) {
    const std::string n = std::to_string(i);
    ctx_.setName(VK_OBJECT_TYPE_IMAGE, images_[i], "swapchain image " + n);
    VkImageViewCreateInfo v{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    v.image = images_[i];
    v.viewType = VK_IMAGE_VIEW_TYPE_2D;
    v.format = format_.format;
    v.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView view = VK_NULL_HANDLE;
    VK_CHECK(vkCreateImageView(ctx_.device, &v, nullptr, &view));
    ctx_.setName(VK_OBJECT_TYPE_IMAGE_VIEW, view, "swapchain view " + n);
    views_.push_back(view);

    const bool msaa = samples_ != VK_SAMPLE_COUNT_1_BIT;
    const VkImageView attachments[3] = {msaa ? msaaColour_.view : view, depth_.view, view};
    VkFramebufferCreateInfo fb{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
    fb.renderPass = renderPass_;
    fb.attachmentCount = msaa ? 3 : 2;
    fb.pAttachments = attachments;
    fb.width = extent_.width;
    fb.height = extent_.height;
    fb.layers = 1;
    VkFramebuffer framebuffer = VK_NULL_HANDLE;
    VK_CHECK(vkCreateFramebuffer(ctx_.device, &fb, nullptr, &framebuffer));
    ctx_.setName(VK_OBJECT_TYPE_FRAMEBUFFER, framebuffer, "swapchain framebuffer " + n);
    framebuffers_.push_back(framebuffer);

    VkSemaphoreCreateInfo s{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VkSemaphore semaphore = VK_NULL_HANDLE;
    VK_CHECK(vkCreateSemaphore(ctx_.device, &s, nullptr, &semaphore));
    ctx_.setName(VK_OBJECT_TYPE_SEMAPHORE, semaphore, "render finished " + n);
    renderFinished_.push_back(semaphore);
  }
}

void Swapchain::destroy() {
  for (VkFramebuffer f : framebuffers_) vkDestroyFramebuffer(ctx_.device, f, nullptr);
  for (VkImageView v : views_) vkDestroyImageView(ctx_.device, v, nullptr);
  for (VkSemaphore s : renderFinished_) vkDestroySemaphore(ctx_.device, s, nullptr);
  framebuffers_.clear();
  views_.clear();
  renderFinished_.clear();
  images_.clear();
  destroyAttachment(depth_);
  destroyAttachment(msaaColour_);
}

Swapchain::Attachment Swapchain::createAttachment(VkFormat format, VkImageUsageFlags usage,
                                                  VkImageAspectFlags aspect, const std::string& name) const {
  return vk::createImage2D(ctx_, extent_, format, samples_, usage, aspect, name);
}

void Swapchain::destroyAttachment(Attachment& a) const {
  vk::destroyImage2D(ctx_, a);
}

}  // namespace vkxpbd::window
