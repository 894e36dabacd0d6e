#include "render/render_target.h"

#include <cstring>

#include "render/scene_render_pass.h"
#include "shared/render_types.h"

namespace vkxpbd::render {

OffscreenTarget::OffscreenTarget(const vk::Context& ctx, uint32_t width, uint32_t height, bool msaa)
    : ctx_(ctx) {
  extent_ = {width, height};
  depthFormat_ = pickSceneDepthFormat(ctx_);
  if (depthFormat_ == VK_FORMAT_D24_UNORM_S8_UINT) depthAspect_ |= VK_IMAGE_ASPECT_STENCIL_BIT;

  const VkImageUsageFlags colourUsage =
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
  const VkImageUsageFlags depthUsage =
      VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT;
  const VkImageUsageFlags resolvedUsage =
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  if (msaa) samples_ = pickSceneSamples(ctx_, kColourFormat, colourUsage, depthFormat_, depthUsage);

  if (samples_ == VK_SAMPLE_COUNT_1_BIT) {
    colour_ = createAttachment(kColourFormat, samples_, resolvedUsage, VK_IMAGE_ASPECT_COLOR_BIT, "colour");
  } else {
    colour_ =
        createAttachment(kColourFormat, samples_, colourUsage, VK_IMAGE_ASPECT_COLOR_BIT, "colour msaa");
    resolve_ = createAttachment(kColourFormat, VK_SAMPLE_COUNT_1_BIT, resolvedUsage,
                                VK_IMAGE_ASPECT_COLOR_BIT, "colour resolved");
  }
  depth_ = createAttachment(depthFormat_, samples_, depthUsage, depthAspect_, "depth");
  createRenderPass();

  std::vector<VkImageView> views = {colour_.view, depth_.view};
  if (samples_ != VK_SAMPLE_COUNT_1_BIT) views.push_back(resolve_.view);
  VkFramebufferCreateInfo fbInfo{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  fbInfo.renderPass = renderPass_;
  fbInfo.attachmentCount = static_cast<uint32_t>(views.size());
  fbInfo.pAttachments = views.data();
  fbInfo.width = width;
  fbInfo.height = height;
  fbInfo.layers = 1;
  VK_CHECK(vkCreateFramebuffer(ctx_.device, &fbInfo, nullptr, &framebuffer_));
  ctx_.setName(VK_OBJECT_TYPE_FRAMEBUFFER, framebuffer_, "offscreen framebuffer");

  readback_ = vk::createBuffer(ctx_, VkDeviceSize{width} * height * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                               vk::MemoryKind::HostVisible, "frame readback");
}

OffscreenTarget::~OffscreenTarget() {
  vkDeviceWaitIdle(ctx_.device);
  vk::destroyBuffer(ctx_, readback_);
  vkDestroyFramebuffer(ctx_.device, framebuffer_, nullptr);
  vkDestroyRenderPass(ctx_.device, renderPass_, nullptr);
  destroyAttachment(colour_);
  destroyAttachment(depth_);
  destroyAttachment(resolve_);
}

OffscreenTarget::Attachment OffscreenTarget::createAttachment(VkFormat format, VkSampleCountFlagBits samples,
                                                              VkImageUsageFlags usage,
                                                              VkImageAspectFlags aspect,
                                                              const std::string& name) {
  return vk::createImage2D(ctx_, extent_, format, samples, usage, aspect, name);
}

void OffscreenTarget::destroyAttachment(Attachment& a) {
  vk::destroyImage2D(ctx_, a);
}

void OffscreenTarget::createRenderPass() {
  // No layout transitions inside the pass, hence no implicit external dependencies: the barriers
  // recorded by begin() and end() order the pass against the previous frame and the copy.
  ScenePassDesc desc;
  desc.colourFormat = kColourFormat;
  desc.depthFormat = depthFormat_;
  desc.samples = samples_;
  desc.name = "offscreen render pass";
  renderPass_ = createSceneRenderPass(ctx_, desc);
}

void OffscreenTarget::begin(VkCommandBuffer cmd) {
  const bool msaa = samples_ != VK_SAMPLE_COUNT_1_BIT;
  const VkPipelineStageFlags2 colourStage = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
  const VkPipelineStageFlags2 depthStages =
      VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT;
  const VkAccessFlags2 depthAccess =
      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT;
  std::vector<VkImageMemoryBarrier2> barriers;
  // Colour: after the previous frame's writes (MSAA: its resolve reads the samples; 1x: also its copy).
  barriers.push_back(vk::imageBarrier(
      colour_.image, VK_IMAGE_ASPECT_COLOR_BIT, colourStage | (msaa ? 0 : VK_PIPELINE_STAGE_2_COPY_BIT),
      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, colourStage, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
      VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL));
  // Resolve target: after the previous frame's copy has read it.
  if (msaa)
    barriers.push_back(vk::imageBarrier(resolve_.image, VK_IMAGE_ASPECT_COLOR_BIT,
                                        VK_PIPELINE_STAGE_2_COPY_BIT, 0, colourStage,
                                        VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                                        VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL));
  // Depth: after the previous frame's depth tests.
  barriers.push_back(vk::imageBarrier(
      depth_.image, depthAspect_, depthStages, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, depthStages,
      depthAccess, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL));
  vk::imageBarriers(ctx_, cmd, barriers.data(), static_cast<uint32_t>(barriers.size()));

  VkClearValue clears[3]{};
  clears[0].color = {{VKXPBD_CLEAR_COLOUR, 1.0f}};
  clears[1].depthStencil = {1.0f, 0};
  VkRenderPassBeginInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  info.renderPass = renderPass_;
  info.framebuffer = framebuffer_;
  info.renderArea = {{0, 0}, extent_};
  info.clearValueCount = msaa ? 3 : 2;
  info.pClearValues = clears;
  vkCmdBeginRenderPass(cmd, &info, VK_SUBPASS_CONTENTS_INLINE);
}

void OffscreenTarget::end(VkCommandBuffer cmd) {
  vkCmdEndRenderPass(cmd);
  ctx_.beginLabel(cmd, "read back");
  const VkImage image = resolved().image;
  // Resolve (or colour) writes → copy reads, in the transfer layout.
  VkImageMemoryBarrier2 toCopy = vk::imageBarrier(
      image, VK_IMAGE_ASPECT_COLOR_BIT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
      VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  vk::imageBarriers(ctx_, cmd, &toCopy, 1);
  vk::recordCopyToHost(ctx_, cmd, image, extent_, readback_.buffer);
  ctx_.endLabel(cmd);
}

Image OffscreenTarget::readback() const {
  Image image;
  image.width = extent_.width;
  image.height = extent_.height;
  image.rgba.resize(size_t{extent_.width} * extent_.height * 4);
  std::memcpy(image.rgba.data(), readback_.mapped, image.rgba.size());
  return image;
}

}  // namespace vkxpbd::render
