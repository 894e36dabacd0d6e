#include "vk/descriptors.h"

#include <map>

namespace vkxpbd::vk {

BufferDescriptorSet createBufferDescriptorSet(const Context& ctx, const std::vector<BufferBinding>& bindings,
                                              VkShaderStageFlags stages, const std::string& name) {
  const uint32_t count = static_cast<uint32_t>(bindings.size());
  BufferDescriptorSet d;
  std::vector<VkDescriptorSetLayoutBinding> layoutBindings(count);
  std::map<VkDescriptorType, uint32_t> perType;
  for (uint32_t b = 0; b < count; ++b) {
    layoutBindings[b] = {b, bindings[b].type, 1, stages, nullptr};
    perType[bindings[b].type] += 1;
  }
  VkDescriptorSetLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  layoutInfo.bindingCount = count;
  layoutInfo.pBindings = layoutBindings.data();
  VK_CHECK(vkCreateDescriptorSetLayout(ctx.device, &layoutInfo, nullptr, &d.layout));
  ctx.setName(VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, d.layout, name + " set layout");

  std::vector<VkDescriptorPoolSize> sizes;
  for (const auto& [type, n] : perType) sizes.push_back({type, n});
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = 1;
  poolInfo.poolSizeCount = static_cast<uint32_t>(sizes.size());
  poolInfo.pPoolSizes = sizes.data();
  VK_CHECK(vkCreateDescriptorPool(ctx.device, &poolInfo, nullptr, &d.pool));
  ctx.setName(VK_OBJECT_TYPE_DESCRIPTOR_POOL, d.pool, name + " descriptor pool");

  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = d.pool;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &d.layout;
  VK_CHECK(vkAllocateDescriptorSets(ctx.device, &alloc, &d.set));
  ctx.setName(VK_OBJECT_TYPE_DESCRIPTOR_SET, d.set, name + " descriptor set");

  std::vector<VkDescriptorBufferInfo> infos(count);
  std::vector<VkWriteDescriptorSet> writes(count);
  for (uint32_t b = 0; b < count; ++b) {
    infos[b] = {bindings[b].buffer, 0, bindings[b].range};
    writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[b].dstSet = d.set;
    writes[b].dstBinding = b;
    writes[b].descriptorCount = 1;
    writes[b].descriptorType = bindings[b].type;
    writes[b].pBufferInfo = &infos[b];
  }
  vkUpdateDescriptorSets(ctx.device, count, writes.data(), 0, nullptr);
  return d;
}

void destroyBufferDescriptorSet(const Context& ctx, BufferDescriptorSet& d) {
  if (d.pool != VK_NULL_HANDLE) vkDestroyDescriptorPool(ctx.device, d.pool, nullptr);
  if (d.layout != VK_NULL_HANDLE) vkDestroyDescriptorSetLayout(ctx.device, d.layout, nullptr);
  d = BufferDescriptorSet{};
}

VkPipelineLayout createPipelineLayout(const Context& ctx, VkDescriptorSetLayout setLayout,
                                      VkShaderStageFlags pushStages, uint32_t pushBytes,
                                      const std::string& name) {
  const VkPushConstantRange push{pushStages, 0, pushBytes};
  VkPipelineLayoutCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  info.setLayoutCount = setLayout != VK_NULL_HANDLE ? 1 : 0;
  info.pSetLayouts = &setLayout;
  info.pushConstantRangeCount = 1;
  info.pPushConstantRanges = &push;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VK_CHECK(vkCreatePipelineLayout(ctx.device, &info, nullptr, &layout));
  ctx.setName(VK_OBJECT_TYPE_PIPELINE_LAYOUT, layout, name);
  return layout;
}

}  // namespace vkxpbd::vk
