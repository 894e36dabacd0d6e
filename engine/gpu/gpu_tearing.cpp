// The GPU solver's tear step (sim/tearing.h, docs/tearing.md): the frame's last pass, tear check
// (shaders/tear_check.comp), lists the constraints past their tear strain or force in a host-visible
// buffer; after the frame the host reads its count (4 bytes). Only when it is not zero does it read the
// list (sorted into layout order, so the split does not depend on the order the GPU appended them) and
// the state, run the same split as the CPU reference on its copies of the model and layout, and upload
// what changed.
#include <algorithm>
#include <stdexcept>
#include <utility>

#include "gpu/gpu_solver.h"
#include "sim/contact_triangles.h"

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

void GpuSolver::tearAfterFrame() {
  TearCopy& t = *tear_;
  t.last = TearReport{};
  wait();
  // The count, then the list, as the tear check pass wrote them (the frame's last barrier makes them
  // visible to the host); the count goes back to zero for the next frame.
  auto* list = static_cast<uint32_t*>(surfaceBuffers_[VKXPBD_SURFACE_BINDING_TEAR_BROKEN].mapped);
  const uint32_t count = list[0];
  if (count == 0) return;
  if (count > layout_.distance.size()) throw std::logic_error("tearing: broken count past its list");
  std::vector<uint32_t> broken(list + 1, list + 1 + count);
  list[0] = 0u;
  std::sort(broken.begin(), broken.end());

  const uint32_t n = model_.particleCount();
  State state = download();
  const bool bdf2 = settings_.integrator == Integrator::Bdf2;
  std::vector<glm::vec4> history;
  if (bdf2) history = get<glm::vec4>(ctx_, buffers_[VKXPBD_BINDING_INTEGRATOR_HISTORY], 2 * size_t{n});
  const uint32_t rows = t.layout.adjacency.rowCount();
  t.last = t.tearing.split(t.model, t.layout, state, history, std::move(broken));

  put(ctx_, buffers_[VKXPBD_BINDING_POSITIONS], state.positions);
  put(ctx_, buffers_[VKXPBD_BINDING_POSITION_LOW], state.positionsLow);
  put(ctx_, buffers_[VKXPBD_BINDING_VELOCITIES], state.velocities);
  if (bdf2) put(ctx_, buffers_[VKXPBD_BINDING_INTEGRATOR_HISTORY], history);
  put(ctx_, buffers_[VKXPBD_BINDING_DISTANCE], t.layout.distance);
  put(ctx_, buffers_[VKXPBD_BINDING_ELEMENTS], t.layout.elements);
  std::vector<uint32_t> jacobiRows = t.layout.adjacency.offsets;
  jacobiRows.insert(jacobiRows.end(), t.layout.adjacency.particles.begin(),
                    t.layout.adjacency.particles.end());
  put(ctx_, buffers_[VKXPBD_BINDING_JACOBI_ROWS], jacobiRows);
  put(ctx_, buffers_[VKXPBD_BINDING_JACOBI_SLOTS], t.layout.adjacency.slots);
  put(ctx_, buffers_[VKXPBD_BINDING_JACOBI_SCALE], t.layout.jacobiScale);
  put(ctx_, buffers_[VKXPBD_BINDING_CONTACT_TRIANGLES], packContactTriangles(t.model));
  put(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLES], t.layout.surface.indices);
  put(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS], t.layout.surface.offsets);
  put(ctx_, surfaceBuffers_[VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES], t.layout.surface.triangles);
  ++t.version;
  // The Jacobi apply pass has one thread per row: re-record when the rows changed.
  if (t.layout.adjacency.rowCount() != rows) rerecordFrames();
}

}  // namespace vkxpbd
