// Graphics pipelines of the renderer from the embedded SPIR-V: one description, one creation function.
// Viewport and scissor are dynamic; depth test on (less or equal); subpass 0 of the given render pass.
#pragma once

#include <vector>

#include "vk/context.h"

namespace vkxpbd::render {

struct GraphicsPipelineDesc {
  const char* name;
  const char* vertexShader;
  const char* fragmentShader;
  std::vector<VkVertexInputBindingDescription> bindings;
  std::vector<VkVertexInputAttributeDescription> attributes;
  VkCullModeFlags cullMode = VK_CULL_MODE_NONE;
  VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
};

VkPipeline createGraphicsPipeline(const vk::Context& ctx, VkPipelineLayout layout, VkRenderPass renderPass,
                                  VkSampleCountFlagBits samples, const GraphicsPipelineDesc& desc);

// A vec4 attribute per vertex from its own binding.
VkVertexInputBindingDescription vec4Binding(uint32_t binding);
VkVertexInputAttributeDescription vec4Attribute(uint32_t location, uint32_t binding);

}  // namespace vkxpbd::render
