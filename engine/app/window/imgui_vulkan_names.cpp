#include "app/window/imgui_vulkan_names.h"

#include <cstring>

namespace vkxpbd {
namespace {

const vk::Context* gContext = nullptr;

template <typename Handle>
void name(VkResult result, VkObjectType type, Handle handle, const char* text) {
  if (result == VK_SUCCESS && gContext != nullptr) gContext->setName(type, handle, text);
}

VKAPI_ATTR VkResult VKAPI_CALL createBuffer(VkDevice device, const VkBufferCreateInfo* info,
                                            const VkAllocationCallbacks* allocator, VkBuffer* buffer) {
  const VkResult r = vkCreateBuffer(device, info, allocator, buffer);
  const char* what = (info->usage & VK_BUFFER_USAGE_VERTEX_BUFFER_BIT)  ? "imgui vertex buffer"
                     : (info->usage & VK_BUFFER_USAGE_INDEX_BUFFER_BIT) ? "imgui index buffer"
                                                                        : "imgui upload buffer";
  name(r, VK_OBJECT_TYPE_BUFFER, *buffer, what);
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL allocateMemory(VkDevice device, const VkMemoryAllocateInfo* info,
                                              const VkAllocationCallbacks* allocator,
                                              VkDeviceMemory* memory) {
  const VkResult r = vkAllocateMemory(device, info, allocator, memory);
  name(r, VK_OBJECT_TYPE_DEVICE_MEMORY, *memory, "imgui memory");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createImage(VkDevice device, const VkImageCreateInfo* info,
                                           const VkAllocationCallbacks* allocator, VkImage* image) {
  const VkResult r = vkCreateImage(device, info, allocator, image);
  name(r, VK_OBJECT_TYPE_IMAGE, *image, "imgui font image");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createImageView(VkDevice device, const VkImageViewCreateInfo* info,
                                               const VkAllocationCallbacks* allocator, VkImageView* view) {
  const VkResult r = vkCreateImageView(device, info, allocator, view);
  name(r, VK_OBJECT_TYPE_IMAGE_VIEW, *view, "imgui font image view");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createSampler(VkDevice device, const VkSamplerCreateInfo* info,
                                             const VkAllocationCallbacks* allocator, VkSampler* sampler) {
  const VkResult r = vkCreateSampler(device, info, allocator, sampler);
  name(r, VK_OBJECT_TYPE_SAMPLER, *sampler, "imgui font sampler");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createShaderModule(VkDevice device, const VkShaderModuleCreateInfo* info,
                                                  const VkAllocationCallbacks* allocator,
                                                  VkShaderModule* module) {
  const VkResult r = vkCreateShaderModule(device, info, allocator, module);
  name(r, VK_OBJECT_TYPE_SHADER_MODULE, *module, "imgui shader");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createDescriptorSetLayout(VkDevice device,
                                                         const VkDescriptorSetLayoutCreateInfo* info,
                                                         const VkAllocationCallbacks* allocator,
                                                         VkDescriptorSetLayout* layout) {
  const VkResult r = vkCreateDescriptorSetLayout(device, info, allocator, layout);
  name(r, VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, *layout, "imgui descriptor set layout");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL allocateDescriptorSets(VkDevice device,
                                                      const VkDescriptorSetAllocateInfo* info,
                                                      VkDescriptorSet* sets) {
  const VkResult r = vkAllocateDescriptorSets(device, info, sets);
  for (uint32_t k = 0; k < info->descriptorSetCount; ++k)
    name(r, VK_OBJECT_TYPE_DESCRIPTOR_SET, sets[k], "imgui font descriptor set");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createPipelineLayout(VkDevice device, const VkPipelineLayoutCreateInfo* info,
                                                    const VkAllocationCallbacks* allocator,
                                                    VkPipelineLayout* layout) {
  const VkResult r = vkCreatePipelineLayout(device, info, allocator, layout);
  name(r, VK_OBJECT_TYPE_PIPELINE_LAYOUT, *layout, "imgui pipeline layout");
  return r;
}

VKAPI_ATTR VkResult VKAPI_CALL createGraphicsPipelines(VkDevice device, VkPipelineCache cache, uint32_t count,
                                                       const VkGraphicsPipelineCreateInfo* infos,
                                                       const VkAllocationCallbacks* allocator,
                                                       VkPipeline* pipelines) {
  const VkResult r = vkCreateGraphicsPipelines(device, cache, count, infos, allocator, pipelines);
  for (uint32_t k = 0; k < count; ++k) name(r, VK_OBJECT_TYPE_PIPELINE, pipelines[k], "imgui pipeline");
  return r;
}

struct Wrapped {
  const char* name;
  PFN_vkVoidFunction function;
};

const Wrapped kWrapped[] = {
    {"vkCreateBuffer", reinterpret_cast<PFN_vkVoidFunction>(createBuffer)},
    {"vkAllocateMemory", reinterpret_cast<PFN_vkVoidFunction>(allocateMemory)},
    {"vkCreateImage", reinterpret_cast<PFN_vkVoidFunction>(createImage)},
    {"vkCreateImageView", reinterpret_cast<PFN_vkVoidFunction>(createImageView)},
    {"vkCreateSampler", reinterpret_cast<PFN_vkVoidFunction>(createSampler)},
    {"vkCreateShaderModule", reinterpret_cast<PFN_vkVoidFunction>(createShaderModule)},
    {"vkCreateDescriptorSetLayout", reinterpret_cast<PFN_vkVoidFunction>(createDescriptorSetLayout)},
    {"vkAllocateDescriptorSets", reinterpret_cast<PFN_vkVoidFunction>(allocateDescriptorSets)},
    {"vkCreatePipelineLayout", reinterpret_cast<PFN_vkVoidFunction>(createPipelineLayout)},
    {"vkCreateGraphicsPipelines", reinterpret_cast<PFN_vkVoidFunction>(createGraphicsPipelines)},
};

}  // namespace

void setImGuiNamingContext(const vk::Context* ctx) {
  gContext = ctx;
}

PFN_vkVoidFunction loadNamedImGuiVulkanFunction(const char* functionName, void* /*user*/) {
  for (const Wrapped& w : kWrapped)
    if (std::strcmp(w.name, functionName) == 0) return w.function;
  return vkGetInstanceProcAddr(gContext->instance, functionName);
}

}  // namespace vkxpbd
