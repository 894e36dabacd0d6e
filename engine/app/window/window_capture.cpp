#include "app/window/window_capture.h"

#include <cstring>
#include <stdexcept>
#include <utility>

#include "vk/image.h"

namespace vkxpbd::window {

WindowCapture::~WindowCapture() {
  vk::destroyBuffer(ctx_, buffer_);
}

void WindowCapture::record(VkCommandBuffer cmd, VkImage image, VkExtent2D extent, VkFormat format) {
  if (format != VK_FORMAT_B8G8R8A8_SRGB && format != VK_FORMAT_B8G8R8A8_UNORM &&
      format != VK_FORMAT_R8G8B8A8_SRGB && format != VK_FORMAT_R8G8B8A8_UNORM)
    throw std::runtime_error("window recording: the swapchain format is not 8-bit RGBA or BGRA");
  const VkDeviceSize bytes = VkDeviceSize{extent.width} * extent.height * 4;
  if (buffer_.size < bytes) {
    vk::destroyBuffer(ctx_, buffer_);
    buffer_ = vk::createBuffer(ctx_, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryKind::HostVisible,
                               "window capture");
  }
  extent_ = extent;
  bgra_ = format == VK_FORMAT_B8G8R8A8_SRGB || format == VK_FORMAT_B8G8R8A8_UNORM;
  ctx_.beginLabel(cmd, "window capture");
  // The render pass's colour writes (its final layout transition included) → the copy's reads.
  const VkImageMemoryBarrier2 toCopy = vk::imageBarrier(
      image, VK_IMAGE_ASPECT_COLOR_BIT, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
      VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT,
      VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  vk::imageBarriers(ctx_, cmd, &toCopy, 1);
  vk::recordCopyToHost(ctx_, cmd, image, extent, buffer_.buffer);
  // Back for the present, after the copy's reads (the present waits on the frame's semaphore).
  const VkImageMemoryBarrier2 toPresent =
      vk::imageBarrier(image, VK_IMAGE_ASPECT_COLOR_BIT, VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_NONE,
                       VK_PIPELINE_STAGE_2_BOTTOM_OF_PIPE_BIT, VK_ACCESS_2_NONE,
                       VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);
  vk::imageBarriers(ctx_, cmd, &toPresent, 1);
  ctx_.endLabel(cmd);
}

render::Image WindowCapture::read() const {
  render::Image image;
  image.width = extent_.width;
  image.height = extent_.height;
  image.rgba.resize(size_t{extent_.width} * extent_.height * 4);
  std::memcpy(image.rgba.data(), buffer_.mapped, image.rgba.size());
  for (size_t i = 0; i < image.rgba.size(); i += 4) {
    if (bgra_) std::swap(image.rgba[i], image.rgba[i + 2]);
    image.rgba[i + 3] = 255;  // the window is opaque
  }
  return image;
}

}  // namespace vkxpbd::window
