#include "render/offscreen_renderer.h"

namespace vkxpbd::render {

OffscreenRenderer::OffscreenRenderer(const vk::Context& ctx, const Model& model, const GpuSolver& solver,
                                     uint32_t width, uint32_t height, bool msaa, bool solverSurface)
    : ctx_(ctx), model_(model), solver_(solver) {
  target_ = std::make_unique<OffscreenTarget>(ctx_, width, height, msaa);
  scene_ = std::make_unique<SceneRenderer>(ctx_, model_, solver.positionBuffer(), target_->renderPass(),
                                           target_->samples(),
                                           solverSurface ? solver.surfaceBuffers() : GpuSurfaceBuffers{});
  scene_->enableConstraintViews(solver, target_->renderPass(), target_->samples());
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = ctx_.commandPool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  VK_CHECK(vkAllocateCommandBuffers(ctx_.device, &alloc, &cmd_));
  ctx_.setName(VK_OBJECT_TYPE_COMMAND_BUFFER, cmd_, "render frame");
  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VK_CHECK(vkCreateFence(ctx_.device, &fenceInfo, nullptr, &fence_));
  ctx_.setName(VK_OBJECT_TYPE_FENCE, fence_, "render frame fence");
}

OffscreenRenderer::~OffscreenRenderer() {
  vkDeviceWaitIdle(ctx_.device);
  vkDestroyFence(ctx_.device, fence_, nullptr);
  vkFreeCommandBuffers(ctx_.device, ctx_.commandPool, 1, &cmd_);
}

OrbitCamera OffscreenRenderer::framingCamera() const {
  const VkExtent2D e = target_->extent();
  return frameBounds(sceneBounds(model_), static_cast<float>(e.width) / static_cast<float>(e.height));
}

std::optional<LegendBox> OffscreenRenderer::drawLegend(Image& image) const {
  const std::optional<Legend> legend = scene_->legend();
  if (!legend) return std::nullopt;
  return render::drawLegend(image, *legend);
}

Image OffscreenRenderer::render(const OrbitCamera& camera) {
  // The previous frame was waited for, so the command buffer can be re-recorded.
  VK_CHECK(vkResetCommandBuffer(cmd_, 0));
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_CHECK(vkBeginCommandBuffer(cmd_, &begin));
  ctx_.beginLabel(cmd_, "render frame " + std::to_string(frames_));
  scene_->recordNormals(cmd_);
  target_->begin(cmd_);
  ctx_.beginLabel(cmd_, "draw");
  scene_->recordDraw(cmd_, camera, target_->extent(), solver_.time());
  ctx_.endLabel(cmd_);
  target_->end(cmd_);
  ctx_.endLabel(cmd_);
  VK_CHECK(vkEndCommandBuffer(cmd_));

  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &cmd_;
  VK_CHECK(vkQueueSubmit(ctx_.queue, 1, &submit, fence_));
  VK_CHECK(vkWaitForFences(ctx_.device, 1, &fence_, VK_TRUE, UINT64_MAX));
  VK_CHECK(vkResetFences(ctx_.device, 1, &fence_));
  ++frames_;
  return target_->readback();
}

}  // namespace vkxpbd::render
