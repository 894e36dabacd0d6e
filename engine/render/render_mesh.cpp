#include "render/render_mesh.h"

#include <cmath>

namespace vkxpbd::render {

ClothMesh buildClothMesh(const Model& model) {
  return buildSurfaceTriangles(model);
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
