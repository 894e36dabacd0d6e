#include "vk/context.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "vk/resident_libraries.h"

namespace vkxpbd::vk {

namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";
std::atomic<uint32_t> g_processValidationMessages{0};

VKAPI_ATTR VkBool32 VKAPI_CALL debugCallback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                             VkDebugUtilsMessageTypeFlagsEXT /*types*/,
                                             const VkDebugUtilsMessengerCallbackDataEXT* data, void* user) {
  if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT && user != nullptr)
    static_cast<Context*>(user)->reportValidationMessage(data->pMessage);
  return VK_FALSE;
}

bool hasExtension(const std::vector<VkExtensionProperties>& list, const char* name) {
  for (const VkExtensionProperties& e : list)
    if (std::strcmp(e.extensionName, name) == 0) return true;
  return false;
}

std::vector<VkExtensionProperties> instanceExtensions(const char* layer) {
  uint32_t count = 0;
  vkEnumerateInstanceExtensionProperties(layer, &count, nullptr);
  std::vector<VkExtensionProperties> list(count);
  vkEnumerateInstanceExtensionProperties(layer, &count, list.data());
  return list;
}

std::vector<VkExtensionProperties> deviceExtensions(VkPhysicalDevice device) {
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> list(count);
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, list.data());
  return list;
}

bool hasLayer(const char* name) {
  uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  for (const VkLayerProperties& l : layers)
    if (std::strcmp(l.layerName, name) == 0) return true;
  return false;
}

const char* deviceTypeName(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return "virtual";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return "cpu";
    default:
      return "other";
  }
}

// Discrete GPUs first, then integrated, virtual, and CPU implementations last.
int deviceTypeRank(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return 4;
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return 3;
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return 2;
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return 1;
    default:
      return 0;
  }
}

void initLoader() {
  static VkResult result = volkInitialize();
  if (result != VK_SUCCESS)
    throw VulkanError(
        "no Vulkan loader found (install libvulkan1 and a Vulkan driver, e.g. mesa-vulkan-drivers)");
}

std::vector<VkPhysicalDevice> physicalDevices(VkInstance instance) {
  uint32_t count = 0;
  VK_CHECK(vkEnumeratePhysicalDevices(instance, &count, nullptr));
  std::vector<VkPhysicalDevice> devices(count);
  VK_CHECK(vkEnumeratePhysicalDevices(instance, &count, devices.data()));
  return devices;
}

DeviceInfo describe(VkPhysicalDevice device, uint32_t index) {
  VkPhysicalDeviceProperties p{};
  vkGetPhysicalDeviceProperties(device, &p);
  return DeviceInfo{index, p.deviceName, deviceTypeName(p.deviceType), p.apiVersion};
}

}  // namespace

bool validationRequestedByEnvironment() {
  const char* v = std::getenv("VKXPBD_VALIDATION");
  return v != nullptr && std::string_view(v) != "0" && std::string_view(v) != "";
}

Context::Context(const ContextOptions& options) {
  initLoader();
  createInstance(options);
  pickPhysicalDevice(options);
  createDevice(options);
}

Context::~Context() {
  if (device != VK_NULL_HANDLE) {
    vkDeviceWaitIdle(device);
    if (commandPool != VK_NULL_HANDLE) vkDestroyCommandPool(device, commandPool, nullptr);
    vkDestroyDevice(device, nullptr);
  }
  if (messenger_ != VK_NULL_HANDLE) vkDestroyDebugUtilsMessengerEXT(instance, messenger_, nullptr);
  if (instance != VK_NULL_HANDLE) vkDestroyInstance(instance, nullptr);
}

uint32_t processValidationMessageCount() {
  return g_processValidationMessages.load();
}

void Context::reportValidationMessage(const char* message) {
  validationMessages_.fetch_add(1);
  g_processValidationMessages.fetch_add(1);
  std::fprintf(stderr, "[vulkan validation] %s\n", message);
}

void Context::createInstance(const ContextOptions& options) {
  validationEnabled_ = options.validation;
  if (validationEnabled_ && !hasLayer(kValidationLayer))
    throw VulkanError(std::string("validation requested but ") + kValidationLayer +
                      " is not installed (Debian package vulkan-validationlayers)");

  std::vector<VkExtensionProperties> available = instanceExtensions(nullptr);
  std::vector<const char*> extensions = options.instanceExtensions;
  debugUtils = hasExtension(available, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  if (debugUtils) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vkxpbd";
  app.pEngineName = "vkxpbd";
  app.apiVersion = VK_API_VERSION_1_3;

  VkDebugUtilsMessengerCreateInfoEXT messengerInfo{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messengerInfo.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messengerInfo.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                              VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messengerInfo.pfnUserCallback = debugCallback;
  messengerInfo.pUserData = this;

  const VkValidationFeatureEnableEXT enables[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT features{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT};
  features.enabledValidationFeatureCount = 1;
  features.pEnabledValidationFeatures = enables;

  std::vector<const char*> layers;
  const void* next = nullptr;
  if (validationEnabled_) {
    layers.push_back(kValidationLayer);
    if (!debugUtils) throw VulkanError("validation requested but VK_EXT_debug_utils is unavailable");
    if (!hasExtension(instanceExtensions(kValidationLayer), VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME))
      throw VulkanError("the validation layer lacks VK_EXT_validation_features (needed for sync validation)");
    extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
    features.pNext = &messengerInfo;
    next = &features;
  }

  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pNext = next;
  info.pApplicationInfo = &app;
  info.enabledLayerCount = static_cast<uint32_t>(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  VK_CHECK(vkCreateInstance(&info, nullptr, &instance));
  keepLoadedLibrariesResident();  // the driver and layers stay loaded for the next instance
  volkLoadInstance(instance);

  if (validationEnabled_)
    VK_CHECK(vkCreateDebugUtilsMessengerEXT(instance, &messengerInfo, nullptr, &messenger_));
}

std::vector<DeviceInfo> Context::listDevices() {
  initLoader();
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  VkInstance instance = VK_NULL_HANDLE;
  VK_CHECK(vkCreateInstance(&info, nullptr, &instance));
  keepLoadedLibrariesResident();
  volkLoadInstanceOnly(instance);
  std::vector<DeviceInfo> result;
  std::vector<VkPhysicalDevice> devices = physicalDevices(instance);
  for (uint32_t i = 0; i < devices.size(); ++i) result.push_back(describe(devices[i], i));
  vkDestroyInstance(instance, nullptr);
  return result;
}

void Context::pickPhysicalDevice(const ContextOptions& options) {
  std::vector<VkPhysicalDevice> devices = physicalDevices(instance);
  if (devices.empty())
    throw VulkanError("no Vulkan device found (for a CPU device install mesa-vulkan-drivers)");

  int chosen = -1;
  if (!options.device.empty()) {
    char* end = nullptr;
    long index = std::strtol(options.device.c_str(), &end, 10);
    bool numeric = end != options.device.c_str() && *end == '\0';
    for (uint32_t i = 0; i < devices.size() && chosen < 0; ++i) {
      DeviceInfo d = describe(devices[i], i);
      if (numeric ? static_cast<long>(i) == index : d.name.find(options.device) != std::string::npos)
        chosen = static_cast<int>(i);
    }
    if (chosen < 0) {
      std::string list;
      for (uint32_t i = 0; i < devices.size(); ++i)
        list += "\n  " + std::to_string(i) + ": " + describe(devices[i], i).name;
      throw DeviceChoiceError("--device " + options.device + ": no such Vulkan device; available:" + list);
    }
  } else {
    int bestRank = -1;
    for (uint32_t i = 0; i < devices.size(); ++i) {
      VkPhysicalDeviceProperties p{};
      vkGetPhysicalDeviceProperties(devices[i], &p);
      if (deviceTypeRank(p.deviceType) > bestRank) {
        bestRank = deviceTypeRank(p.deviceType);
        chosen = static_cast<int>(i);
      }
    }
  }
  physicalDevice = devices[static_cast<size_t>(chosen)];
  deviceInfo = describe(physicalDevice, static_cast<uint32_t>(chosen));
  vkGetPhysicalDeviceProperties(physicalDevice, &properties);
  vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memoryProperties);
  if (!options.quiet)
    std::printf("device: %s (%s, Vulkan %u.%u)\n", deviceInfo.name.c_str(), deviceInfo.type.c_str(),
                VK_API_VERSION_MAJOR(properties.apiVersion), VK_API_VERSION_MINOR(properties.apiVersion));
}

void Context::createDevice(const ContextOptions& options) {
  uint32_t familyCount = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount, nullptr);
  std::vector<VkQueueFamilyProperties> families(familyCount);
  vkGetPhysicalDeviceQueueFamilyProperties(physicalDevice, &familyCount, families.data());
  const VkQueueFlags wanted = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
  bool found = false;
  for (uint32_t i = 0; i < familyCount && !found; ++i) {
    if ((families[i].queueFlags & wanted) == wanted) {
      queueFamily = i;
      found = true;
    }
  }
  if (!found) throw VulkanError(deviceInfo.name + ": no queue family with graphics and compute");
  timestampsSupported =
      families[queueFamily].timestampValidBits > 0 && properties.limits.timestampComputeAndGraphics;
  timestampPeriodNs = properties.limits.timestampPeriod;

  const bool core13 = properties.apiVersion >= VK_API_VERSION_1_3;
  std::vector<VkExtensionProperties> available = deviceExtensions(physicalDevice);
  std::vector<const char*> extensions;
  if (!core13) {
    if (!hasExtension(available, VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME))
      throw VulkanError(deviceInfo.name + ": needs Vulkan 1.3 or VK_KHR_synchronization2");
    extensions.push_back(VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME);
  }
  if (options.swapchain) extensions.push_back(VK_KHR_SWAPCHAIN_EXTENSION_NAME);

  VkPhysicalDeviceSynchronization2Features sync2{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES};
  sync2.synchronization2 = VK_TRUE;
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features.pNext = &sync2;
  VkPhysicalDeviceFeatures supported{};
  vkGetPhysicalDeviceFeatures(physicalDevice, &supported);
  features.features.fillModeNonSolid = supported.fillModeNonSolid;  // wireframe view
  features.features.sampleRateShading = supported.sampleRateShading;

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;

  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  info.pNext = &features;
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  info.enabledExtensionCount = static_cast<uint32_t>(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  VK_CHECK(vkCreateDevice(physicalDevice, &info, nullptr, &device));
  volkLoadDevice(device);
  cmdPipelineBarrier2 = core13 ? vkCmdPipelineBarrier2 : vkCmdPipelineBarrier2KHR;
  vkGetDeviceQueue(device, queueFamily, 0, &queue);
  setName(VK_OBJECT_TYPE_QUEUE, queue, "main queue");

  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = queueFamily;
  VK_CHECK(vkCreateCommandPool(device, &poolInfo, nullptr, &commandPool));
  setName(VK_OBJECT_TYPE_COMMAND_POOL, commandPool, "main command pool");
}

void Context::setObjectName(VkObjectType type, uint64_t handle, const std::string& name) const {
  if (!debugUtils || vkSetDebugUtilsObjectNameEXT == nullptr) return;
  VkDebugUtilsObjectNameInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT};
  info.objectType = type;
  info.objectHandle = handle;
  info.pObjectName = name.c_str();
  vkSetDebugUtilsObjectNameEXT(device, &info);
}

void Context::beginLabel(VkCommandBuffer cmd, const std::string& name) const {
  if (!debugUtils || vkCmdBeginDebugUtilsLabelEXT == nullptr) return;
  VkDebugUtilsLabelEXT label{VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
  label.pLabelName = name.c_str();
  vkCmdBeginDebugUtilsLabelEXT(cmd, &label);
}

void Context::endLabel(VkCommandBuffer cmd) const {
  if (!debugUtils || vkCmdEndDebugUtilsLabelEXT == nullptr) return;
  vkCmdEndDebugUtilsLabelEXT(cmd);
}

void Context::submitAndWait(const std::function<void(VkCommandBuffer)>& record) const {
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = commandPool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VK_CHECK(vkAllocateCommandBuffers(device, &alloc, &cmd));
  setName(VK_OBJECT_TYPE_COMMAND_BUFFER, cmd, "one-shot commands");
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
  record(cmd);
  VK_CHECK(vkEndCommandBuffer(cmd));

  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence = VK_NULL_HANDLE;
  VK_CHECK(vkCreateFence(device, &fenceInfo, nullptr, &fence));
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd;
  VK_CHECK(vkQueueSubmit(queue, 1, &submit, fence));
  VK_CHECK(vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX));
  vkDestroyFence(device, fence, nullptr);
  vkFreeCommandBuffers(device, commandPool, 1, &cmd);
}

uint32_t Context::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags required,
                                 VkMemoryPropertyFlags preferred) const {
  uint32_t fallback = UINT32_MAX;
  for (uint32_t i = 0; i < memoryProperties.memoryTypeCount; ++i) {
    if ((typeBits & (1u << i)) == 0) continue;
    VkMemoryPropertyFlags flags = memoryProperties.memoryTypes[i].propertyFlags;
    if ((flags & required) != required) continue;
    if ((flags & preferred) == preferred) return i;
    if (fallback == UINT32_MAX) fallback = i;
  }
  if (fallback == UINT32_MAX) throw VulkanError("no suitable Vulkan memory type");
  return fallback;
}

const char* resultName(VkResult result) {
  switch (result) {
    case VK_SUCCESS:
      return "VK_SUCCESS";
    case VK_NOT_READY:
      return "VK_NOT_READY";
    case VK_TIMEOUT:
      return "VK_TIMEOUT";
    case VK_ERROR_OUT_OF_HOST_MEMORY:
      return "VK_ERROR_OUT_OF_HOST_MEMORY";
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
      return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
    case VK_ERROR_INITIALIZATION_FAILED:
      return "VK_ERROR_INITIALIZATION_FAILED";
    case VK_ERROR_DEVICE_LOST:
      return "VK_ERROR_DEVICE_LOST";
    case VK_ERROR_LAYER_NOT_PRESENT:
      return "VK_ERROR_LAYER_NOT_PRESENT";
    case VK_ERROR_EXTENSION_NOT_PRESENT:
      return "VK_ERROR_EXTENSION_NOT_PRESENT";
    case VK_ERROR_FEATURE_NOT_PRESENT:
      return "VK_ERROR_FEATURE_NOT_PRESENT";
    case VK_ERROR_INCOMPATIBLE_DRIVER:
      return "VK_ERROR_INCOMPATIBLE_DRIVER";
    case VK_ERROR_OUT_OF_DATE_KHR:
      return "VK_ERROR_OUT_OF_DATE_KHR";
    case VK_SUBOPTIMAL_KHR:
      return "VK_SUBOPTIMAL_KHR";
    case VK_ERROR_SURFACE_LOST_KHR:
      return "VK_ERROR_SURFACE_LOST_KHR";
    default:
      return "VkResult";
  }
}

void throwVulkanError(VkResult result, const char* call, const char* file, int line) {
  throw VulkanError(std::string(call) + " failed with " + resultName(result) + " (" + std::to_string(result) +
                    ") at " + file + ":" + std::to_string(line));
}

}  // namespace vkxpbd::vk
