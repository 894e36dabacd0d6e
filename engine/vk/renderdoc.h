// RenderDoc in-application frame capture: loads librenderdoc.so (which installs RenderDoc's Vulkan
// capture layer) and brackets chosen submissions with StartFrameCapture/EndFrameCapture.
// load() must run before the Vulkan instance is created, or RenderDoc sees nothing to capture.
#pragma once

#include <string>

namespace vkxpbd::vk {

class RenderDoc {
 public:
  // Loads RenderDoc (or finds it already injected by LD_PRELOAD or renderdoccmd) and sets the capture
  // file path template, e.g. "out/capture" gives "out/capture_frameN.rdc". Never throws; on failure
  // available() is false and reason() says why.
  bool load(const std::string& pathTemplate);
  bool available() const { return api_ != nullptr; }
  const std::string& reason() const { return reason_; }

  // Captures everything submitted between the two calls, on every device (no-ops when unavailable).
  void startCapture();
  // Ends the capture; true when RenderDoc wrote a file.
  bool endCapture();
  // Ends the capture and moves the file RenderDoc wrote to `path` (RenderDoc names files after its
  // template). Returns the final path, or empty when no capture was written.
  std::string endCaptureTo(const std::string& path);
  // Path of the newest capture file written by this process; empty when none.
  std::string lastCapturePath() const;

 private:
  void* api_ = nullptr;  // RENDERDOC_API_1_1_2*
  std::string reason_ = "not loaded";
};

}  // namespace vkxpbd::vk
