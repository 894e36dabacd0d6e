#include "render/render_mesh.h"

#include <cmath>

namespace vkxpbd::render {

ClothMesh buildClothMesh(const Model& model) {
  ClothMesh mesh;
  for (const SurfaceMesh& s : model.surfaces) {
    mesh.indices.insert(mesh.indices.end(), s.indices.begin(), s.indices.begin() + s.indices.size() / 3 * 3);
    mesh.surfaceStart.push_back(static_cast<uint32_t>(mesh.indices.size()));
  }

  // Counting sort of the triangle corners by particle: triangles stay in ascending order per particle.
  const uint32_t n = model.particleCount();
  mesh.offsets.assign(n + 1, 0);
  for (uint32_t v : mesh.indices) ++mesh.offsets[v + 1];
  for (uint32_t p = 0; p < n; ++p) mesh.offsets[p + 1] += mesh.offsets[p];
  mesh.triangles.resize(mesh.indices.size());
  std::vector<uint32_t> fill(mesh.offsets.begin(), mesh.offsets.end() - 1);
  for (uint32_t k = 0; k < mesh.indices.size(); ++k) mesh.triangles[fill[mesh.indices[k]]++] = k / 3;
  return mesh;
}

std::vector<glm::vec4> computeVertexNormals(const ClothMesh& mesh, const std::vector<glm::vec4>& positions) {
  std::vector<glm::vec4> normals(positions.size(), glm::vec4(0.0f));
  for (size_t p = 0; p + 1 < mesh.offsets.size() && p < positions.size(); ++p) {
    glm::vec3 sum(0.0f);
    for (uint32_t k = mesh.offsets[p]; k < mesh.offsets[p + 1]; ++k) {
      const uint32_t t = 3 * mesh.triangles[k];
      const glm::vec3 a(positions[mesh.indices[t]]), b(positions[mesh.indices[t + 1]]),
          c(positions[mesh.indices[t + 2]]);
      sum += glm::cross(b - a, c - a);
    }
    const float len = glm::length(sum);
    if (len > 0.0f) normals[p] = glm::vec4(sum / len, 0.0f);
  }
  return normals;
}

}  // namespace vkxpbd::render
