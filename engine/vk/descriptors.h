// One descriptor set whose binding i holds one buffer (whole, or a window of a dynamic one), with its layout
// and its own pool: the shape of every descriptor set in this project (solver, normals pass, constraint
// views).
#pragma once

#include <string>
#include <vector>

#include "vk/context.h"

namespace vkxpbd::vk {

struct BufferBinding {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  VkDeviceSize range = VK_WHOLE_SIZE;  // bytes from offset 0 (a dynamic buffer's window)
};

struct BufferDescriptorSet {
  VkDescriptorSetLayout layout = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
};

// Binding i is bindings[i] (its range from offset 0), visible to `stages`; layout, pool and set are named
// after `name`.
BufferDescriptorSet createBufferDescriptorSet(const Context& ctx, const std::vector<BufferBinding>& bindings,
                                              VkShaderStageFlags stages, const std::string& name);
void destroyBufferDescriptorSet(const Context& ctx, BufferDescriptorSet& set);

// A pipeline layout with one descriptor set layout (may be VK_NULL_HANDLE for none) and one
// push-constant range of `pushBytes` bytes at offset 0 visible to `pushStages`.
VkPipelineLayout createPipelineLayout(const Context& ctx, VkDescriptorSetLayout setLayout,
                                      VkShaderStageFlags pushStages, uint32_t pushBytes,
                                      const std::string& name);

}  // namespace vkxpbd::vk
