#include "gpu/gpu_solver.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "gpu/device_limits.h"
#include "shared/contact_math.h"
#include "sim/aero.h"
#include "sim/contact_triangles.h"
#include "sim/sim_params.h"
#include "sim/tear_table.h"
#include "sim/tet_adjacency.h"
#include "vk/compute.h"
#include "vk/descriptors.h"
#include "vk/vk_check.h"

namespace vkxpbd {

using vk::Buffer;
using vk::MemoryKind;

struct GpuSolver::FrameSlot {
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  bool pending = false;
  std::unique_ptr<vk::PassTimer> timer;
  VkPipeline bound = VK_NULL_HANDLE;
  PassLayout boundLayout = PassLayout::Solver;  // whose descriptor set is bound
  // The solver set's dynamic offsets as bound (bytes): the distance and Jacobi delta windows.
  uint32_t distanceOffset = 0, deltaOffset = 0;
};

namespace {

template <typename T>
VkDeviceSize bytesOf(const std::vector<T>& v) {
  return static_cast<VkDeviceSize>(v.size() * sizeof(T));
}

}  // namespace

// On a CPU device (lavapipe) a work group runs on one thread, where every barrier switches between its
// SIMD groups, so a small group is faster (128² cloth, its levels 3–6: 1.29 ms a dispatch at 256 threads,
// 0.63 at 64, 0.46 at 16); a GPU takes VKXPBD_COARSE_LEVELS_SIZE, or what it allows if that is less (Vulkan
// guarantees 128). The result is the same at any size: each step's elements are independent.
uint32_t coarseLevelsThreads(const vk::Context& ctx, const SolverSettings& settings) {
  const VkPhysicalDeviceLimits& limits = ctx.properties.limits;
  const uint32_t most = std::min(limits.maxComputeWorkGroupSize[0], limits.maxComputeWorkGroupInvocations);
  if (settings.coarseLevelsThreads == 0)
    return std::min(
        ctx.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 16u : VKXPBD_COARSE_LEVELS_SIZE, most);
  const uint32_t threads = settings.coarseLevelsThreads;
  if (threads > most)
    throw vk::DeviceChoiceError("--coarse-threads " + std::to_string(threads) + ": more than " +
                                ctx.deviceInfo.name + " allows in a work group (" + std::to_string(most) +
                                ")");
  return threads;
}

GpuSolver::GpuSolver(const vk::Context& ctx, const Model& model, const SolverSettings& settings,
                     const SolverLayout& layout, const GpuSolverOptions& options)
    : ctx_(ctx),
      tear_(model.tears.empty() ? nullptr : std::make_unique<TearCopy>(model, layout)),
      model_(tear_ ? tear_->model : model),
      settings_(settings),
      layout_(tear_ ? tear_->layout : layout),
      options_(options) {
  createBuffers();
  createDescriptors();
  createSurfaceDescriptors();
  if (tear_) createTearDescriptors();
  schedule_ = buildFrameSchedule(model_, settings_, layout_, false);
  createPipelines();
  // Timestamp queries for the longest frame (with the grab pass); the stage names do not depend on it.
  const FrameSchedule longest = buildFrameSchedule(model_, settings_, layout_, true);
  for (int i = 0; i < 2; ++i) {
    auto slot = std::make_unique<FrameSlot>();
    std::string name = "solver frame " + std::to_string(i);
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = ctx_.commandPool;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VK_CHECK(vkAllocateCommandBuffers(ctx_.device, &alloc, &slot->cmd));
    ctx_.setName(VK_OBJECT_TYPE_COMMAND_BUFFER, slot->cmd, name);
    VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    VK_CHECK(vkCreateFence(ctx_.device, &fenceInfo, nullptr, &slot->fence));
    ctx_.setName(VK_OBJECT_TYPE_FENCE, slot->fence, name + " fence");
    if (options_.timestamps)
      slot->timer = std::make_unique<vk::PassTimer>(
          ctx_, longest.stageNames, static_cast<uint32_t>(longest.passes.size()), name + " timestamps");
    slots_.push_back(std::move(slot));
    recordFrame(*slots_.back(), name);
  }
}

GpuSolver::~GpuSolver() {
  vkDeviceWaitIdle(ctx_.device);
  for (auto& slot : slots_) {
    vkDestroyFence(ctx_.device, slot->fence, nullptr);
    vkFreeCommandBuffers(ctx_.device, ctx_.commandPool, 1, &slot->cmd);
  }
  slots_.clear();
  for (VkPipeline p : pipelines_) vkDestroyPipeline(ctx_.device, p, nullptr);
  vkDestroyPipelineLayout(ctx_.device, pipelineLayout_, nullptr);
  vkDestroyPipelineLayout(ctx_.device, surfacePipelineLayout_, nullptr);
  vk::destroyBufferDescriptorSet(ctx_, descriptors_);
  vk::destroyBufferDescriptorSet(ctx_, surfaceDescriptors_);
  if (tear_) {
    vkDestroyPipelineLayout(ctx_.device, tearPipelineLayout_, nullptr);
    vk::destroyBufferDescriptorSet(ctx_, tearDescriptors_);
    vk::destroyBuffer(ctx_, tearTable_);
    vk::destroyBuffer(ctx_, tearRestW_);
    vk::destroyBuffer(ctx_, tearJacobiScratch_);
  }
  for (Buffer& b : buffers_) vk::destroyBuffer(ctx_, b);
  for (Buffer& b : surfaceBuffers_)
    if (b.buffer != VK_NULL_HANDLE) vk::destroyBuffer(ctx_, b);
}

namespace {
// Test hook, not reachable from scene files: VKXPBD_TEST_NAN_PARTICLE=P starts particle P at x = NaN,
// so the CLI tests can check that every command reports a non-finite value with exit code 4.
std::vector<glm::vec4> testHookPositions(std::vector<glm::vec4> positions) {
  if (const char* text = std::getenv("VKXPBD_TEST_NAN_PARTICLE")) {
    const unsigned long p = std::strtoul(text, nullptr, 10);
    if (p < positions.size()) positions[p].x = std::numeric_limits<float>::quiet_NaN();
  }
  return positions;
}
}  // namespace

void GpuSolver::createBuffers() {
  const Model& m = model_;
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  buffers_.resize(VKXPBD_BINDING_COUNT);
  // Planned first, allocated after checkDeviceLimits (gpu/device_limits.h) has seen all of them.
  struct Planned {
    uint32_t binding;
    VkDeviceSize size;
    const char* name;
    VkBufferUsageFlags usage;
  };
  std::vector<Planned> planned;
  auto make = [&](uint32_t binding, VkDeviceSize size, const char* name, VkBufferUsageFlags usage = 0) {
    planned.push_back({binding, size, name, usage});
  };
  auto upload = [&](uint32_t binding, const auto& data) {
    vk::uploadBuffer(ctx_, buffers_[binding], data.data(), bytesOf(data));
  };

  const VkDeviceSize particleBytes = m.particleCount() * sizeof(glm::vec4);
  // Storage for the solver and vertex input for the renderer: the same VkBuffer, never copied.
  make(VKXPBD_BINDING_POSITIONS, particleBytes, "positions", VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
  make(VKXPBD_BINDING_POSITION_LOW, particleBytes, "positions low part");
  make(VKXPBD_BINDING_PREDICTED, particleBytes, "predicted positions low part");
  make(VKXPBD_BINDING_VELOCITIES, particleBytes, "velocities");
  make(VKXPBD_BINDING_PARTICLE_PIN, m.particleCount() * sizeof(uint32_t), "particle pin");
  make(VKXPBD_BINDING_PINS, bytesOf(m.pins), "pins");
  make(VKXPBD_BINDING_MOTIONS, bytesOf(m.motions), "pin motions");
  make(VKXPBD_BINDING_DISTANCE, bytesOf(layout_.distance), "distance constraints");
  make(VKXPBD_BINDING_LAMBDA, layout_.lambdaCount() * sizeof(float), "lambda");
  make(VKXPBD_BINDING_ELEMENTS, bytesOf(layout_.elements), "element constraints");
  make(VKXPBD_BINDING_ELEMENT_DATA, bytesOf(m.elementData), "element data");
  make(VKXPBD_BINDING_VOLUME_BODIES, bytesOf(layout_.volumes), "volume bodies");
  // The triangles, the rows' corners (SimParams::volumeCornerBase), the rows (SimParams::volumeRowBase).
  std::vector<uint32_t> volumeIndices = m.volumeTriangles;
  volumeIndices.insert(volumeIndices.end(), layout_.volumeCorners.begin(), layout_.volumeCorners.end());
  if (volumeIndices.size() != makeSimParams(m, settings_).volumeRowBase)
    throw std::logic_error("volume corners: one per triangle corner expected");
  for (const gpu::VolumeRow& row : layout_.volumeRows)
    volumeIndices.insert(volumeIndices.end(), {row.particle, row.firstCorner, row.cornerCount, row.body});
  // Then each particle's tetrahedra, for the collide limit pass (sim/tet_adjacency.h).
  if (volumeIndices.size() != tetAdjacencyBase(m, layout_))
    throw std::logic_error("tetrahedron adjacency: it follows the volume rows");
  const std::vector<uint32_t> tetAdjacency = packTetAdjacency(m, layout_);
  volumeIndices.insert(volumeIndices.end(), tetAdjacency.begin(), tetAdjacency.end());
  make(VKXPBD_BINDING_VOLUME_INDICES, bytesOf(volumeIndices),
       "volume triangles, corners, rows; tetrahedra per particle");
  make(VKXPBD_BINDING_VOLUME_GRADIENT, layout_.volumeRows.size() * sizeof(glm::vec4), "volume gradient");
  make(VKXPBD_BINDING_VOLUME_STATE, layout_.volumes.size() * sizeof(gpu::VolumeState), "volume state");
  // Per particle 16 words (stick marks 0), then per free body 16 (shared/config.h); nothing without free
  // bodies.
  std::vector<uint32_t> momentum;
  if (!m.momentumBodies.empty()) {
    momentum.assign(VKXPBD_MOMENTUM_PARTICLE_WORDS * size_t{m.particleCount()}, 0u);
    for (const MomentumBody& body : m.momentumBodies) {
      momentum.insert(momentum.end(),
                      {body.first, body.count, body.solid, 0u});  // then the friction surplus (float 0)
      momentum.insert(momentum.end(), 12, 0u);  // its MomentumFix, written by momentum reduce
    }
  }
  make(VKXPBD_BINDING_MOMENTUM, bytesOf(momentum), "momentum");
  const gpu::SimParams contactParams = makeSimParams(m, settings_);
  const VkDeviceSize buckets = m.contacts.enabled ? contactParams.hashTableMask + 1 : 0;
  const VkDeviceSize contactParticles = m.contacts.enabled ? m.particleCount() : 0;
  make(VKXPBD_BINDING_HASH_CELLS, (2 * buckets + 1 + contactParams.scanBlocks) * sizeof(uint32_t),
       "hash cells");
  // Buckets [N), sorted particles [N, 2N), stitch partners [2N, 3N) (uploaded once, stitchPartners).
  make(VKXPBD_BINDING_HASH_PARTICLES, 3 * contactParticles * sizeof(uint32_t), "hash particles");
  const VkDeviceSize contactWords =
      contactParams.maxTriangles > 0 ? gpu::contactResultBase(m.particleCount(), contactParams.maxNeighbours,
                                                              contactParams.maxTriangles) +
                                           6 * VkDeviceSize{m.particleCount()} * contactParams.maxTriangles
                                     : contactParticles * (1 + contactParams.maxNeighbours) + 1;
  make(VKXPBD_BINDING_CONTACTS, contactWords * sizeof(uint32_t), "contact neighbours");
  const std::vector<uint32_t> contactTriangles = packContactTriangles(m);
  make(VKXPBD_BINDING_CONTACT_TRIANGLES, bytesOf(contactTriangles), "contact triangles");
  // [N) the iteration's particle-pair corrections, [N, 2N) the touching particle pairs (contactCount).
  make(VKXPBD_BINDING_CONTACT_DELTA, 2 * contactParticles * sizeof(glm::vec4), "contact deltas and counts");
  make(VKXPBD_BINDING_PARTICLE_FRICTION, bytesOf(m.particleFriction), "particle friction");
  make(VKXPBD_BINDING_JACOBI_DELTA, layout_.slotCount() * sizeof(glm::vec4), "jacobi slot deltas");
  // Offsets, then particles (VKXPBD_BINDING_JACOBI_ROWS).
  // Tearing: room for a row per particle (sim/tear_table.h).
  const std::vector<uint32_t> jacobiRows = packJacobiRows(layout_.adjacency, jacobiRowCapacity(m, layout_));
  make(VKXPBD_BINDING_JACOBI_ROWS, bytesOf(jacobiRows), "jacobi rows");
  make(VKXPBD_BINDING_JACOBI_SLOTS, bytesOf(layout_.adjacency.slots), "jacobi slots");
  make(VKXPBD_BINDING_INTEGRATOR_HISTORY, (settings_.integrator == Integrator::Bdf2 ? 2 : 1) * particleBytes,
       "integrator history");
  make(VKXPBD_BINDING_JACOBI_SCALE, bytesOf(layout_.jacobiScale), "jacobi step scales");
  make(VKXPBD_BINDING_COLLIDERS, bytesOf(m.colliders), "colliders");
  make(VKXPBD_BINDING_SDF_VALUES, bytesOf(m.sdfValues), "signed-distance grids");
  make(VKXPBD_BINDING_TETHERS, bytesOf(m.tethers), "tethers");
  const std::vector<glm::vec4> hierarchy = packHierarchy(layout_);
  make(VKXPBD_BINDING_HIERARCHY, bytesOf(hierarchy), "hierarchy");

  // The distance constraints and the Jacobi slot deltas may exceed maxStorageBufferRange: they are bound
  // a window at a time (gpu/binding_windows.h), except the distance constraints of a tearing model,
  // which the tear passes bind whole.
  const VkDeviceSize range = storageBufferRange();
  const VkDeviceSize alignment = ctx_.properties.limits.minStorageBufferOffsetAlignment;
  distanceWindow_ = planBufferWindow(bytesOf(layout_.distance), sizeof(gpu::DistanceConstraint),
                                     tear_ ? std::numeric_limits<VkDeviceSize>::max() : range, alignment);
  deltaWindow_ = planBufferWindow(VkDeviceSize{layout_.slotCount()} * sizeof(glm::vec4), sizeof(glm::vec4),
                                  range, alignment);
  std::vector<PlannedBuffer> sizes;
  for (Planned& p : planned) {
    VkDeviceSize window = p.size;
    if (p.binding == VKXPBD_BINDING_DISTANCE || p.binding == VKXPBD_BINDING_JACOBI_DELTA) {
      const BufferWindow& w = p.binding == VKXPBD_BINDING_DISTANCE ? distanceWindow_ : deltaWindow_;
      p.size = w.allocationBytes;
      window = w.windowBytes;
      if (tear_ && p.binding == VKXPBD_BINDING_DISTANCE)
        p.name = "distance constraints (the tear passes bind it whole)";
    }
    sizes.push_back({p.name, p.size, window});
  }
  checkDeviceLimits(ctx_, m, sizes, range);
  if (layout_.fusedLevel > 0)  // coarse_levels.comp's shared positions
    checkSharedMemory(ctx_, m, VKXPBD_COARSE_SHARED_BYTES,
                      options_.sharedMemoryLimit > 0 ? options_.sharedMemoryLimit
                                                     : ctx_.properties.limits.maxComputeSharedMemorySize);
  for (const Planned& p : planned)
    buffers_[p.binding] = vk::createBuffer(ctx_, p.size, storage | p.usage, MemoryKind::DeviceLocal, p.name);
  // After the check too: a refused model leaves nothing behind.
  buffers_[VKXPBD_BINDING_PARAMS] =
      vk::createBuffer(ctx_, sizeof(gpu::SimParams), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT,
                       MemoryKind::HostVisible, "sim params");
  // Host-visible (so mapped): the host writes the grab and the clock between frames, and reads the clock.
  buffers_[VKXPBD_BINDING_CONTROL] =
      vk::createBuffer(ctx_, sizeof(gpu::FrameControl), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                       MemoryKind::HostVisible, "frame control (grab, clock)");

  std::vector<uint32_t> particlePin(m.particleCount(), VKXPBD_NONE);
  for (uint32_t p = 0; p < m.pins.size(); ++p) particlePin[m.pins[p].particle] = p;
  upload(VKXPBD_BINDING_PARTICLE_PIN, particlePin);
  upload(VKXPBD_BINDING_PINS, m.pins);
  upload(VKXPBD_BINDING_MOTIONS, m.motions);
  upload(VKXPBD_BINDING_DISTANCE, layout_.distance);
  upload(VKXPBD_BINDING_LAMBDA, std::vector<float>(layout_.lambdaCount(), 0.0f));
  upload(VKXPBD_BINDING_ELEMENTS, layout_.elements);
  upload(VKXPBD_BINDING_ELEMENT_DATA, m.elementData);
  upload(VKXPBD_BINDING_VOLUME_BODIES, layout_.volumes);
  upload(VKXPBD_BINDING_VOLUME_INDICES, volumeIndices);
  upload(VKXPBD_BINDING_MOMENTUM, momentum);
  upload(VKXPBD_BINDING_VOLUME_GRADIENT, std::vector<glm::vec4>(layout_.volumeRows.size(), glm::vec4(0.0f)));
  upload(VKXPBD_BINDING_VOLUME_STATE,
         std::vector<gpu::VolumeState>(layout_.volumes.size(), gpu::VolumeState{}));
  upload(VKXPBD_BINDING_JACOBI_ROWS, jacobiRows);
  upload(VKXPBD_BINDING_JACOBI_SLOTS, layout_.adjacency.slots);
  upload(VKXPBD_BINDING_JACOBI_SCALE, layout_.jacobiScale);
  upload(VKXPBD_BINDING_COLLIDERS, m.colliders);
  upload(VKXPBD_BINDING_PARTICLE_FRICTION, m.particleFriction);
  upload(VKXPBD_BINDING_CONTACT_TRIANGLES, contactTriangles);
  if (m.contacts.enabled) {
    std::vector<uint32_t> hashParticles(2 * size_t{m.particleCount()}, 0u);
    const std::vector<uint32_t> partners = stitchPartners(m);
    hashParticles.insert(hashParticles.end(), partners.begin(), partners.end());
    upload(VKXPBD_BINDING_HASH_PARTICLES, hashParticles);
  }
  // The point–triangle sums start at zero; contact apply clears them after every use.
  if (contactParams.maxTriangles > 0)
    upload(VKXPBD_BINDING_CONTACTS, std::vector<uint32_t>(contactWords, 0u));
  upload(VKXPBD_BINDING_SDF_VALUES, m.sdfValues);
  upload(VKXPBD_BINDING_TETHERS, m.tethers);
  upload(VKXPBD_BINDING_HIERARCHY, hierarchy);
  gpu::SimParams params = makeSimParams(m, settings_);
  vk::uploadBuffer(ctx_, buffers_[VKXPBD_BINDING_PARAMS], &params, sizeof(params));
  upload(VKXPBD_BINDING_PREDICTED, std::vector<glm::vec4>(m.particleCount(), glm::vec4(0.0f)));
  // The rest state: positions with their low parts (Model::restPositionsLow) and the scene's initial
  // velocities (linear and angular, per body); every command starts from it.
  const State initial = makeInitialState(m);
  upload(VKXPBD_BINDING_POSITION_LOW, initial.positionsLow.empty()
                                          ? std::vector<glm::vec4>(m.particleCount(), glm::vec4(0.0f))
                                          : initial.positionsLow);
  upload(VKXPBD_BINDING_JACOBI_DELTA, std::vector<glm::vec4>(layout_.slotCount(), glm::vec4(0.0f)));
  upload(VKXPBD_BINDING_POSITIONS, testHookPositions(m.restPositions));
  upload(VKXPBD_BINDING_VELOCITIES, initial.velocities);
  startHistory(initial.velocities);
  writeClock(0);
  writeGrab(grab_);
}

void GpuSolver::createDescriptors() {
  // One set for every pass: binding b is buffers_[b] (VKXPBD_BINDING_*); the parameters are a uniform.
  std::vector<vk::BufferBinding> bindings(VKXPBD_BINDING_COUNT);
  for (uint32_t b = 0; b < VKXPBD_BINDING_COUNT; ++b)
    bindings[b] = {buffers_[b].buffer, b == VKXPBD_BINDING_PARAMS ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
                                                                  : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER};
  // The distance constraints and the Jacobi slot deltas: dynamic, a window (or the whole buffer) at the
  // offsets each pass's chunks bind (gpu/binding_windows.h).
  bindings[VKXPBD_BINDING_DISTANCE] = {
      buffers_[VKXPBD_BINDING_DISTANCE].buffer, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
      distanceWindow_.windowed ? distanceWindow_.windowBytes : buffers_[VKXPBD_BINDING_DISTANCE].size};
  bindings[VKXPBD_BINDING_JACOBI_DELTA] = {
      buffers_[VKXPBD_BINDING_JACOBI_DELTA].buffer, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
      deltaWindow_.windowed ? deltaWindow_.windowBytes : buffers_[VKXPBD_BINDING_JACOBI_DELTA].size};
  descriptors_ = vk::createBufferDescriptorSet(ctx_, bindings, VK_SHADER_STAGE_COMPUTE_BIT, "solver");

  pipelineLayout_ = vk::createPipelineLayout(ctx_, descriptors_.layout, VK_SHADER_STAGE_COMPUTE_BIT,
                                             sizeof(gpu::PassConstants), "solver pipeline layout");
}

void GpuSolver::createSurfaceDescriptors() {
  const SurfaceTriangles& surface = layout_.surface;
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  surfaceBuffers_.resize(VKXPBD_SURFACE_BINDING_COUNT);
  auto own = [&](uint32_t binding, const auto& data, const char* name, VkBufferUsageFlags usage = 0) {
    surfaceBuffers_[binding] =
        vk::createBuffer(ctx_, bytesOf(data), storage | usage, MemoryKind::DeviceLocal, name);
    vk::uploadBuffer(ctx_, surfaceBuffers_[binding], data.data(), bytesOf(data));
  };
  const uint32_t triangles = surface.triangleCount();
  // Also the renderer's index buffer (surfaceBuffers()).
  own(VKXPBD_SURFACE_BINDING_TRIANGLES, surface.indices, "surface triangles",
      VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
  own(VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS, surface.offsets, "surface triangle offsets");
  own(VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES, surface.triangles, "surface particle triangles");
  // The wind field, then per triangle its coefficients (shared/aero_math.h).
  own(VKXPBD_SURFACE_BINDING_AERO, packAero(model_, surface), "aerodynamics");
  own(VKXPBD_SURFACE_BINDING_TRIANGLE_FORCE, std::vector<glm::vec4>(triangles, glm::vec4(0.0f)),
      "surface triangle forces");
  // Tearing (gpu/gpu_tearing.cpp): each particle's tear body (a body's spares are its own from the
  // start: no constraint holds one before a split makes it the body's), each body's limits, and the
  // broken list, host-visible so that the host reads its count without a copy.
  std::vector<uint32_t> tearBody(model_.particleCount(), VKXPBD_NONE);
  std::vector<glm::vec4> tearLimits(std::max<size_t>(model_.tears.size(), 1), glm::vec4(0.0f));
  for (uint32_t k = 0; k < model_.tears.size(); ++k) {
    const TearBody& t = model_.tears[k];
    std::fill(tearBody.begin() + t.first, tearBody.begin() + t.first + t.count, k);
    std::fill(tearBody.begin() + t.spareFirst, tearBody.begin() + t.spareFirst + t.spareCount, k);
    tearLimits[k] = glm::vec4(t.settings.strain, tearForceLimit(layout_, t), 0.0f, 0.0f);
  }
  own(VKXPBD_SURFACE_BINDING_TEAR_BODY, tearBody, "tear body of each particle");
  own(VKXPBD_SURFACE_BINDING_TEAR_LIMITS, tearLimits, "tear limits");
  // The count, a flag per distance constraint (the split's sorted list at its front), a flag per
  // block of VKXPBD_TEAR_SPLIT_PER_CHUNK, the count per strain bin, the split's cutoff bin and quota
  // (shaders/tear_check.comp, tear_split.comp).
  const VkDeviceSize distanceCount = layout_.distance.size();
  const VkDeviceSize brokenWords =
      model_.tears.empty()
          ? 1
          : 1 + distanceCount +
                (distanceCount + VKXPBD_TEAR_SPLIT_PER_CHUNK - 1) / VKXPBD_TEAR_SPLIT_PER_CHUNK +
                VKXPBD_TEAR_BINS + 2;
  surfaceBuffers_[VKXPBD_SURFACE_BINDING_TEAR_BROKEN] =
      vk::createBuffer(ctx_, brokenWords * sizeof(uint32_t), storage | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                       MemoryKind::HostVisible, "tear broken list");
  std::fill_n(static_cast<uint32_t*>(surfaceBuffers_[VKXPBD_SURFACE_BINDING_TEAR_BROKEN].mapped), brokenWords,
              0u);

  // The buffers shared with the solver set.
  std::vector<vk::BufferBinding> bindings(VKXPBD_SURFACE_BINDING_COUNT);
  for (uint32_t b = 0; b < VKXPBD_SURFACE_BINDING_COUNT; ++b) bindings[b] = {surfaceBuffers_[b].buffer};
  bindings[VKXPBD_SURFACE_BINDING_POSITIONS] = {buffers_[VKXPBD_BINDING_POSITIONS].buffer};
  bindings[VKXPBD_SURFACE_BINDING_POSITION_LOW] = {buffers_[VKXPBD_BINDING_POSITION_LOW].buffer};
  bindings[VKXPBD_SURFACE_BINDING_VELOCITIES] = {buffers_[VKXPBD_BINDING_VELOCITIES].buffer};
  bindings[VKXPBD_SURFACE_BINDING_PARAMS] = {buffers_[VKXPBD_BINDING_PARAMS].buffer,
                                             VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER};
  bindings[VKXPBD_SURFACE_BINDING_CONTROL] = {buffers_[VKXPBD_BINDING_CONTROL].buffer};
  // Windowed only without tearing, where no surface pass reads it: its first window.
  bindings[VKXPBD_SURFACE_BINDING_DISTANCE] = {
      buffers_[VKXPBD_BINDING_DISTANCE].buffer, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
      distanceWindow_.windowed ? distanceWindow_.windowBytes : VK_WHOLE_SIZE};
  bindings[VKXPBD_SURFACE_BINDING_LAMBDA] = {buffers_[VKXPBD_BINDING_LAMBDA].buffer};
  bindings[VKXPBD_SURFACE_BINDING_INTEGRATOR_HISTORY] = {buffers_[VKXPBD_BINDING_INTEGRATOR_HISTORY].buffer};
  bindings[VKXPBD_SURFACE_BINDING_HIERARCHY] = {buffers_[VKXPBD_BINDING_HIERARCHY].buffer};
  surfaceDescriptors_ = vk::createBufferDescriptorSet(ctx_, bindings, VK_SHADER_STAGE_COMPUTE_BIT, "surface");
  surfacePipelineLayout_ =
      vk::createPipelineLayout(ctx_, surfaceDescriptors_.layout, VK_SHADER_STAGE_COMPUTE_BIT,
                               sizeof(gpu::PassConstants), "surface pipeline layout");
}

void GpuSolver::createPipelines() {
  // Every pass the schedule uses, and the grab (recorded while the user drags a particle).
  std::array<bool, kPassCount> used{};
  used[static_cast<uint32_t>(PassId::Grab)] = true;
  for (const ScheduledPass& p : schedule_.passes) used[static_cast<uint32_t>(p.pass)] = true;
  for (const PassInfo& info : kPassTable)
    if (used[static_cast<uint32_t>(info.id)])
      pipelines_[static_cast<uint32_t>(info.id)] = vk::createComputePipeline(
          ctx_, passPipelineLayout(info.layout), info.shader,
          info.id == PassId::CoarseLevels ? coarseLevelsThreads(ctx_, settings_) : 0);
}

void GpuSolver::recordPass(FrameSlot& slot, const ScheduledPass& pass) {
  VkCommandBuffer cmd = slot.cmd;
  const VkPipeline pipeline = pipelines_[static_cast<uint32_t>(pass.pass)];
  ctx_.beginLabel(cmd, schedule_.label(pass));
  if (slot.bound != pipeline) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    slot.bound = pipeline;
  }
  const PassLayout passLayout = passInfo(pass.pass).layout;
  const VkPipelineLayout layout = passPipelineLayout(passLayout);
  // One dispatch per chunk: several where the pass's records span more than one binding window.
  const std::vector<PassChunk> chunks = splitIntoWindows(pass.pass, pass.constants, pass.threads,
                                                         distanceWindow_, deltaWindow_, layout_.slotCount());
  for (size_t i = 0; i < chunks.size(); ++i) {
    const PassChunk& chunk = chunks[i];
    // The pass's own descriptor set (the solver's or the surface set), bound when it or the solver
    // set's window offsets change.
    const bool moved = passLayout == PassLayout::Solver &&
                       (chunk.distanceOffset != slot.distanceOffset || chunk.deltaOffset != slot.deltaOffset);
    if (slot.boundLayout != passLayout || moved) {
      if (passLayout == PassLayout::Solver) {
        bindSolverSet(cmd, chunk.distanceOffset, chunk.deltaOffset);
        slot.distanceOffset = chunk.distanceOffset;
        slot.deltaOffset = chunk.deltaOffset;
      } else {
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1,
                                passDescriptorSet(passLayout), 0, nullptr);
      }
      slot.boundLayout = passLayout;
    }
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(chunk.constants),
                       &chunk.constants);
    const uint32_t groupTotal = passInfo(pass.pass).shape == DispatchShape::WorkGroups
                                    ? chunk.threads
                                    : vk::groupCount(chunk.threads, VKXPBD_WORKGROUP_SIZE);
    const uint32_t maxX = ctx_.properties.limits.maxComputeWorkGroupCount[0];
    const uint32_t x = std::min(groupTotal, maxX);
    vkCmdDispatch(cmd, x, vk::groupCount(groupTotal, x), 1);
    // The chunks of a pass write the same buffers (Jacobi apply windows the same particles).
    if (i + 1 < chunks.size()) vk::computeToComputeBarrier(ctx_, cmd);
  }
  ctx_.endLabel(cmd);
  if (slot.timer) slot.timer->endPass(cmd, pass.stage);
  vk::computeToComputeBarrier(ctx_, cmd);
}

void GpuSolver::bindSolverSet(VkCommandBuffer cmd, uint32_t distanceOffset, uint32_t deltaOffset) const {
  // Dynamic offsets in binding order: VKXPBD_BINDING_DISTANCE, then VKXPBD_BINDING_JACOBI_DELTA.
  static_assert(VKXPBD_BINDING_DISTANCE < VKXPBD_BINDING_JACOBI_DELTA);
  const uint32_t offsets[2] = {distanceOffset, deltaOffset};
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout_, 0, 1, &descriptors_.set, 2,
                          offsets);
}

VkDeviceSize GpuSolver::storageBufferRange() const {
  const VkDeviceSize device = ctx_.properties.limits.maxStorageBufferRange;
  return options_.storageBufferRange > 0 ? std::min(options_.storageBufferRange, device) : device;
}

void GpuSolver::recordFrame(FrameSlot& slot, const std::string& name) {
  VkCommandBuffer cmd = slot.cmd;
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  VK_CHECK(vkBeginCommandBuffer(cmd, &begin));
  ctx_.beginLabel(cmd, name);
  if (slot.timer) slot.timer->begin(cmd);
  if (tear_) {
    // Tearing: the broken list (count and flags) starts every frame at zero (the tear check counts and
    // flags from it), cleared by the device itself, after the previous frame's tear passes read it.
    vk::memoryBarrier(ctx_, cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_CLEAR_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    vkCmdFillBuffer(cmd, surfaceBuffers_[VKXPBD_SURFACE_BINDING_TEAR_BROKEN].buffer, 0, VK_WHOLE_SIZE, 0u);
  }
  // Everything earlier on the queue (the previous frame, uploads, the renderer's reads, the clear above)
  // before this frame.
  vk::memoryBarrier(ctx_, cmd,
                    VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_COPY_BIT |
                        VK_PIPELINE_STAGE_2_CLEAR_BIT | options_.externalReadStages,
                    VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                    VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                    VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
                        VK_ACCESS_2_UNIFORM_READ_BIT);
  bindSolverSet(cmd, 0, 0);
  slot.bound = VK_NULL_HANDLE;
  slot.boundLayout = PassLayout::Solver;
  slot.distanceOffset = slot.deltaOffset = 0;
  uint32_t substep = VKXPBD_NONE;
  for (const ScheduledPass& pass : schedule_.passes) {
    if (pass.substep != substep) {
      if (substep != VKXPBD_NONE) ctx_.endLabel(cmd);
      substep = pass.substep;
      ctx_.beginLabel(cmd, "substep " + std::to_string(substep));
    }
    recordPass(slot, pass);
  }
  if (substep != VKXPBD_NONE) ctx_.endLabel(cmd);
  // Results readable by the host, by copies and by whoever draws them.
  vk::memoryBarrier(ctx_, cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                    VK_PIPELINE_STAGE_2_HOST_BIT | VK_PIPELINE_STAGE_2_COPY_BIT | options_.externalReadStages,
                    VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT | options_.externalReadAccess);
  ctx_.endLabel(cmd);
  VK_CHECK(vkEndCommandBuffer(cmd));
}

NeighbourLists GpuSolver::downloadNeighbours() {
  NeighbourLists lists;
  if (!model_.contacts.enabled) return lists;
  wait();
  const uint32_t n = model_.particleCount(), k = model_.contacts.maxNeighbours;
  std::vector<uint32_t> raw(size_t{n} * (1 + k) + 1);
  vk::downloadBuffer(ctx_, buffers_[VKXPBD_BINDING_CONTACTS], raw.data(), bytesOf(raw));
  lists.maxNeighbours = k;
  lists.count.assign(raw.begin(), raw.begin() + n);
  lists.overflow = raw[n];
  lists.neighbours.assign(raw.begin() + n + 1, raw.end());
  return lists;
}

NeighbourLists GpuSolver::downloadTriangleNeighbours() {
  NeighbourLists lists;
  if (!model_.contacts.enabled || !model_.contacts.triangles) return lists;
  wait();
  const uint32_t n = model_.particleCount(), k = model_.contacts.maxNeighbours;
  const uint32_t kt = model_.contacts.maxTriangles;
  std::vector<uint32_t> raw(gpu::contactSumBase(n, k, kt));
  vk::downloadBuffer(ctx_, buffers_[VKXPBD_BINDING_CONTACTS], raw.data(), bytesOf(raw));
  const uint32_t countBase = gpu::contactTriangleCountBase(n, k);
  lists.maxNeighbours = kt;
  lists.count.assign(raw.begin() + countBase, raw.begin() + countBase + n);
  lists.overflow = raw[countBase + n];
  lists.neighbours.assign(raw.begin() + gpu::contactTriangleListBase(n, k), raw.end());
  return lists;
}

void GpuSolver::writeGrab(const gpu::GrabConstraint& grab) {
  auto* control = static_cast<gpu::FrameControl*>(buffers_[VKXPBD_BINDING_CONTROL].mapped);
  control->grab = grab;
}

void GpuSolver::writeClock(uint32_t frame) {
  auto* control = static_cast<gpu::FrameControl*>(buffers_[VKXPBD_BINDING_CONTROL].mapped);
  control->clock = gpu::FrameClock{};
  control->clock.frame = frame;
}

uint32_t GpuSolver::readClock() const {
  return static_cast<const gpu::FrameControl*>(buffers_[VKXPBD_BINDING_CONTROL].mapped)->clock.frame;
}

void GpuSolver::setGrab(uint32_t particle, glm::vec3 target, float compliance) {
  wait();  // the host writes the grab buffer only while no frame uses it
  const bool started = grab_.enabled == 0u;
  grab_.particle = particle;
  grab_.enabled = 1u;
  grab_.compliance = storedCompliance(layout_, particle, compliance);
  grab_.target = glm::vec4(target, 0.0f);
  writeGrab(grab_);
  if (started) rerecordFrames();
}

void GpuSolver::releaseGrab() {
  if (grab_.enabled == 0u) return;
  wait();
  grab_.enabled = 0u;
  writeGrab(grab_);
  rerecordFrames();
}

void GpuSolver::setParticleInverseMass(uint32_t particle, float inverseMass) {
  wait();  // no frame in flight reads or writes the particle
  const glm::vec4 zero(0.0f);
  ctx_.submitAndWait([&](VkCommandBuffer cmd) {
    vk::memoryBarrier(ctx_, cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                      VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    const VkDeviceSize at = VkDeviceSize{particle} * sizeof(glm::vec4);
    vkCmdUpdateBuffer(cmd, buffers_[VKXPBD_BINDING_POSITIONS].buffer, at + 3 * sizeof(float), sizeof(float),
                      &inverseMass);
    vkCmdUpdateBuffer(cmd, buffers_[VKXPBD_BINDING_VELOCITIES].buffer, at, sizeof(glm::vec4), &zero);
    vk::memoryBarrier(ctx_, cmd, VK_PIPELINE_STAGE_2_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                      VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
                      VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
  });
}

void GpuSolver::rerecordFrames() {
  schedule_ = buildFrameSchedule(model_, settings_, layout_, grab_.enabled != 0u);
  for (size_t i = 0; i < slots_.size(); ++i) recordFrame(*slots_[i], "solver frame " + std::to_string(i));
  // The re-recorded frames' timestamp queries have not run yet: no frame's times are available.
  lastCompleted_ = -1;
}

void GpuSolver::finish(FrameSlot& slot) const {
  if (!slot.pending) return;
  VK_CHECK(vkWaitForFences(ctx_.device, 1, &slot.fence, VK_TRUE, UINT64_MAX));
  VK_CHECK(vkResetFences(ctx_.device, 1, &slot.fence));
  slot.pending = false;
  for (size_t i = 0; i < slots_.size(); ++i)
    if (slots_[i].get() == &slot) lastCompleted_ = static_cast<int>(i);
}

void GpuSolver::simulate(uint32_t frames) {
  for (uint32_t f = 0; f < frames; ++f) {
    FrameSlot& slot = *slots_[submitted_ % slots_.size()];
    finish(slot);
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &slot.cmd;
    VK_CHECK(vkQueueSubmit(ctx_.queue, 1, &submit, slot.fence));
    slot.pending = true;
    ++submitted_;
    ++frame_;
    if (tear_ && !tear_->gpuSplits) tearAfterFrame();  // the host splits: it waits for every frame
  }
}

void GpuSolver::wait() const {
  // Oldest first, so lastCompleted_ ends on the newest frame.
  for (size_t i = 0; i < slots_.size(); ++i) finish(*slots_[(submitted_ + i) % slots_.size()]);
}

void GpuSolver::startHistory(const std::vector<glm::vec4>& velocities) {
  // BDF2: no past yet (w = 0), so each particle starts with an implicit Euler substep; Euler keeps none.
  if (settings_.integrator != Integrator::Bdf2) return;
  std::vector<glm::vec4> history(velocities);
  history.insert(history.end(), velocities.begin(), velocities.end());
  vk::uploadBuffer(ctx_, buffers_[VKXPBD_BINDING_INTEGRATOR_HISTORY], history.data(), bytesOf(history));
}

void GpuSolver::upload(const State& state) {
  wait();
  startHistory(state.velocities);
  vk::uploadBuffer(ctx_, buffers_[VKXPBD_BINDING_POSITIONS], state.positions.data(),
                   bytesOf(state.positions));
  const std::vector<glm::vec4> low = state.positionsLow.empty()
                                         ? std::vector<glm::vec4>(state.positions.size(), glm::vec4(0.0f))
                                         : state.positionsLow;
  vk::uploadBuffer(ctx_, buffers_[VKXPBD_BINDING_POSITION_LOW], low.data(), bytesOf(low));
  vk::uploadBuffer(ctx_, buffers_[VKXPBD_BINDING_VELOCITIES], state.velocities.data(),
                   bytesOf(state.velocities));
  frame_ = static_cast<uint32_t>(state.frame);
  writeClock(frame_);
}

std::vector<glm::uvec4> GpuSolver::downloadTearMarks() {
  wait();
  std::vector<glm::uvec4> marks(layout_.hierarchy.tearMarks.size());
  if (!marks.empty())
    vk::downloadBuffer(ctx_, buffers_[VKXPBD_BINDING_HIERARCHY], marks.data(), bytesOf(marks));
  return marks;
}

State GpuSolver::download() {
  wait();
  State state;
  state.positions.resize(model_.particleCount());
  state.positionsLow.resize(model_.particleCount());
  state.velocities.resize(model_.particleCount());
  vk::downloadBuffer(ctx_, buffers_[VKXPBD_BINDING_POSITIONS], state.positions.data(),
                     bytesOf(state.positions));
  vk::downloadBuffer(ctx_, buffers_[VKXPBD_BINDING_POSITION_LOW], state.positionsLow.data(),
                     bytesOf(state.positionsLow));
  vk::downloadBuffer(ctx_, buffers_[VKXPBD_BINDING_VELOCITIES], state.velocities.data(),
                     bytesOf(state.velocities));
  state.frame = readClock();
  return state;
}

std::vector<float> GpuSolver::downloadLambdas() {
  wait();
  std::vector<float> lambdas(layout_.lambdaCount());
  vk::downloadBuffer(ctx_, buffers_[VKXPBD_BINDING_LAMBDA], lambdas.data(), bytesOf(lambdas));
  return lambdas;
}

std::vector<vk::StageTime> GpuSolver::lastFrameTimes(double* totalMs) const {
  if (lastCompleted_ < 0 || !slots_[static_cast<size_t>(lastCompleted_)]->timer) {
    if (totalMs != nullptr) *totalMs = 0.0;
    return {};
  }
  return slots_[static_cast<size_t>(lastCompleted_)]->timer->read(totalMs);
}

}  // namespace vkxpbd
