#include "render/scene_renderer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "render/constraint_view.h"
#include "render/pipeline.h"
#include "render/stress_scale.h"
#include "shared/collider_math.h"
#include "vk/compute.h"

namespace vkxpbd::render {

namespace {

template <typename T>
VkDeviceSize bytesOf(const std::vector<T>& v) {
  return static_cast<VkDeviceSize>(v.size() * sizeof(T));
}

// Grid cells of 10^k / 4 m, about a quarter of the scene's radius.
float gridCellFor(const Bounds& bounds) {
  const float r = std::max(bounds.radius(), 1e-3f);
  return 0.25f * std::pow(10.0f, std::round(std::log10(r)));
}

}  // namespace

glm::vec3 surfaceColour(size_t surface) {
  static const glm::vec3 palette[VKXPBD_SURFACE_COLOURS] = {
      glm::vec3(VKXPBD_CLOTH_FRONT_COLOUR), glm::vec3(VKXPBD_SURFACE_COLOUR_1),
      glm::vec3(VKXPBD_SURFACE_COLOUR_2), glm::vec3(VKXPBD_SURFACE_COLOUR_3),
      glm::vec3(VKXPBD_SURFACE_COLOUR_4)};
  return palette[surface % VKXPBD_SURFACE_COLOURS];
}

const char* viewModeName(ViewMode mode) {
  switch (mode) {
    case ViewMode::Shaded:
      return "shaded";
    case ViewMode::Wireframe:
      return "wireframe";
    case ViewMode::ConstraintColours:
      return "colours";
    case ViewMode::Stress:
      return "stress";
  }
  return "unknown";
}

ViewMode viewModeFromName(const std::string& name) {
  for (ViewMode m : {ViewMode::Shaded, ViewMode::Wireframe, ViewMode::ConstraintColours, ViewMode::Stress})
    if (name == viewModeName(m)) return m;
  throw std::invalid_argument("unknown view '" + name + "' (expected shaded, wireframe, colours or stress)");
}

void SceneRenderer::updateSurface(const SurfaceTriangles& surface) {
  if (!ownSurface_) throw std::logic_error("updateSurface: the renderer draws the solver's surface buffers");
  if (surface.indices.size() != clothMesh_.indices.size() ||
      surface.offsets.size() != clothMesh_.offsets.size())
    throw std::logic_error("updateSurface: the surface changed size");
  VK_CHECK(vkDeviceWaitIdle(ctx_.device));
  clothMesh_ = surface;
  vk::uploadBuffer(ctx_, indices_, clothMesh_.indices.data(), bytesOf(clothMesh_.indices));
  vk::uploadBuffer(ctx_, offsets_, clothMesh_.offsets.data(), bytesOf(clothMesh_.offsets));
  vk::uploadBuffer(ctx_, adjacency_, clothMesh_.triangles.data(), bytesOf(clothMesh_.triangles));
}

GpuSolverOptions rendererSolverOptions(GpuSolverOptions options) {
  options.externalReadStages |= kPositionReadStages;
  options.externalReadAccess |= kPositionReadAccess;
  return options;
}

SceneRenderer::SceneRenderer(const vk::Context& ctx, const Model& model, const vk::Buffer& positions,
                             VkRenderPass renderPass, VkSampleCountFlagBits samples,
                             const GpuSurfaceBuffers& surface)
    : ctx_(ctx), model_(model), positions_(positions.buffer), surface_(surface) {
  ownSurface_ = surface.indices == VK_NULL_HANDLE;
  clothMesh_ = buildClothMesh(model_);
  SolidMesh colliders;
  for (uint32_t k = 0; k < model_.colliders.size(); ++k) {
    const SolidMesh mesh = buildColliderMesh(model_, k);
    if (mesh.indices.empty()) continue;
    colliderDraws_.push_back(
        {k, static_cast<uint32_t>(colliders.indices.size()), static_cast<uint32_t>(mesh.indices.size())});
    colliders.append(mesh);
  }
  bounds_ = sceneBounds(model_);
  gridCell = gridCellFor(bounds_);

  using vk::MemoryKind;
  const VkBufferUsageFlags storage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  if (ownSurface_) {
    indices_ = vk::createBuffer(ctx_, bytesOf(clothMesh_.indices), storage | VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                                MemoryKind::DeviceLocal, "cloth indices");
    offsets_ = vk::createBuffer(ctx_, bytesOf(clothMesh_.offsets), storage, MemoryKind::DeviceLocal,
                                "normals adjacency offsets");
    adjacency_ = vk::createBuffer(ctx_, bytesOf(clothMesh_.triangles), storage, MemoryKind::DeviceLocal,
                                  "normals adjacency triangles");
    vk::uploadBuffer(ctx_, indices_, clothMesh_.indices.data(), bytesOf(clothMesh_.indices));
    vk::uploadBuffer(ctx_, offsets_, clothMesh_.offsets.data(), bytesOf(clothMesh_.offsets));
    vk::uploadBuffer(ctx_, adjacency_, clothMesh_.triangles.data(), bytesOf(clothMesh_.triangles));
    surface_ = {indices_.buffer, offsets_.buffer, adjacency_.buffer};
  }
  normals_ =
      vk::createBuffer(ctx_, model_.particleCount() * sizeof(glm::vec4),
                       storage | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, MemoryKind::DeviceLocal, "cloth normals");
  if (!colliderDraws_.empty()) {
    colliderPositions_ =
        vk::createBuffer(ctx_, bytesOf(colliders.positions), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                         MemoryKind::DeviceLocal, "collider positions");
    colliderNormals_ = vk::createBuffer(ctx_, bytesOf(colliders.normals), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                        MemoryKind::DeviceLocal, "collider normals");
    colliderIndices_ = vk::createBuffer(ctx_, bytesOf(colliders.indices), VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                                        MemoryKind::DeviceLocal, "collider indices");
    vk::uploadBuffer(ctx_, colliderPositions_, colliders.positions.data(), bytesOf(colliders.positions));
    vk::uploadBuffer(ctx_, colliderNormals_, colliders.normals.data(), bytesOf(colliders.normals));
    vk::uploadBuffer(ctx_, colliderIndices_, colliders.indices.data(), bytesOf(colliders.indices));
  }
  const std::vector<glm::vec4> zero(model_.particleCount(), glm::vec4(0.0f));
  vk::uploadBuffer(ctx_, normals_, zero.data(), bytesOf(zero));

  createNormalsPass();
  createPipelines(renderPass, samples);
}

void SceneRenderer::enableConstraintViews(const GpuSolver& solver, VkRenderPass renderPass,
                                          VkSampleCountFlagBits samples) {
  constraintView_ = std::make_unique<ConstraintView>(ctx_, solver, renderPass, samples);
  // Full red at a tenth of the total weight: the constraints next to the pins carry far more, the
  // bulk of the cloth far less.
  float weight = 0.0f;  // N
  for (const glm::vec4& p : model_.restPositions)
    if (p.w > 0.0f) weight += 9.81f / p.w;
  stressScale = std::max(0.1f * weight, 1e-6f);
}

bool SceneRenderer::autoStressScale(GpuSolver& solver) {
  const float scale =
      niceStressScale(constraintForces(model_, solver.layout(), solver.download().positions,
                                       solver.downloadLambdas(), solver.settings().alphaScale()));
  if (scale <= 0.0f) return false;
  stressScale = scale;
  return true;
}

std::optional<Legend> SceneRenderer::legend() const {
  if (constraintView_ == nullptr) return std::nullopt;
  return viewLegend(view, stressScale, constraintView_->colourCount(), constraintView_->hasJacobiBatch());
}

SceneRenderer::~SceneRenderer() {
  constraintView_.reset();
  vkDeviceWaitIdle(ctx_.device);
  for (VkPipeline p : {normalsPipeline_, clothPipeline_, colliderPipeline_, groundPipeline_})
    vkDestroyPipeline(ctx_.device, p, nullptr);
  vkDestroyPipelineLayout(ctx_.device, drawLayout_, nullptr);
  vkDestroyPipelineLayout(ctx_.device, normalsLayout_, nullptr);
  vk::destroyBufferDescriptorSet(ctx_, normalsSet_);
  for (vk::Buffer* b : {&indices_, &offsets_, &adjacency_, &normals_, &colliderPositions_, &colliderNormals_,
                        &colliderIndices_})
    vk::destroyBuffer(ctx_, *b);
}

void SceneRenderer::createNormalsPass() {
  // Binding order as VKXPBD_NORMALS_BINDING_*.
  normalsSet_ = vk::createBufferDescriptorSet(
      ctx_, {{positions_}, {surface_.indices}, {surface_.offsets}, {surface_.adjacency}, {normals_.buffer}},
      VK_SHADER_STAGE_COMPUTE_BIT, "normals");

  normalsLayout_ = vk::createPipelineLayout(ctx_, normalsSet_.layout, VK_SHADER_STAGE_COMPUTE_BIT,
                                            sizeof(gpu::NormalsConstants), "normals pipeline layout");

  normalsPipeline_ = vk::createComputePipeline(ctx_, normalsLayout_, "normals.comp");
}

void SceneRenderer::createPipelines(VkRenderPass renderPass, VkSampleCountFlagBits samples) {
  drawLayout_ = vk::createPipelineLayout(ctx_, VK_NULL_HANDLE,
                                         VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
                                         sizeof(gpu::DrawConstants), "draw pipeline layout");

  // Cloth: both sides visible (no culling); binding 0 is the solver's position buffer.
  clothPipeline_ = createGraphicsPipeline(ctx_, drawLayout_, renderPass, samples,
                                          {"cloth pipeline",
                                           "cloth.vert",
                                           "cloth.frag",
                                           {vec4Binding(0), vec4Binding(1)},
                                           {vec4Attribute(0, 0), vec4Attribute(1, 1)},
                                           VK_CULL_MODE_NONE});
  colliderPipeline_ = createGraphicsPipeline(ctx_, drawLayout_, renderPass, samples,
                                             {"collider pipeline",
                                              "collider.vert",
                                              "collider.frag",
                                              {vec4Binding(0), vec4Binding(1)},
                                              {vec4Attribute(0, 0), vec4Attribute(1, 1)},
                                              VK_CULL_MODE_BACK_BIT});
  groundPipeline_ =
      createGraphicsPipeline(ctx_, drawLayout_, renderPass, samples,
                             {"ground pipeline", "ground.vert", "ground.frag", {}, {}, VK_CULL_MODE_NONE});
}

void SceneRenderer::recordNormals(VkCommandBuffer cmd) {
  ctx_.beginLabel(cmd, "normals");
  // The previous frame's vertex-input reads of the normals before this pass overwrites them.
  vk::memoryBarrier(ctx_, cmd, VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT, 0,
                    VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, normalsPipeline_);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, normalsLayout_, 0, 1, &normalsSet_.set, 0,
                          nullptr);
  gpu::NormalsConstants pc{};
  pc.vertexCount = model_.particleCount();
  vkCmdPushConstants(cmd, normalsLayout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(pc), &pc);
  if (pc.vertexCount > 0)
    vkCmdDispatch(cmd, vk::groupCount(pc.vertexCount, VKXPBD_NORMALS_WORKGROUP_SIZE), 1, 1);
  // Normals written by the pass → read as vertex attributes by "draw cloth" (and by the host or a
  // copy in downloadNormals()).
  vk::memoryBarrier(
      ctx_, cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
      VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT | VK_PIPELINE_STAGE_2_HOST_BIT |
          VK_PIPELINE_STAGE_2_COPY_BIT,
      VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_TRANSFER_READ_BIT);
  ctx_.endLabel(cmd);
}

void SceneRenderer::recordDraw(VkCommandBuffer cmd, const OrbitCamera& camera, VkExtent2D extent,
                               float time) {
  recordDraw(cmd, camera, VkRect2D{{0, 0}, extent}, time);
}

void SceneRenderer::recordDraw(VkCommandBuffer cmd, const OrbitCamera& camera, VkRect2D area, float time) {
  const VkExtent2D extent = area.extent;
  const float aspect = static_cast<float>(extent.width) / static_cast<float>(std::max(extent.height, 1u));
  VkViewport viewport{static_cast<float>(area.offset.x),
                      static_cast<float>(area.offset.y),
                      static_cast<float>(extent.width),
                      static_cast<float>(extent.height),
                      0.0f,
                      1.0f};
  VkRect2D scissor = area;
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  vkCmdSetScissor(cmd, 0, 1, &scissor);

  gpu::DrawConstants dc{};
  dc.viewProj = camera.projection(aspect) * camera.view();
  dc.eye = glm::vec4(camera.eye(), gridCell);
  dc.light = glm::vec4(glm::normalize(lighting.towardsLight), lighting.ambient);
  const VkShaderStageFlags pushStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
  auto pushConstants = [&] { vkCmdPushConstants(cmd, drawLayout_, pushStages, 0, sizeof(dc), &dc); };

  const bool lines = view != ViewMode::Shaded && constraintView_ != nullptr;
  if (lines) {
    const uint32_t mode = view == ViewMode::Wireframe           ? VKXPBD_VIEW_WIREFRAME
                          : view == ViewMode::ConstraintColours ? VKXPBD_VIEW_COLOURS
                                                                : VKXPBD_VIEW_STRESS;
    constraintView_->record(cmd, dc.viewProj, mode, stressScale);
  }

  if (!lines && !clothMesh_.indices.empty()) {
    ctx_.beginLabel(cmd, "draw cloth");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, clothPipeline_);
    // Binding 0: the solver's own position buffer, no copy. Binding 1: this frame's normals.
    const VkBuffer vertexBuffers[2] = {positions_, normals_.buffer};
    const VkDeviceSize offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(cmd, 0, 2, vertexBuffers, offsets);
    boundPositions_ = vertexBuffers[0];
    vkCmdBindIndexBuffer(cmd, surface_.indices, 0, VK_INDEX_TYPE_UINT32);
    boundIndices_ = surface_.indices;
    // One draw per surface, each with its own front colour.
    for (size_t k = 0; k + 1 < clothMesh_.surfaceStart.size(); ++k) {
      const uint32_t first = clothMesh_.surfaceStart[k], count = clothMesh_.surfaceStart[k + 1] - first;
      if (count == 0) continue;
      dc.shape = glm::vec4(surfaceColour(k), 1.0f);
      pushConstants();
      vkCmdDrawIndexed(cmd, count, 1, first, 0, 0);
    }
    ctx_.endLabel(cmd);
  }

  const auto ofType = [&](uint32_t type) {
    return std::any_of(model_.colliders.begin(), model_.colliders.end(),
                       [&](const Collider& c) { return c.type == type; });
  };
  if (!colliderDraws_.empty()) {
    ctx_.beginLabel(cmd, "draw colliders");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, colliderPipeline_);
    const VkBuffer vertexBuffers[2] = {colliderPositions_.buffer, colliderNormals_.buffer};
    const VkDeviceSize offsets[2] = {0, 0};
    vkCmdBindVertexBuffers(cmd, 0, 2, vertexBuffers, offsets);
    vkCmdBindIndexBuffer(cmd, colliderIndices_.buffer, 0, VK_INDEX_TYPE_UINT32);
    for (const ColliderDraw& d : colliderDraws_) {
      // The pose the solver uses at `time` (shared/collider_math.h).
      const Collider& c = model_.colliders[d.collider];
      dc.shape = glm::vec4(gpu::colliderCentre(c, time), 0.0f);
      dc.extent = gpu::colliderRotation(c, time);
      pushConstants();
      vkCmdDrawIndexed(cmd, d.indexCount, 1, d.firstIndex, 0, 0);
    }
    ctx_.endLabel(cmd);
  }

  if (ofType(VKXPBD_COLLIDER_PLANE)) {
    ctx_.beginLabel(cmd, "draw ground");
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, groundPipeline_);
    const float halfSize = 8.0f * std::max(bounds_.radius(), 1e-3f);
    for (const Collider& p : model_.colliders) {
      // Floors only: a wall drawn as a large square would hide the scene from most viewpoints.
      if (p.type != VKXPBD_COLLIDER_PLANE || p.shape.y < 0.5f) continue;
      const glm::vec4 normalOffset = p.shape;
      const glm::vec3 n = glm::normalize(glm::vec3(normalOffset));
      // The square is centred where the scene's centre projects onto the plane.
      const glm::vec3 c = bounds_.center();
      dc.shape = glm::vec4(n, normalOffset.w);
      dc.extent = glm::vec4(c - (glm::dot(n, c) - normalOffset.w) * n, halfSize);
      pushConstants();
      vkCmdDraw(cmd, 6, 1, 0, 0);
    }
    ctx_.endLabel(cmd);
  }
}

std::vector<glm::vec4> SceneRenderer::downloadNormals() const {
  std::vector<glm::vec4> normals(model_.particleCount());
  vk::downloadBuffer(ctx_, normals_, normals.data(), bytesOf(normals));
  return normals;
}

}  // namespace vkxpbd::render
