#include "render/constraint_view.h"

#include <algorithm>

#include "render/pipeline.h"

namespace vkxpbd::render {

ConstraintView::ConstraintView(const vk::Context& ctx, const GpuSolver& solver, VkRenderPass renderPass,
                               VkSampleCountFlagBits samples)
    : ctx_(ctx), solver_(solver) {
  const SolverLayout& layout = solver.layout();
  // A constraint buffer larger than maxStorageBufferRange (bound a window at a time by the solver,
  // gpu/binding_windows.h): the view binds its first window and draws the constraints in it.
  const BufferWindow& window = solver.constraintWindow();
  constraintCount_ = static_cast<uint32_t>(
      window.windowed ? std::min<uint64_t>(layout.distance.size(), window.windowBytes / window.stride)
                      : layout.distance.size());
  elementCount_ = static_cast<uint32_t>(layout.elements.size());
  colourCount_ = static_cast<uint32_t>(layout.colours.size());
  jacobiBatch_ = layout.jacobi.count + layout.jacobiElements.count > 0;
  // Distance constraints, then elements: colour c holds one range of each (solver_layout.h).
  std::vector<uint32_t> colours(constraintCount_ + elementCount_, VKXPBD_NONE);
  for (uint32_t c = 0; c < layout.colours.size(); ++c)
    for (uint32_t k = 0; k < layout.colours[c].count; ++k)
      if (layout.colours[c].first + k < constraintCount_) colours[layout.colours[c].first + k] = c;
  for (uint32_t c = 0; c < layout.elementColours.size(); ++c)
    for (uint32_t k = 0; k < layout.elementColours[c].count; ++k)
      colours[constraintCount_ + layout.elementColours[c].first + k] = c;
  colours_ = vk::createBuffer(ctx_, colours.size() * sizeof(uint32_t), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                              vk::MemoryKind::DeviceLocal, "constraint colours (view)");
  vk::uploadBuffer(ctx_, colours_, colours.data(), colours.size() * sizeof(uint32_t));

  // Binding order as VKXPBD_VIEW_BINDING_*: the solver's own buffers, then the colours.
  descriptors_ =
      vk::createBufferDescriptorSet(ctx_,
                                    {{solver.positionBuffer().buffer},
                                     {solver.constraintBuffer().buffer, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                      window.windowed ? window.windowBytes : VK_WHOLE_SIZE},
                                     {solver.lambdaBuffer().buffer},
                                     {colours_.buffer},
                                     {solver.elementBuffer().buffer},
                                     {solver.elementDataBuffer().buffer},
                                     {solver.hierarchyBuffer().buffer}},
                                    VK_SHADER_STAGE_VERTEX_BIT, "constraint view");

  layout_ = vk::createPipelineLayout(ctx_, descriptors_.layout, VK_SHADER_STAGE_VERTEX_BIT,
                                     sizeof(gpu::ConstraintViewConstants), "constraint view pipeline layout");

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
  vk::destroyBufferDescriptorSet(ctx_, descriptors_);
  vk::destroyBuffer(ctx_, colours_);
}

void ConstraintView::record(VkCommandBuffer cmd, const glm::mat4& viewProj, uint32_t mode,
                            float stressScale) const {
  if (constraintCount_ + elementCount_ == 0) return;
  ctx_.beginLabel(cmd, "draw constraints");
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline_);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout_, 0, 1, &descriptors_.set, 0, nullptr);
  gpu::ConstraintViewConstants pc{};
  pc.viewProj = viewProj;
  pc.mode = mode;
  pc.invDtSquared = solver_.settings().alphaScale();  // force = |λ|·α̃/α: 1/Δt², or 9/(4Δt²) with BDF2
  pc.stressScale = stressScale;
  pc.distanceCount = constraintCount_;
  pc.eulerFlagBase = solver_.layout().bdf2HierarchyBase;
  vkCmdPushConstants(cmd, layout_, VK_SHADER_STAGE_VERTEX_BIT, 0, sizeof(pc), &pc);
  vkCmdDraw(cmd, 2 * constraintCount_ + 12 * elementCount_, 1, 0, 0);
  ctx_.endLabel(cmd);
}

}  // namespace vkxpbd::render
