// Error handling for Vulkan calls: a failed call throws VulkanError naming the call and the result.
#pragma once

#include <stdexcept>
#include <string>

#include <volk.h>

namespace vkxpbd::vk {

class VulkanError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `--device` names no device: a bad command line (exit 2), not a Vulkan failure.
class DeviceChoiceError : public VulkanError {
 public:
  using VulkanError::VulkanError;
};

const char* resultName(VkResult result);

[[noreturn]] void throwVulkanError(VkResult result, const char* call, const char* file, int line);

}  // namespace vkxpbd::vk

#define VK_CHECK(call)                                                             \
  do {                                                                             \
    VkResult vk_check_result_ = (call);                                            \
    if (vk_check_result_ != VK_SUCCESS)                                            \
      ::vkxpbd::vk::throwVulkanError(vk_check_result_, #call, __FILE__, __LINE__); \
  } while (0)
