// The Vulkan instance, device and queue, with optional validation (including synchronization
// validation) that counts every message so tests can fail on any of them.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "vk/vk_check.h"

namespace vkxpbd::vk {

struct ContextOptions {
  bool validation = false;  // VK_LAYER_KHRONOS_validation + synchronization validation
  std::string device;       // "" picks the best device; a number is an index; other text matches the name
  std::vector<const char*> instanceExtensions;  // e.g. from glfwGetRequiredInstanceExtensions
  bool swapchain = false;                       // enable VK_KHR_swapchain on the device
  bool quiet = false;                           // do not print the chosen device
};

// Validation messages seen by every Context of this process, including those reported while a
// context is being destroyed (leaked objects); tests compare it before and after.
uint32_t processValidationMessageCount();

// True when the environment asks for validation (VKXPBD_VALIDATION=1), as the tests do.
bool validationRequestedByEnvironment();

struct DeviceInfo {
  uint32_t index = 0;
  std::string name;
  std::string type;  // "discrete", "integrated", "virtual", "cpu", "other"
  uint32_t apiVersion = 0;
};

class Context {
 public:
  explicit Context(const ContextOptions& options);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;  // graphics + compute
  uint32_t queueFamily = 0;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memoryProperties{};
  DeviceInfo deviceInfo;
  bool timestampsSupported = false;
  double timestampPeriodNs = 1.0;  // ns per timestamp tick
  bool debugUtils = false;         // object names and labels available

  // Synchronization2 entry point: core 1.3 or VK_KHR_synchronization2 (RenderDoc reports 1.2).
  PFN_vkCmdPipelineBarrier2 cmdPipelineBarrier2 = nullptr;

  // Validation messages (warnings and errors) seen so far; zero means the layer was silent.
  uint32_t validationMessageCount() const { return validationMessages_.load(); }
  bool validationEnabled() const { return validationEnabled_; }

  void setObjectName(VkObjectType type, uint64_t handle, const std::string& name) const;
  template <typename Handle>
  void setName(VkObjectType type, Handle handle, const std::string& name) const {
    setObjectName(type, reinterpret_cast<uint64_t>(handle), name);
  }
  void beginLabel(VkCommandBuffer cmd, const std::string& name) const;
  void endLabel(VkCommandBuffer cmd) const;

  // Records commands into a fresh command buffer, submits it and waits for completion.
  void submitAndWait(const std::function<void(VkCommandBuffer)>& record) const;

  uint32_t findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                          VkMemoryPropertyFlags preferred) const;

  static std::vector<DeviceInfo> listDevices();

  // Called by the debug messenger.
  void reportValidationMessage(const char* message);

 private:
  void createInstance(const ContextOptions& options);
  void pickPhysicalDevice(const ContextOptions& options);
  void createDevice(const ContextOptions& options);

  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  bool validationEnabled_ = false;
  std::atomic<uint32_t> validationMessages_{0};
};

}  // namespace vkxpbd::vk
