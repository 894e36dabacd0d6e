// The GPU solver: the model's buffers on the device, one compute pass per stage, and a whole frame
// (all substeps) recorded once into a command buffer that is replayed every frame.
//
// A substep is:   predict → [solve colour 0 … colour C−1 → Jacobi constraints → Jacobi apply
//                   → volume gradient → volume reduce → volume apply → tethers → grab] × iterations
//                 → collide → update velocity
// with a compute→compute memory barrier after every pass. Two identical command buffers alternate so
// one frame can be queued while the previous runs; no vkDeviceWaitIdle per frame.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "sim/contact_hash.h"
#include "sim/model.h"
#include "sim/solver_layout.h"
#include "vk/buffer.h"
#include "vk/descriptors.h"
#include "vk/timestamps.h"

namespace vkxpbd {

struct GpuSolverOptions {
  bool timestamps = true;  // GPU timestamps around every pass (when the device supports them)
  // Stages outside the solver that read the position buffer between frames (e.g. the renderer's
  // vertex input); included in the frame's first and last barriers.
  VkPipelineStageFlags2 externalReadStages = 0;
  VkAccessFlags2 externalReadAccess = 0;
};

// Pass stages, used for timestamps and labels.
enum class SolverStage : uint32_t {
  Predict,
  JacobiConstraints,
  JacobiApply,
  Collide,
  UpdateVelocity,
  Grab,
  Tethers,
  VolumeGradient,
  VolumeReduce,
  VolumeApply,
  HashClear,  // the spatial hash's 8 passes, in order (HashPass in gpu_solver.cpp)
  HashCount,
  HashScanBlocks,
  HashScanTop,
  HashScanAdd,
  HashScatter,
  HashSort,
  HashNeighbours,
  ContactSolve,          // particle contacts' solve and the contacts' apply
  TriangleNeighbours,    // point–triangle candidates, once per substep
  TriangleContactSolve,  // point–triangle contacts, per iteration
  MomentumStart,         // the free bodies' momentum (shared/momentum_math.h), per iteration
  MomentumReduce,
  MomentumApply,
  SolveColour0
};

class GpuSolver {
 public:
  GpuSolver(const vk::Context& ctx, const Model& model, const SolverSettings& settings,
            const SolverLayout& layout, const GpuSolverOptions& options = {});
  ~GpuSolver();
  GpuSolver(const GpuSolver&) = delete;
  GpuSolver& operator=(const GpuSolver&) = delete;

  // Replaces positions, velocities and the frame counter (waits for queued frames first); BDF2 restarts
  // its history from the velocities.
  void upload(const State& state);
  // Queues `frames` frames; returns once they are submitted (at most two frames in flight).
  void simulate(uint32_t frames);
  // Waits until every queued frame has finished.
  void wait();
  // Waits, then reads positions, velocities and the frame counter back.
  State download();
  // Pulls `particle` towards `target` (m) through a constraint of compliance α (m/N) solved after the
  // others in every iteration, until releaseGrab(). Waits for queued frames; starting or ending a grab
  // re-records the frame (one more pass per iteration while grabbing).
  void setGrab(uint32_t particle, glm::vec3 target, float compliance);
  void releaseGrab();
  bool grabbing() const { return grab_.enabled != 0u; }

  // Waits, then reads the particle contacts' neighbour lists of the last substep (empty without contacts).
  NeighbourLists downloadNeighbours();
  // Waits, then reads the point–triangle candidate lists of the last substep (empty without them).
  NeighbourLists downloadTriangleNeighbours();

  // Waits, then reads λ of every constraint: distance constraints, then elements, each in layout order.
  std::vector<float> downloadLambdas();

  // Per-stage GPU times of the most recently completed frame; totalMs is its whole GPU span.
  std::vector<vk::StageTime> lastFrameTimes(double* totalMs = nullptr) const;
  uint32_t passesPerFrame() const { return passesPerFrame_; }

  const vk::Buffer& positionBuffer() const { return buffers_[VKXPBD_BINDING_POSITIONS]; }
  const vk::Buffer& constraintBuffer() const { return buffers_[VKXPBD_BINDING_DISTANCE]; }
  const vk::Buffer& lambdaBuffer() const { return buffers_[VKXPBD_BINDING_LAMBDA]; }
  const SolverSettings& settings() const { return settings_; }
  // Simulation time (s) at the end of every frame queued so far: where a renderer drawing now
  // places the kinematic colliders (the frame counter as uploaded, plus the frames queued since).
  float time() const { return static_cast<float>(frame_) * settings_.frameDt; }
  const SolverLayout& layout() const { return layout_; }

 private:
  struct FrameSlot;
  void createBuffers();
  void createDescriptors();
  void createPipelines();
  void recordFrame(FrameSlot& slot, const std::string& name);
  void recordHash(FrameSlot& slot, uint32_t substep);
  void writeGrab(const gpu::GrabConstraint& grab);
  // BDF2: the integrator's history restarted (no past) at `velocities`.
  void startHistory(const std::vector<glm::vec4>& velocities);
  // After wait(): records both frames again (the pass structure changed).
  void rerecordFrames();
  // One dispatch of `threads` threads (or of `threads` work groups when `groups` is set).
  void recordPass(FrameSlot& slot, SolverStage stage, uint32_t colour, VkPipeline pipeline,
                  const gpu::PassConstants& constants, uint32_t threads, const std::string& label,
                  bool groups = false);
  void finish(FrameSlot& slot);

  const vk::Context& ctx_;
  const Model& model_;
  SolverSettings settings_;
  const SolverLayout& layout_;
  GpuSolverOptions options_;

  std::vector<vk::Buffer> buffers_;  // indexed by VKXPBD_BINDING_*
  VkPipelineLayout pipelineLayout_ = VK_NULL_HANDLE;
  vk::BufferDescriptorSet descriptors_;
  VkPipeline predict_ = VK_NULL_HANDLE;
  VkPipeline solveColour_ = VK_NULL_HANDLE;
  VkPipeline solveDistance_ = VK_NULL_HANDLE;  // colours without element constraints
  VkPipeline jacobiConstraints_ = VK_NULL_HANDLE;
  VkPipeline jacobiDistance_ = VK_NULL_HANDLE;  // a batch without element constraints
  VkPipeline volumeGradient_ = VK_NULL_HANDLE;
  VkPipeline volumeReduce_ = VK_NULL_HANDLE;
  VkPipeline volumeApply_ = VK_NULL_HANDLE;
  VkPipeline momentumStart_ = VK_NULL_HANDLE;
  VkPipeline momentumReduce_ = VK_NULL_HANDLE;
  VkPipeline momentumApply_ = VK_NULL_HANDLE;
  std::vector<VkPipeline> hashPipelines_;  // HashPass order
  VkPipeline contactCount_ = VK_NULL_HANDLE;
  VkPipeline contactSolve_ = VK_NULL_HANDLE;
  VkPipeline contactApply_ = VK_NULL_HANDLE;
  VkPipeline triangleNeighbours_ = VK_NULL_HANDLE;
  VkPipeline triangleContactSolve_ = VK_NULL_HANDLE;
  VkPipeline jacobiApply_ = VK_NULL_HANDLE;
  VkPipeline collide_ = VK_NULL_HANDLE;
  VkPipeline updateVelocity_ = VK_NULL_HANDLE;
  VkPipeline grabPipeline_ = VK_NULL_HANDLE;
  VkPipeline tethers_ = VK_NULL_HANDLE;

  gpu::GrabConstraint grab_{};  // what the host last wrote to the grab buffer
  std::vector<std::unique_ptr<FrameSlot>> slots_;
  uint64_t submitted_ = 0;
  uint32_t frame_ = 0;  // the frame counter on the device after every queued frame
  int lastCompleted_ = -1;
  uint32_t passesPerFrame_ = 0;
};

std::vector<std::string> solverStageNames(uint32_t colourCount);

}  // namespace vkxpbd
