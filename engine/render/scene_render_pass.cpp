#include "render/scene_render_pass.h"

#include "vk/vk_check.h"

namespace vkxpbd {

VkRenderPass createSceneRenderPass(const vk::Context& ctx, const ScenePassDesc& desc) {
  const bool msaa = desc.samples != VK_SAMPLE_COUNT_1_BIT;
  const VkImageLayout colourLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  const VkImageLayout depthLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
  VkAttachmentDescription attachments[3]{};
  VkAttachmentDescription& colour = attachments[0];  // the picture, or the multisampled image
  colour.format = desc.colourFormat;
  colour.samples = desc.samples;
  colour.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  colour.storeOp = msaa ? VK_ATTACHMENT_STORE_OP_DONT_CARE : VK_ATTACHMENT_STORE_OP_STORE;
  colour.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  colour.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  colour.initialLayout = desc.undefinedInitial ? VK_IMAGE_LAYOUT_UNDEFINED : colourLayout;
  colour.finalLayout = msaa ? colourLayout : desc.pictureFinal;
  VkAttachmentDescription& depth = attachments[1];
  depth.format = desc.depthFormat;
  depth.samples = desc.samples;
  depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  depth.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  depth.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  depth.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  depth.initialLayout = desc.undefinedInitial ? VK_IMAGE_LAYOUT_UNDEFINED : depthLayout;
  depth.finalLayout = depthLayout;
  VkAttachmentDescription& resolve = attachments[2];  // the picture (MSAA only)
  resolve = colour;
  resolve.samples = VK_SAMPLE_COUNT_1_BIT;
  resolve.loadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  resolve.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  resolve.finalLayout = desc.pictureFinal;
  const VkAttachmentReference colourRef{0, colourLayout};
  const VkAttachmentReference depthRef{1, depthLayout};
  const VkAttachmentReference resolveRef{2, colourLayout};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &colourRef;
  subpass.pResolveAttachments = msaa ? &resolveRef : nullptr;
  subpass.pDepthStencilAttachment = &depthRef;

  VkRenderPassCreateInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  info.attachmentCount = msaa ? 3 : 2;
  info.pAttachments = attachments;
  info.subpassCount = 1;
  info.pSubpasses = &subpass;
  info.dependencyCount = desc.dependency != nullptr ? 1 : 0;
  info.pDependencies = desc.dependency;
  VkRenderPass pass = VK_NULL_HANDLE;
  VK_CHECK(vkCreateRenderPass(ctx.device, &info, nullptr, &pass));
  ctx.setName(VK_OBJECT_TYPE_RENDER_PASS, pass, desc.name);
  return pass;
}

namespace {

bool supportsSamples(const vk::Context& ctx, VkFormat format, VkImageUsageFlags usage,
                     VkSampleCountFlagBits samples) {
  VkImageFormatProperties props{};
  if (vkGetPhysicalDeviceImageFormatProperties(ctx.physicalDevice, format, VK_IMAGE_TYPE_2D,
                                               VK_IMAGE_TILING_OPTIMAL, usage, 0, &props) != VK_SUCCESS)
    return false;
  return (props.sampleCounts & samples) != 0;
}

}  // namespace

VkFormat pickSceneDepthFormat(const vk::Context& ctx) {
  for (VkFormat f : {VK_FORMAT_D32_SFLOAT, VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D16_UNORM}) {
    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(ctx.physicalDevice, f, &props);
    if (props.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) return f;
  }
  throw vk::VulkanError(ctx.deviceInfo.name + ": no depth attachment format");
}

VkSampleCountFlagBits pickSceneSamples(const vk::Context& ctx, VkFormat colourFormat,
                                       VkImageUsageFlags colourUsage, VkFormat depthFormat,
                                       VkImageUsageFlags depthUsage) {
  const VkSampleCountFlagBits four = VK_SAMPLE_COUNT_4_BIT;
  const VkPhysicalDeviceLimits& limits = ctx.properties.limits;
  const bool allowed =
      (limits.framebufferColorSampleCounts & limits.framebufferDepthSampleCounts & four) != 0 &&
      supportsSamples(ctx, colourFormat, colourUsage, four) &&
      supportsSamples(ctx, depthFormat, depthUsage, four);
  return allowed ? four : VK_SAMPLE_COUNT_1_BIT;
}

}  // namespace vkxpbd
