// Reads displayed window frames back to the host, for `run --record DIR` and the F9 key: after the
// frame's render pass, the swapchain image (left in PRESENT_SRC by the render pass) goes to
// TRANSFER_SRC, is copied into a host-visible buffer and returns to PRESENT_SRC, all in the frame's own
// command buffer; the host reads the copy after that submission's fence.
#pragma once

#include "render/image.h"
#include "vk/buffer.h"
#include "vk/context.h"

namespace vkxpbd::window {

class WindowCapture {
 public:
  explicit WindowCapture(const vk::Context& ctx) : ctx_(ctx) {}
  ~WindowCapture();
  WindowCapture(const WindowCapture&) = delete;
  WindowCapture& operator=(const WindowCapture&) = delete;

  // Records the copy of `image` (extent, format of the swapchain). The previous capture must have been
  // read (its fence waited for): the buffer is reused, and regrown when the window grew.
  void record(VkCommandBuffer cmd, VkImage image, VkExtent2D extent, VkFormat format);
  // After the fence of the submission that recorded the copy: the frame as sRGB-encoded RGBA.
  render::Image read() const;

 private:
  const vk::Context& ctx_;
  vk::Buffer buffer_;
  VkExtent2D extent_{};
  bool bgra_ = false;  // B8G8R8A8 swapchains: swap red and blue on the way out
};

}  // namespace vkxpbd::window
