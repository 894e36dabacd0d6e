// Compute pipelines from the embedded SPIR-V, and synchronization2 barrier helpers.
#pragma once

#include <string>

#include "vk/context.h"

namespace vkxpbd::vk {

// A shader module from the embedded SPIR-V of `name` (e.g. "cloth.vert"), named after it.
VkShaderModule createShaderModule(const Context& ctx, const char* name);

// Creates a compute pipeline from the embedded shader `shaderName` (e.g. "predict.comp"). `localSizeX`
// (non-zero) sets the work-group size of a shader declared with local_size_x_id = 0.
VkPipeline createComputePipeline(const Context& ctx, VkPipelineLayout layout, const char* shaderName,
                                 uint32_t localSizeX = 0);

// A global memory barrier (covers every buffer) with exact stages and access masks.
void memoryBarrier(const Context& ctx, VkCommandBuffer cmd, VkPipelineStageFlags2 srcStage,
                   VkAccessFlags2 srcAccess, VkPipelineStageFlags2 dstStage, VkAccessFlags2 dstAccess);

// Compute writes must be visible to the next compute pass (read and write).
inline void computeToComputeBarrier(const Context& ctx, VkCommandBuffer cmd) {
  memoryBarrier(ctx, cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

inline uint32_t groupCount(uint32_t elements, uint32_t groupSize) {
  return (elements + groupSize - 1) / groupSize;
}

}  // namespace vkxpbd::vk
