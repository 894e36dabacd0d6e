#include "vk/compute.h"

#include "gpu/embedded_shaders.h"

namespace vkxpbd::vk {

VkShaderModule createShaderModule(const Context& ctx, const char* name) {
  const EmbeddedShader* shader = findEmbeddedShader(name);
  if (shader == nullptr) throw VulkanError(std::string("shader not embedded in this build: ") + name);
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = shader->wordCount * sizeof(uint32_t);
  info.pCode = shader->words;
  VkShaderModule module = VK_NULL_HANDLE;
  VK_CHECK(vkCreateShaderModule(ctx.device, &info, nullptr, &module));
  ctx.setName(VK_OBJECT_TYPE_SHADER_MODULE, module, name);
  return module;
}

VkPipeline createComputePipeline(const Context& ctx, VkPipelineLayout layout, const char* shaderName,
                                 uint32_t localSizeX) {
  VkShaderModule module = createShaderModule(ctx, shaderName);
  const VkSpecializationMapEntry entry{0, 0, sizeof(uint32_t)};
  const VkSpecializationInfo specialization{1, &entry, sizeof(uint32_t), &localSizeX};

  VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = module;
  info.stage.pName = "main";
  if (localSizeX > 0) info.stage.pSpecializationInfo = &specialization;
  info.layout = layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkResult result = vkCreateComputePipelines(ctx.device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
  vkDestroyShaderModule(ctx.device, module, nullptr);
  VK_CHECK(result);
  ctx.setName(VK_OBJECT_TYPE_PIPELINE, pipeline, shaderName);
  return pipeline;
}

void memoryBarrier(const Context& ctx, VkCommandBuffer cmd, VkPipelineStageFlags2 srcStage,
                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess) {
  VkMemoryBarrier2 barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
  barrier.srcStageMask = srcStage;
  barrier.srcAccessMask = srcAccess;
  barrier.dstStageMask = dstStage;
  barrier.dstAccessMask = dstAccess;
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.memoryBarrierCount = 1;
  dep.pMemoryBarriers = &barrier;
  ctx.cmdPipelineBarrier2(cmd, &dep);
}

}  // namespace vkxpbd::vk
