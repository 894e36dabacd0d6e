#include "sim/surface_triangles.h"

namespace vkxpbd {

SurfaceTriangles buildSurfaceTriangles(const Model& model) {
  SurfaceTriangles mesh;
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

}  // namespace vkxpbd
