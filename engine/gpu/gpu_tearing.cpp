// The GPU solver's tear step (sim/tearing.h, docs/tearing.md). The frame's last passes: tear check
// (shaders/tear_check.comp) flags the constraints past their tear strain or force in a host-visible
// buffer and counts them; tear split (shaders/tear_split.comp) breaks and splits the flagged ones (at
// most 256 a frame, the most strained first) in layout order with the CPU reference's code
// (shared/tear_split.h) on the GPU's buffers; tear hold (shaders/tear_hold.comp) keeps the torn triangles
// held; tear surface and tear jacobi rebuild the adjacency and the Jacobi rows. The device owns the torn
// topology: the host reads the broken list, the counters and the changed buffers only when asked (syncTear:
// layout(), model(), lastTear()), never after every frame. Surfaces too large for those passes are split on
// the host after every frame (tearAfterFrame), which waits for the frame, reads the flags and uploads what
// changed.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

#include "gpu/gpu_solver.h"
#include "shared/tear_layout.h"
#include "sim/contact_hash.h"
#include "sim/contact_triangles.h"
#include "sim/tear_table.h"

namespace vkxpbd {

namespace {

template <typename T>
VkDeviceSize sizeOf(const std::vector<T>& v) {
  return static_cast<VkDeviceSize>(v.size() * sizeof(T));
}

template <typename T>
void put(const vk::Context& ctx, const vk::Buffer& buffer, const std::vector<T>& data) {
  if (sizeOf(data) > buffer.size) throw std::logic_error("tearing: data larger than its buffer");
  if (!data.empty()) vk::uploadBuffer(ctx, buffer, data.data(), sizeOf(data));
}

template <typename T>
std::vector<T> get(const vk::Context& ctx, const vk::Buffer& buffer, size_t count) {
  std::vector<T> data(count);
  if (count > 0) vk::downloadBuffer(ctx, buffer, data.data(), sizeOf(data));
  return data;
}

}  // namespace

void GpuSolver::createTearDescriptors() {
  tear_->gpuSplits = tearSplitsOnGpu(model_);
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  const std::vector<uint32_t>& table = tear_->tearing.table();
  tearTable_ = vk::createBuffer(ctx_, sizeOf(table), storage, vk::MemoryKind::DeviceLocal, "tear table");
  put(ctx_, tearTable_, table);
  std::vector<float> restW(model_.particleCount());
  for (size_t p = 0; p < restW.size(); ++p) restW[p] = model_.restPositions[p].w;
  tearRestW_ =
      vk::createBuffer(ctx_, sizeOf(restW), storage, vk::MemoryKind::DeviceLocal, "tear inverse masses");
  put(ctx_, tearRestW_, restW);
  // The tear jacobi pass's scratch: per particle its slot count (then fill cursor), then its row.
  tearJacobiScratch_ =
      vk::createBuffer(ctx_, 2 * sizeOf(restW), storage, vk::MemoryKind::DeviceLocal, "tear jacobi scratch");

  std::vector<vk::BufferBinding> bindings(VKXPBD_TEAR_BINDING_COUNT);
  bindings[VKXPBD_TEAR_BINDING_POSITIONS] = {buffers_[VKXPBD_BINDING_POSITIONS].buffer};
  bindings[VKXPBD_TEAR_BINDING_POSITION_LOW] = {buffers_[VKXPBD_BINDING_POSITION_LOW].buffer};
  bindings[VKXPBD_TEAR_BINDING_VELOCITIES] = {buffers_[VKXPBD_BINDING_VELOCITIES].buffer};
  bindings[VKXPBD_TEAR_BINDING_HISTORY] = {buffers_[VKXPBD_BINDING_INTEGRATOR_HISTORY].buffer};
  bindings[VKXPBD_TEAR_BINDING_DISTANCE] = {buffers_[VKXPBD_BINDING_DISTANCE].buffer};
  bindings[VKXPBD_TEAR_BINDING_ELEMENTS] = {buffers_[VKXPBD_BINDING_ELEMENTS].buffer};
  bindings[VKXPBD_TEAR_BINDING_TRIANGLES] = {surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLES].buffer};
  bindings[VKXPBD_TEAR_BINDING_TABLE] = {tearTable_.buffer};
  bindings[VKXPBD_TEAR_BINDING_REST_W] = {tearRestW_.buffer};
  bindings[VKXPBD_TEAR_BINDING_BROKEN] = {surfaceBuffers_[VKXPBD_SURFACE_BINDING_TEAR_BROKEN].buffer};
  bindings[VKXPBD_TEAR_BINDING_TRIANGLE_OFFSETS] = {
      surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS].buffer};
  bindings[VKXPBD_TEAR_BINDING_PARTICLE_TRIANGLES] = {
      surfaceBuffers_[VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES].buffer};
  bindings[VKXPBD_TEAR_BINDING_JACOBI_ROWS] = {buffers_[VKXPBD_BINDING_JACOBI_ROWS].buffer};
  bindings[VKXPBD_TEAR_BINDING_JACOBI_SLOTS] = {buffers_[VKXPBD_BINDING_JACOBI_SLOTS].buffer};
  bindings[VKXPBD_TEAR_BINDING_JACOBI_SCALE] = {buffers_[VKXPBD_BINDING_JACOBI_SCALE].buffer};
  bindings[VKXPBD_TEAR_BINDING_JACOBI_SCRATCH] = {tearJacobiScratch_.buffer};
  bindings[VKXPBD_TEAR_BINDING_CONTACT_TRIANGLES] = {buffers_[VKXPBD_BINDING_CONTACT_TRIANGLES].buffer};
  bindings[VKXPBD_TEAR_BINDING_HASH_PARTICLES] = {buffers_[VKXPBD_BINDING_HASH_PARTICLES].buffer};
  tearDescriptors_ = vk::createBufferDescriptorSet(ctx_, bindings, VK_SHADER_STAGE_COMPUTE_BIT, "tear");
  tearPipelineLayout_ = vk::createPipelineLayout(ctx_, tearDescriptors_.layout, VK_SHADER_STAGE_COMPUTE_BIT,
                                                 sizeof(gpu::PassConstants), "tear pipeline layout");
}

VkPipelineLayout GpuSolver::passPipelineLayout(PassLayout layout) const {
  switch (layout) {
    case PassLayout::Surface:
      return surfacePipelineLayout_;
    case PassLayout::Tear:
      return tearPipelineLayout_;
    case PassLayout::Solver:
      break;
  }
  return pipelineLayout_;
}

const VkDescriptorSet* GpuSolver::passDescriptorSet(PassLayout layout) const {
  switch (layout) {
    case PassLayout::Surface:
      return &surfaceDescriptors_.set;
    case PassLayout::Tear:
      return &tearDescriptors_.set;
    case PassLayout::Solver:
      break;
  }
  return &descriptors_.set;
}

void GpuSolver::tearAfterFrame() {
  // The host splits (tearSplitsOnGpu is false): every frame, the same code on its copies of the model
  // and layout, and uploads what changed.
  TearCopy& t = *tear_;
  t.last = TearReport{};
  wait();
  ++t.readbacks;
  t.reportFrame = t.topologyFrame = submitted_;
  // The count, then the flags, as the tear check pass wrote them (the frame's last barrier makes them
  // visible to the host); the next frame's first command clears the count.
  const auto* list = static_cast<const uint32_t*>(surfaceBuffers_[VKXPBD_SURFACE_BINDING_TEAR_BROKEN].mapped);
  const uint32_t count = list[0];
  if (count == 0) return;
  std::vector<uint32_t> broken;  // layout order
  broken.reserve(count);
  for (uint32_t k = 0; k < layout_.distance.size(); ++k)
    if (list[1 + k] != 0u) broken.push_back(k);
  if (broken.size() != count) throw std::logic_error("tearing: broken flags and count disagree");

  const uint32_t n = model_.particleCount();
  State state = download();
  const bool bdf2 = settings_.integrator == Integrator::Bdf2;
  std::vector<glm::vec4> history;
  if (bdf2) history = get<glm::vec4>(ctx_, buffers_[VKXPBD_BINDING_INTEGRATOR_HISTORY], 2 * size_t{n});
  t.last = t.tearing.split(t.model, t.layout, state, history, std::move(broken));
  t.last.flagged = count;
  put(ctx_, buffers_[VKXPBD_BINDING_POSITIONS], state.positions);
  put(ctx_, buffers_[VKXPBD_BINDING_POSITION_LOW], state.positionsLow);
  put(ctx_, buffers_[VKXPBD_BINDING_VELOCITIES], state.velocities);
  if (bdf2) put(ctx_, buffers_[VKXPBD_BINDING_INTEGRATOR_HISTORY], history);
  put(ctx_, buffers_[VKXPBD_BINDING_DISTANCE], t.layout.distance);
  put(ctx_, buffers_[VKXPBD_BINDING_ELEMENTS], t.layout.elements);
  put(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLES], t.layout.surface.indices);
  put(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS], t.layout.surface.offsets);
  put(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES], t.layout.surface.triangles);
  // The rows in the fixed room the apply pass runs over (no re-recording).
  put(ctx_, buffers_[VKXPBD_BINDING_JACOBI_ROWS],
      packJacobiRows(t.layout.adjacency, jacobiRowCapacity(model_, layout_)));
  put(ctx_, buffers_[VKXPBD_BINDING_JACOBI_SLOTS], t.layout.adjacency.slots);
  put(ctx_, buffers_[VKXPBD_BINDING_JACOBI_SCALE], t.layout.jacobiScale);
  put(ctx_, buffers_[VKXPBD_BINDING_CONTACT_TRIANGLES], packContactTriangles(t.model));
  if (model_.contacts.enabled) {
    // The stitch partners as the stitches are now, after the hash's 2N words (rebuilt every substep).
    std::vector<uint32_t> hashParticles(2 * size_t{n}, 0u);
    const std::vector<uint32_t> partners = stitchPartners(t.layout.distance, n);
    hashParticles.insert(hashParticles.end(), partners.begin(), partners.end());
    put(ctx_, buffers_[VKXPBD_BINDING_HASH_PARTICLES], hashParticles);
  }
  ++t.version;
}

std::vector<uint32_t> GpuSolver::downloadContactTriangles() {
  if (!model_.contacts.enabled || !model_.contacts.triangles) return {};
  wait();
  return get<uint32_t>(ctx_, buffers_[VKXPBD_BINDING_CONTACT_TRIANGLES], packContactTriangles(model_).size());
}

std::vector<uint32_t> GpuSolver::downloadStitchPartners() {
  if (!model_.contacts.enabled) return {};
  wait();
  const size_t n = model_.particleCount();
  const std::vector<uint32_t> hash = get<uint32_t>(ctx_, buffers_[VKXPBD_BINDING_HASH_PARTICLES], 3 * n);
  return {hash.begin() + static_cast<std::ptrdiff_t>(2 * n), hash.end()};
}

void GpuSolver::syncTear(bool topology) const {
  if (!tear_ || !tear_->gpuSplits) return;  // none, or the host split after every frame
  TearCopy& t = *tear_;
  const bool report = t.reportFrame != submitted_;
  const bool copies = topology && t.topologyFrame != submitted_;
  if (!report && !copies) return;
  wait();
  ++t.readbacks;
  const std::vector<uint32_t> table = get<uint32_t>(ctx_, tearTable_, t.tearing.table().size());
  if (report) readTearReport(table);
  if (copies) readTearTopology(table);
  t.reportFrame = submitted_;
  if (copies) t.topologyFrame = submitted_;
}

void GpuSolver::readTearReport(const std::vector<uint32_t>& table) const {
  // The last frame's broken list (sorted by the tear split pass) and counters; first a check that no
  // tear pass of that frame was cut short.
  TearCopy& t = *tear_;
  t.last = TearReport{};
  const auto* list = static_cast<const uint32_t*>(surfaceBuffers_[VKXPBD_SURFACE_BINDING_TEAR_BROKEN].mapped);
  const uint32_t count = list[0];
  if (count == 0) return;
  if (count > layout_.distance.size()) throw std::logic_error("tearing: broken count past its list");
  auto counter = [&](uint32_t c) { return table[table[VKXPBD_TEAR_HDR_COUNTERS] + c]; };
  uint32_t tearTriangles = 0;
  for (uint32_t b = 0; b < model_.tears.size(); ++b)
    tearTriangles +=
        table[table[VKXPBD_TEAR_HDR_BODY_TABLE] + b * VKXPBD_TEAR_BODY_STRIDE + VKXPBD_TEAR_BODY_TRI_COUNT];
  // The surface pass's five phases: N + 1, the corners, N, the corners, N + 1 items.
  const uint32_t n = model_.particleCount();
  const auto corners = static_cast<uint32_t>(t.layout.surface.indices.size());
  // With contact triangles, a sixth phase copies triangles and adjacency into their buffer.
  const bool contactCopy = !packContactTriangles(model_).empty();
  const uint32_t csrItems = 3 * n + 2 + 2 * corners + (contactCopy ? 2 * corners + n + 1 : 0u);
  // The jacobi pass's counted phases: N, the batch's slots twice, its constraints.
  const uint32_t batch = t.layout.jacobi.count + t.layout.jacobiElements.count;
  const uint32_t batchSlots = 2 * t.layout.jacobi.count + 4 * t.layout.jacobiElements.count;
  const uint32_t jacobiItems = batch > 0 ? n + 2 * batchSlots + batch : 0u;
  // The split breaks at most VKXPBD_TEAR_CHUNKS × VKXPBD_TEAR_SPLIT_PER_CHUNK in a frame (the others
  // are checked again in the next frame).
  const uint32_t split = std::min(count, VKXPBD_TEAR_CHUNKS * VKXPBD_TEAR_SPLIT_PER_CHUNK);
  if (counter(VKXPBD_TEAR_COUNTER_SPLIT_DONE) != split ||
      counter(VKXPBD_TEAR_COUNTER_HOLD_DONE) != tearTriangles ||
      counter(VKXPBD_TEAR_COUNTER_CSR_DONE) != csrItems ||
      counter(VKXPBD_TEAR_COUNTER_JACOBI_DONE) != jacobiItems)
    throw std::logic_error(
        "tearing: a tear pass was cut short (" + std::to_string(counter(VKXPBD_TEAR_COUNTER_SPLIT_DONE)) +
        " of " + std::to_string(split) + " broken, " +
        std::to_string(counter(VKXPBD_TEAR_COUNTER_HOLD_DONE)) + " of " + std::to_string(tearTriangles) +
        " triangles, " + std::to_string(counter(VKXPBD_TEAR_COUNTER_CSR_DONE)) + " of " +
        std::to_string(csrItems) + " surface adjacency items, " +
        std::to_string(counter(VKXPBD_TEAR_COUNTER_JACOBI_DONE)) + " of " + std::to_string(jacobiItems) +
        " Jacobi row items)");
  t.last.broken.assign(list + 1, list + 1 + split);
  t.last.flagged = count;
  t.last.removed = counter(VKXPBD_TEAR_COUNTER_REMOVED);
  t.last.splits = counter(VKXPBD_TEAR_COUNTER_SPLITS);
  t.last.brokenElements = counter(VKXPBD_TEAR_COUNTER_BROKEN_ELEMENTS);
  t.last.heldTriangles = counter(VKXPBD_TEAR_COUNTER_HELD);
  t.last.collapsedTriangles = counter(VKXPBD_TEAR_COUNTER_COLLAPSED);
}

void GpuSolver::readTearTopology(const std::vector<uint32_t>& table) const {
  // The host's copies of what the tear passes changed: constraint and element ends, surface triangles
  // and their adjacency, inverse masses, and the Jacobi rows, slots and scales they built again.
  TearCopy& t = *tear_;
  const std::vector<uint32_t> before = t.layout.surface.indices;
  const std::vector<DistanceConstraint> distanceBefore = t.layout.distance;
  const uint32_t n = model_.particleCount();
  const auto corners = static_cast<uint32_t>(t.layout.surface.indices.size());
  t.layout.distance =
      get<DistanceConstraint>(ctx_, buffers_[VKXPBD_BINDING_DISTANCE], t.layout.distance.size());
  t.layout.elements =
      get<ElementConstraint>(ctx_, buffers_[VKXPBD_BINDING_ELEMENTS], t.layout.elements.size());
  SurfaceTriangles& surface = t.layout.surface;
  surface.indices = get<uint32_t>(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLES], corners);
  for (size_t s = 0; s < t.model.surfaces.size(); ++s)
    std::copy(surface.indices.begin() + surface.surfaceStart[s],
              surface.indices.begin() + surface.surfaceStart[s + 1], t.model.surfaces[s].indices.begin());
  surface.offsets =
      get<uint32_t>(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS], n + size_t{1});
  surface.triangles =
      get<uint32_t>(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES], corners);
  const std::vector<float> restW = get<float>(ctx_, tearRestW_, n);
  for (size_t p = 0; p < restW.size(); ++p) t.model.restPositions[p].w = restW[p];
  // The rows the tear jacobi pass built last (0 until it first ran: the rows as loaded stand).
  const uint32_t batch = t.layout.jacobi.count + t.layout.jacobiElements.count;
  const uint32_t rows = table[table[VKXPBD_TEAR_HDR_COUNTERS] + VKXPBD_TEAR_COUNTER_JACOBI_ROWS];
  if (batch > 0 && rows > 0) {
    const uint32_t capacity = jacobiRowCapacity(model_, layout_);
    const std::vector<uint32_t> packed =
        get<uint32_t>(ctx_, buffers_[VKXPBD_BINDING_JACOBI_ROWS], 2 * size_t{capacity} + 1);
    JacobiAdjacency& adj = t.layout.adjacency;
    adj.offsets.assign(packed.begin(), packed.begin() + rows + 1);
    adj.particles.assign(packed.begin() + capacity + 1, packed.begin() + capacity + 1 + rows);
    adj.slots = get<uint32_t>(ctx_, buffers_[VKXPBD_BINDING_JACOBI_SLOTS], adj.offsets.back());
    t.layout.jacobiScale = get<float>(ctx_, buffers_[VKXPBD_BINDING_JACOBI_SCALE], batch);
  }
  const bool changed = surface.indices != before ||
                       !std::equal(distanceBefore.begin(), distanceBefore.end(), t.layout.distance.begin(),
                                   [](const DistanceConstraint& x, const DistanceConstraint& y) {
                                     return x.a == y.a && x.b == y.b;
                                   });
  if (changed) ++t.version;
}

}  // namespace vkxpbd
