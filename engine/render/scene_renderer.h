// Draws a model's cloth straight from the solver's position buffer, plus its colliders: a ground
// square with a procedural grid for every floor plane, and every sphere, capsule, box and mesh
// collider at its pose at the drawn time (kinematic colliders move and spin).
//
// No copy of the positions is ever made. The solver's VkBuffer (STORAGE | VERTEX usage) is
//   - read as a storage buffer by the "normals" compute pass, which writes per-vertex normals, and
//   - bound with vkCmdBindVertexBuffers as vertex binding 0 of the cloth pipeline (binding 1: normals).
// Given the solver's surface buffers (GpuSolver::surfaceBuffers()), the triangles are the solver's too:
// its triangle buffer is the index buffer and the normals pass reads its adjacency, so a torn surface
// (rewritten by the tear passes on the device) is drawn with no upload or read-back.
//
// Synchronisation (see docs/rendering.md):
//   solver compute writes → normals compute / vertex input reads: the solver frame's last barrier, when
//       the solver was created with rendererSolverOptions() (kPositionReadStages / kPositionReadAccess);
//   renderer reads → next solver frame's writes: that frame's first barrier (same options);
//   normals compute write → vertex attribute read: a barrier recorded by recordNormals();
//   previous frame's vertex reads of the normals → this frame's normals writes: ditto.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gpu/gpu_solver.h"
#include "render/camera.h"
#include "render/collider_mesh.h"
#include "render/legend.h"
#include "render/render_mesh.h"
#include "shared/render_types.h"
#include "vk/buffer.h"
#include "vk/descriptors.h"

namespace vkxpbd::render {

// Where and how the renderer reads the solver's position buffer, for GpuSolverOptions.
// (The constraint views also read the positions and λ as storage buffers in the vertex shader.)
// (With the solver's surface buffers, the index input reads its triangle buffer, which a tear rewrites.)
constexpr VkPipelineStageFlags2 kPositionReadStages =
    VK_PIPELINE_STAGE_2_VERTEX_ATTRIBUTE_INPUT_BIT | VK_PIPELINE_STAGE_2_INDEX_INPUT_BIT |
    VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT;
constexpr VkAccessFlags2 kPositionReadAccess =
    VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT;

// `options` with the renderer's reads added to the solver frame's first and last barriers.
GpuSolverOptions rendererSolverOptions(GpuSolverOptions options = {});

class ConstraintView;

// What is drawn of the cloth.
enum class ViewMode {
  Shaded,             // lit double-sided surface
  Wireframe,          // triangle edges (stretch and shear constraints)
  ConstraintColours,  // every constraint coloured by its graph colour
  Stress,             // every constraint coloured by its force |λ|/Δt²
};
const char* viewModeName(ViewMode mode);
// "shaded", "wireframe", "colours" or "stress"; throws std::invalid_argument otherwise.
ViewMode viewModeFromName(const std::string& name);

// Linear RGB of the front side of the model's surface `surface` (shared/render_types.h).
glm::vec3 surfaceColour(size_t surface);

struct Lighting {
  glm::vec3 towardsLight{-0.45f, 1.0f, 0.35f};  // direction towards the light (normalised when used)
  float ambient = 0.3f;                         // fraction of the albedo lit without the light
};

class SceneRenderer {
 public:
  // `positions` is the solver's position buffer (GpuSolver::positionBuffer()); it must outlive this.
  // Pipelines are made for subpass 0 of `renderPass` with `samples` samples. `surface`: the solver's
  // surface buffers (GpuSolver::surfaceBuffers(), they must outlive this) to draw the triangles from;
  // without them (null handles) the renderer uploads the model's triangles to buffers of its own.
  SceneRenderer(const vk::Context& ctx, const Model& model, const vk::Buffer& positions,
                VkRenderPass renderPass, VkSampleCountFlagBits samples,
                const GpuSurfaceBuffers& surface = {});
  ~SceneRenderer();
  SceneRenderer(const SceneRenderer&) = delete;
  SceneRenderer& operator=(const SceneRenderer&) = delete;

  // Recording, outside a render pass: the "normals" compute pass between the barriers that order it
  // after the previous frame's vertex reads and before this frame's.
  void recordNormals(VkCommandBuffer cmd);
  // Recording, inside subpass 0 of the render pass: "draw cloth", "draw colliders", "draw ground".
  // `time` (s) is the simulation time of the positions drawn (GpuSolver::time()): the colliders'
  // pose.
  void recordDraw(VkCommandBuffer cmd, const OrbitCamera& camera, VkExtent2D extent, float time);
  // The same into `area` of the framebuffer only (the window's 3D view beside its docked panel).
  void recordDraw(VkCommandBuffer cmd, const OrbitCamera& camera, VkRect2D area, float time);

  // Only with triangles of its own (no solver surface buffers): draws `surface` (a torn layout().surface:
  // same triangle count, new indices and adjacency) from now on. Waits for the device, uploads.
  void updateSurface(const SurfaceTriangles& surface);
  // Whether the triangles drawn are the solver's own buffers (no upload follows a tear).
  bool drawsSolverSurface() const { return !ownSurface_; }

  // Makes the constraint views available (they read the solver's constraint and λ buffers).
  void enableConstraintViews(const GpuSolver& solver, VkRenderPass renderPass, VkSampleCountFlagBits samples);
  bool constraintViewsEnabled() const { return constraintView_ != nullptr; }
  // The legend of the current view (colours, stress), none for shaded and wireframe (render/legend.h).
  std::optional<Legend> legend() const;

  // Sets stressScale from the forces the constraints carry now (render/stress_scale.h); false, and
  // unchanged, when none carries a force. Waits for the device (reads positions and λ back).
  bool autoStressScale(GpuSolver& solver);

  ViewMode view = ViewMode::Shaded;
  float stressScale = 1.0f;  // N drawn in full red in the stress view (set from the scene's weight)

  // The position vertex buffer the last recordDraw() bound (the solver's own buffer).
  VkBuffer boundPositionBuffer() const { return boundPositions_; }
  // The index buffer the last recordDraw() bound (the solver's triangle buffer when given).
  VkBuffer boundIndexBuffer() const { return boundIndices_; }
  const ClothMesh& clothMesh() const { return clothMesh_; }
  // Waits for the device, then reads the normals buffer (xyz unit normal per particle).
  std::vector<glm::vec4> downloadNormals() const;

  Lighting lighting;
  float gridCell = 0.25f;  // m, ground grid spacing (set from the scene size)

 private:
  void createNormalsPass();
  void createPipelines(VkRenderPass renderPass, VkSampleCountFlagBits samples);

  const vk::Context& ctx_;
  const Model& model_;
  VkBuffer positions_ = VK_NULL_HANDLE;  // not owned: the solver's
  VkBuffer boundPositions_ = VK_NULL_HANDLE;
  VkBuffer boundIndices_ = VK_NULL_HANDLE;
  // The triangles drawn and their adjacency: the solver's (not owned) or indices_, offsets_, adjacency_.
  GpuSurfaceBuffers surface_;
  bool ownSurface_ = true;
  ClothMesh clothMesh_;
  Bounds bounds_;
  struct ColliderDraw {
    uint32_t collider;  // index into the model's colliders
    uint32_t firstIndex;
    uint32_t indexCount;
  };
  std::vector<ColliderDraw> colliderDraws_;

  vk::Buffer indices_;            // own cloth triangles (index buffer and storage for the normals pass)
  vk::Buffer offsets_;            // own normals pass CSR offsets
  vk::Buffer adjacency_;          // own normals pass triangles per particle
  vk::Buffer normals_;            // vec4 per particle: written by the normals pass, vertex binding 1
  vk::Buffer colliderPositions_;  // every collider's surface in its own frame, vertex binding 0
  vk::Buffer colliderNormals_;    // vertex binding 1
  vk::Buffer colliderIndices_;

  VkPipelineLayout normalsLayout_ = VK_NULL_HANDLE;
  vk::BufferDescriptorSet normalsSet_;
  VkPipeline normalsPipeline_ = VK_NULL_HANDLE;

  VkPipelineLayout drawLayout_ = VK_NULL_HANDLE;
  VkPipeline clothPipeline_ = VK_NULL_HANDLE;
  VkPipeline colliderPipeline_ = VK_NULL_HANDLE;
  VkPipeline groundPipeline_ = VK_NULL_HANDLE;
  std::unique_ptr<ConstraintView> constraintView_;
};

}  // namespace vkxpbd::render
