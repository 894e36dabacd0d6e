#include "render/constraint_view.h"

#include "render/pipeline.h"

namespace vkxpbd::render {

ConstraintView::ConstraintView(const vk::Context& ctx, const GpuSolver& solver, VkRenderPass renderPass,
                               VkSampleCountFlagBits samples)
    : ctx_(ctx), solver_(solver) {
  const SolverLayout& layout = solver.layout();
  constraintCount_ = static_cast<uint32_t>(layout.distance.size());
  std::vector<uint32_t> colours(constraintCount_, VKXPBD_NONE);
  for (uint32_t c = 0; c < layout.colours.size(); ++c)
    for (uint32_t k = 0; k < layout.colours[c].count; ++k) colours[layout.colours[c].first + k] = c;
  colours_ = vk::createBuffer(ctx_, colours.size() * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                              vk::MemoryKind::DeviceLocal, "constraint colours (view)");
  vk::uploadBuffer(ctx_, colours_, colours.data(), colours.size() * sizeof(uint32_t));

  std::vector<VkDescriptorSetLayoutBinding> bindings(VKXPBD_VIEW_BINDING_COUNT);
  for (uint32_t b = 0; b < VKXPBD_VIEW_BINDING_COUNT; ++b)
    bindings[b] = {b, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = VKXPBD_VIEW_BINDING_COUNT;
  setInfo.pBindings = bindings.data();
  VK_CHECK(vkCreateDescriptorSetLayout(ctx_.device, &setInfo, nullptr, &setLayout_));
  ctx_.setName(VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT, setLayout_, "constraint view set layout");

  VkPushConstantRange push{VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(gpu::ConstraintViewConstants)};
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &setLayout_;
  layoutInfo.pushConstantRangeCount = 1;
  layoutInfo.pPushConstantRanges = &push;
  VK_CHECK(vkCreatePipelineLayout(ctx_.device, &layoutInfo, nullptr, &layout_));
  ctx_.setName(VK_OBJECT_TYPE_PIPELINE_LAYOUT, layout_, "constraint view pipeline layout");

  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VKXPBD_VIEW_BINDING_COUNT};
  VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = 1;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &size;
  VK_CHECK(vkCreateDescriptorPool(ctx_.device, &poolInfo, nullptr, &pool_));
  ctx_.setName(VK_OBJECT_TYPE_DESCRIPTOR_POOL, pool_, "constraint view descriptor pool");
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  alloc.descriptorPool = pool_;
  alloc.descriptorSetCount = 1;
  alloc.pSetLayouts = &setLayout_;
  VK_CHECK(vkAllocateDescriptorSets(ctx_.device, &alloc, &set_));
  ctx_.setName(VK_OBJECT_TYPE_DESCRIPTOR_SET, set_, "constraint view descriptor set");

  const VkBuffer buffers[VKXPBD_VIEW_BINDING_COUNT] = {solver.positionBuffer().buffer,
                                                       solver.constraintBuffer().buffer,
                                                       solver.lambdaBuffer().buffer, colours_.buffer};
  VkDescriptorBufferInfo infos[VKXPBD_VIEW_BINDING_COUNT];
  VkWriteDescriptorSet writes[VKXPBD_VIEW_BINDING_COUNT];
  for (uint32_t b = 0; b < VKXPBD_VIEW_BINDING_COUNT; ++b) {
    infos[b] = {buffers[b], 0, VK_WHOLE_SIZE};
    writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[b].dstSet = set_;
    writes[b].dstBinding = b;
    writes[b].descriptorCount = 1;
    writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[b].pBufferInfo = &infos[b];
  }
  vkUpdateDescriptorSets(ctx_.device, VKXPBD_VIEW_BINDING_COUNT, writes, 0, nullptr);

  pipeline_ = createGraphicsPipeline(ctx_, layout_, renderPass, samples,
                                     {"constraint view pipeline",
                                      "constraint_lines.vert",
                                      "constraint_lines.frag",
                                      {},
                                      {},
                                      VK_CULL_MODE_NONE,
                                      VK_PRIMITIVE_TOPOLOGY_LINE_LIST});
}

ConstraintView::~ConstraintView() {
  vkDeviceWaitIdle(ctx_.device);
  vkDestroyPipeline(ctx_.device, pipeline_, nullptr);
  vkDestroyPipelineLayout(ctx_.device, layout_, nullptr);
  vkDestroyDescriptorPool(ctx_.device, pool_, nullptr);
  vkDestroyDescriptorSetLayout(ctx_.device, setLayout_, nullptr);
  vk::destroyBuffer(ctx_, colours_);
}

void ConstraintView::record(VkCommandBuffer cmd, const glm::mat4& viewProj, uint32_t mode,
                            float stressScale) const {
  if (constraintCount_ == 0) return;
  ctx_.beginLabel(cmd, "draw constraints");
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline_);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout_, 0, 1, &set_, 0, nullptr);
  gpu::ConstraintViewConstants pc{};
  pc.viewProj = viewProj;
  pc.mode = mode;
  const float dt = solver_.settings().substepDt();
  pc.invDtSquared = 1.0f / (dt * dt);
  pc.stressScale = stressScale;
  vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(pc), &pc);
  vkCmdDraw(cmd, 2 * constraintCount_, 1, 0, 0);
  ctx_.endLabel(cmd);
}

}  // namespace vkxpbd::render
