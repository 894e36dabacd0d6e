// CPU-built, static geometry of the renderer: the cloth's triangles with a per-particle triangle
// adjacency list (for the deterministic normal pass).
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::render {

// Every surface of the model as one triangle list, and the triangles around each particle in CSR form:
// the triangles of particle p are triangles[offsets[p] .. offsets[p + 1]), in ascending order.
struct ClothMesh {
  std::vector<uint32_t> indices;    // 3 per triangle, into the model's particles
  std::vector<uint32_t> offsets;    // particles + 1
  std::vector<uint32_t> triangles;  // 3 per triangle in all (one entry per corner)
  // Surface k of the model is indices[surfaceStart[k] .. surfaceStart[k + 1]) (surfaces + 1 entries).
  std::vector<uint32_t> surfaceStart{0};

  uint32_t triangleCount() const { return static_cast<uint32_t>(indices.size() / 3); }
};

ClothMesh buildClothMesh(const Model& model);

// Per-particle unit normals (area-weighted sum over adjacent triangles, summed in adjacency order, the
// same order as normals.comp); zero for particles on no triangle.
std::vector<glm::vec4> computeVertexNormals(const ClothMesh& mesh, const std::vector<glm::vec4>& positions);

}  // namespace vkxpbd::render
