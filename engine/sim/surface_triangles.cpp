#include "sim/surface_triangles.h"

#include "shared/surface_csr.h"

namespace vkxpbd {

SurfaceTriangles buildSurfaceTriangles(const Model& model) {
  SurfaceTriangles mesh;
  for (const SurfaceMesh& s : model.surfaces) {
    mesh.indices.insert(mesh.indices.end(), s.indices.begin(), s.indices.begin() + s.indices.size() / 3 * 3);
    mesh.surfaceStart.push_back(static_cast<uint32_t>(mesh.indices.size()));
  }

  // Counting sort of the triangle corners by particle (shared/surface_csr.h): triangles stay in
  // ascending order per particle.
  mesh.offsets.resize(size_t{model.particleCount()} + 1);
  mesh.triangles.resize(mesh.indices.size());
  gpu::SurfaceCsrAccess ctx{mesh.indices.data(), mesh.offsets.data(), mesh.triangles.data()};
  gpu::buildSurfaceCsr(ctx, model.particleCount(), static_cast<uint32_t>(mesh.indices.size()));
  return mesh;
}

}  // namespace vkxpbd
