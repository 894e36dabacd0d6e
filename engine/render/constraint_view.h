// Debug views of the constraints: wireframe, graph colours, and stress |λ|/Δt² as a heat map.
// One line per distance constraint and up to six per element (a tetrahedron's edges, a bending hinge), drawn
// without any vertex or index buffer: the vertex shader (shaders/constraint_lines.vert) reads the solver's
// own position, constraint and λ buffers.
#pragma once

#include "gpu/gpu_solver.h"
#include "shared/render_types.h"
#include "vk/buffer.h"
#include "vk/descriptors.h"

namespace vkxpbd::render {

class ConstraintView {
 public:
  // `solver` must outlive this; its buffers are read, never copied.
  ConstraintView(const vk::Context& ctx, const GpuSolver& solver, VkRenderPass renderPass,
                 VkSampleCountFlagBits samples);
  ~ConstraintView();
  ConstraintView(const ConstraintView&) = delete;
  ConstraintView& operator=(const ConstraintView&) = delete;

  // Recording, inside subpass 0 of the render pass; viewport and scissor already set.
  // `mode` is one of VKXPBD_VIEW_*; `stressScale` the force (N) drawn in full red.
  void record(VkCommandBuffer cmd, const glm::mat4& viewProj, uint32_t mode, float stressScale) const;

  uint32_t colourCount() const { return colourCount_; }
  bool hasJacobiBatch() const { return jacobiBatch_; }

 private:
  const vk::Context& ctx_;
  const GpuSolver& solver_;
  uint32_t constraintCount_ = 0;  // distance constraints: one line each
  uint32_t elementCount_ = 0;
  uint32_t colourCount_ = 0;  // graph colours (0 in Jacobi mode)
  bool jacobiBatch_ = false;  // constraints left to the Jacobi batch (drawn white)     // element
                              // constraints: six lines each (the tetrahedron's edges or a hinge)
  vk::Buffer
      colours_;  // colour of each constraint, then each element, in layout order (VKXPBD_NONE: Jacobi batch)
  vk::BufferDescriptorSet descriptors_;
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline pipeline_ = VK_NULL_HANDLE;
};

}  // namespace vkxpbd::render
