// Offscreen frames of a simulation: the scene renderer drawing into an offscreen target, one command
// buffer re-recorded per frame, submitted after the solver's queued frames and waited on with a fence,
// and the pixels read back.
#pragma once

#include <memory>

#include "render/render_target.h"
#include "render/scene_renderer.h"

namespace vkxpbd::render {

class OffscreenRenderer {
 public:
  // `solver` must have been created with rendererSolverOptions() so its frames' barriers cover the
  // renderer's reads of the position buffer. Both must outlive this. The triangles drawn are the
  // solver's (GpuSolver::surfaceBuffers(): a tear shows with no upload); `solverSurface` false gives the
  // renderer its own copy of the model's triangles instead (SceneRenderer::updateSurface, tests).
  OffscreenRenderer(const vk::Context& ctx, const Model& model, const GpuSolver& solver, uint32_t width,
                    uint32_t height, bool msaa = true, bool solverSurface = true);
  ~OffscreenRenderer();
  OffscreenRenderer(const OffscreenRenderer&) = delete;
  OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

  // Draws the positions left by every solver frame queued so far, waits, and returns the pixels.
  Image render(const OrbitCamera& camera);

  // Draws the current view's legend (colours, stress) into `image`, a picture from render(); returns its
  // box, or nothing when the view has no legend.
  std::optional<LegendBox> drawLegend(Image& image) const;

  // The camera that frames the model (sceneBounds) at this target's aspect ratio.
  OrbitCamera framingCamera() const;

  SceneRenderer& scene() { return *scene_; }
  const OffscreenTarget& target() const { return *target_; }
  VkBuffer boundPositionBuffer() const { return scene_->boundPositionBuffer(); }

 private:
  const vk::Context& ctx_;
  const Model& model_;
  const GpuSolver& solver_;
  std::unique_ptr<OffscreenTarget> target_;
  std::unique_ptr<SceneRenderer> scene_;
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
  uint64_t frames_ = 0;
};

}  // namespace vkxpbd::render
