// The GPU solver: the model's buffers on the device, one compute pass per stage, and a whole frame
// (all substeps) recorded once into a command buffer that is replayed every frame.
//
// The passes are those of the frame schedule (sim/solver_schedule.h), which the CPU reference walks too,
// with a compute→compute memory barrier after every pass. Two identical command buffers alternate so
// one frame can be queued while the previous runs; no vkDeviceWaitIdle per frame.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "gpu/binding_windows.h"
#include "sim/contact_hash.h"
#include "sim/model.h"
#include "sim/solver_layout.h"
#include "sim/solver_schedule.h"
#include "sim/tearing.h"
#include "vk/buffer.h"
#include "vk/descriptors.h"
#include "vk/timestamps.h"

namespace vkxpbd {

// The solver's surface triangles as it keeps them on the device (layout().surface's layout): the
// corners, which the tear passes rewrite (index buffer usage too, so a renderer draws from them), and
// the per-particle triangle adjacency, which the tear surface pass rebuilds.
struct GpuSurfaceBuffers {
  VkBuffer indices = VK_NULL_HANDLE;
  VkBuffer offsets = VK_NULL_HANDLE;
  VkBuffer adjacency = VK_NULL_HANDLE;
};

struct GpuSolverOptions {
  bool timestamps = true;  // GPU timestamps around every pass (when the device supports them)
  // Stages outside the solver that read the position buffer between frames (e.g. the renderer's
  // vertex input); included in the frame's first and last barriers.
  VkPipelineStageFlags2 externalReadStages = 0;
  VkAccessFlags2 externalReadAccess = 0;
  // Tests: a storage buffer range below the device's maxStorageBufferRange (bytes; 0: the device's), so
  // that a small model needs binding windows (gpu/binding_windows.h) or is refused as a large one is.
  VkDeviceSize storageBufferRange = 0;
  // Tests: a maxComputeSharedMemorySize below the device's (bytes; 0: the device's).
  uint32_t sharedMemoryLimit = 0;
};

// The "coarse levels" dispatch's work-group size on this device: settings.coarseLevelsThreads, or by
// device type (within its limits) when it is 0. Throws vk::DeviceChoiceError (a bad command line) when
// the size asked for is past the device's limits.
uint32_t coarseLevelsThreads(const vk::Context& ctx, const SolverSettings& settings);

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
  void wait() const;
  // Waits, then reads positions, velocities and the frame counter back.
  State download();
  // Pulls `particle` towards `target` (m) through a constraint of compliance α (m/N) solved after the
  // others in every iteration, until releaseGrab(). Waits for queued frames; starting or ending a grab
  // re-records the frame (one more pass per iteration while grabbing).
  void setGrab(uint32_t particle, glm::vec3 target, float compliance);
  void releaseGrab();
  // A pin at run time (sim/runtime_pins.h): waits, then writes particle's inverse mass w (1/kg; 0 pins it
  // where it is) and a zero velocity, 20 bytes; nothing else is uploaded or re-recorded.
  void setParticleInverseMass(uint32_t particle, float inverseMass);
  bool grabbing() const { return grab_.enabled != 0u; }

  // Waits, then reads the particle contacts' neighbour lists of the last substep (empty without contacts).
  NeighbourLists downloadNeighbours();
  // Waits, then reads the point–triangle candidate lists of the last substep (empty without them).
  NeighbourLists downloadTriangleNeighbours();
  // Waits, then reads the packed contact triangles (sim/contact_triangles.h; empty without them): after
  // a tear the tear surface pass writes them (gpu/gpu_tearing.cpp).
  std::vector<uint32_t> downloadContactTriangles();
  // Waits, then reads each particle's stitch partner as the contacts use it (empty without contacts):
  // after a tear the tear split pass moves a stitch's partners with it (shaders/tear_common.glsl).
  std::vector<uint32_t> downloadStitchPartners();

  // Waits, then reads the torn marks of tearing with the hierarchy (Hierarchy::tearMarks; empty without
  // them): the tear check pass sets them on the GPU (docs/hierarchy.md).
  std::vector<glm::uvec4> downloadTearMarks();

  // Waits, then reads λ of every constraint: distance constraints, then elements, each in layout order.
  std::vector<float> downloadLambdas();

  // Per-stage GPU times of the most recently completed frame; totalMs is its whole GPU span.
  std::vector<vk::StageTime> lastFrameTimes(double* totalMs = nullptr) const;
  uint32_t passesPerFrame() const { return static_cast<uint32_t>(schedule_.passes.size()); }
  // The passes of one frame as recorded (changes while grabbing).
  const FrameSchedule& schedule() const { return schedule_; }

  const vk::Buffer& positionBuffer() const { return buffers_[VKXPBD_BINDING_POSITIONS]; }
  const vk::Buffer& constraintBuffer() const { return buffers_[VKXPBD_BINDING_DISTANCE]; }
  // How the distance constraints are bound (gpu/binding_windows.h): whole, or a window at a time (a view
  // that binds them once sees the first window).
  const BufferWindow& constraintWindow() const { return distanceWindow_; }
  // How the Jacobi slot deltas are bound.
  const BufferWindow& deltaWindow() const { return deltaWindow_; }
  const vk::Buffer& lambdaBuffer() const { return buffers_[VKXPBD_BINDING_LAMBDA]; }
  const vk::Buffer& elementBuffer() const { return buffers_[VKXPBD_BINDING_ELEMENTS]; }
  const vk::Buffer& elementDataBuffer() const { return buffers_[VKXPBD_BINDING_ELEMENT_DATA]; }
  const vk::Buffer& hierarchyBuffer() const { return buffers_[VKXPBD_BINDING_HIERARCHY]; }
  // The surface triangles and their adjacency on the device: after a tear they hold the torn surface
  // with no read-back (render/scene_renderer.h draws from them).
  GpuSurfaceBuffers surfaceBuffers() const {
    return {surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLES].buffer,
            surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS].buffer,
            surfaceBuffers_[VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES].buffer};
  }
  // The hierarchy's coarse levels in use (0: none).
  uint32_t hierarchyLevels() const { return layout_.hierarchy.levelCount(); }
  const SolverSettings& settings() const { return settings_; }
  // Simulation time (s) at the end of every frame queued so far: where a renderer drawing now
  // places the kinematic colliders (the frame counter as uploaded, plus the frames queued since).
  float time() const { return static_cast<float>(frame_) * settings_.frameDt; }
  // The layout and model as solved now: with tearing bodies, copies whose constraints, surfaces and
  // split particles' masses change with the tears (sim/tearing.h); otherwise the ones given. Where the
  // tear passes split on the GPU, the device owns the torn topology: the first call after frames ran
  // waits for them and reads it back (gpu/gpu_tearing.cpp); nothing is read while nobody asks.
  const SolverLayout& layout() const {
    syncTear(true);
    return layout_;
  }
  const Model& model() const {
    syncTear(true);
    return model_;
  }
  // Incremented whenever a tear changed the topology (surfaces, constraints), as the host's copies last
  // saw it (reads it back like layout()).
  uint64_t topologyVersion() const {
    syncTear(true);
    return tear_ ? tear_->version : 0;
  }
  // What the last frame's tear step did (empty without tearing bodies). Where the GPU splits, the first
  // call after frames ran waits and reads the frame's broken list and counters (not the topology).
  TearReport lastTear() const {
    syncTear(false);
    return tear_ ? tear_->last : TearReport{};
  }
  // Test hook: how many times the host read tear results back from the device (once per frame where
  // the host splits; only when asked where the GPU splits).
  uint64_t tearReadbacks() const { return tear_ ? tear_->readbacks : 0; }

 private:
  struct FrameSlot;
  void createBuffers();
  void createDescriptors();
  // The surface set's own buffers (surfaceBuffers_) and its set and pipeline layout.
  void createSurfaceDescriptors();
  void createPipelines();
  void recordFrame(FrameSlot& slot, const std::string& name);
  void writeGrab(const gpu::GrabConstraint& grab);
  // BDF2: the integrator's history restarted (no past) at `velocities`.
  void startHistory(const std::vector<glm::vec4>& velocities);
  // After wait(): records both frames again (the pass structure changed).
  void rerecordFrames();
  // One scheduled pass: its pipeline, push constants, dispatch, timestamp and barrier.
  void recordPass(FrameSlot& slot, const ScheduledPass& pass);
  // Binds the solver set with its distance and Jacobi delta windows at these byte offsets.
  void bindSolverSet(VkCommandBuffer cmd, uint32_t distanceOffset, uint32_t deltaOffset) const;
  // The frame clock in the control buffer (VKXPBD_BINDING_CONTROL).
  void writeClock(uint32_t frame);
  uint32_t readClock() const;
  void finish(FrameSlot& slot) const;

  const vk::Context& ctx_;
  // Tearing (gpu/gpu_tearing.cpp): the tear check pass flags the constraints that break. Where the
  // tear passes split on the GPU (tearSplitsOnGpu), the host reads their results only when asked
  // (syncTear); otherwise it waits after every frame, runs the split on copies of the model and layout
  // and uploads what changed (tearAfterFrame).
  struct TearCopy {
    Model model;
    SolverLayout layout;
    Tearing tearing;  // the tear table as built at load (the GPU keeps the live one)
    TearReport last;
    uint64_t version = 0;
    bool gpuSplits = false;
    // The frames submitted when last and topology were read back, and the read-backs so far.
    uint64_t reportFrame = 0, topologyFrame = 0, readbacks = 0;
    TearCopy(const Model& m, const SolverLayout& l) : model(m), layout(l), tearing(m, l) {}
  };
  void tearAfterFrame();
  // Where the GPU splits: brings last (and with `topology` the copies of model and layout) up to the
  // frames submitted, waiting and reading back only when frames ran since the last read.
  void syncTear(bool topology) const;
  // syncTear's parts, from the tear table as read back.
  void readTearReport(const std::vector<uint32_t>& table) const;
  void readTearTopology(const std::vector<uint32_t>& table) const;
  std::unique_ptr<TearCopy>
      tear_;  // null without tearing bodies; before model_ and layout_ (they refer to it)
  const Model& model_;
  SolverSettings settings_;
  const SolverLayout& layout_;
  GpuSolverOptions options_;

  std::vector<vk::Buffer> buffers_;  // indexed by VKXPBD_BINDING_*
  // How the distance constraints and the Jacobi slot deltas are bound (whole, or a window at a time).
  BufferWindow distanceWindow_, deltaWindow_;
  VkDeviceSize storageBufferRange() const;
  VkPipelineLayout pipelineLayout_ = VK_NULL_HANDLE;
  vk::BufferDescriptorSet descriptors_;
  // The surface passes' set (VKXPBD_SURFACE_BINDING_*): the solver's buffers where the binding names
  // one, otherwise the buffer here (indexed by VKXPBD_SURFACE_BINDING_*; empty where shared).
  std::vector<vk::Buffer> surfaceBuffers_;
  VkPipelineLayout surfacePipelineLayout_ = VK_NULL_HANDLE;
  vk::BufferDescriptorSet surfaceDescriptors_;
  // The tear passes' set (VKXPBD_TEAR_BINDING_*, gpu/gpu_tearing.cpp): the solver's and the surface set's
  // buffers, and its own tear table and inverse masses; only with tearing bodies.
  void createTearDescriptors();
  vk::Buffer tearTable_, tearRestW_, tearJacobiScratch_;
  VkPipelineLayout tearPipelineLayout_ = VK_NULL_HANDLE;
  vk::BufferDescriptorSet tearDescriptors_;
  VkPipelineLayout passPipelineLayout(PassLayout layout) const;
  const VkDescriptorSet* passDescriptorSet(PassLayout layout) const;
  std::array<VkPipeline, kPassCount> pipelines_{};  // per PassId; null when the model never uses the pass
  FrameSchedule schedule_;                          // what recordFrame records

  gpu::GrabConstraint grab_{};  // what the host last wrote to the grab buffer
  std::vector<std::unique_ptr<FrameSlot>> slots_;
  uint64_t submitted_ = 0;
  uint32_t frame_ = 0;  // the frame counter on the device after every queued frame
  mutable int lastCompleted_ = -1;
};

}  // namespace vkxpbd
