// The bodies' surface triangles as one list, with a per-particle triangle adjacency in CSR form: what
// the renderer draws and computes normals from, and what the surface passes (PassLayout::Surface, e.g.
// wind) read on the GPU and in the CPU reference. Built once from the model; the order is fixed, so
// every gather over the adjacency is deterministic (no atomics).
#pragma once

#include <cstdint>
#include <vector>

#include "sim/model.h"

namespace vkxpbd {

// The triangles of particle p are triangles[offsets[p] .. offsets[p + 1]), in ascending order.
struct SurfaceTriangles {
  std::vector<uint32_t> indices;    // 3 per triangle, into the model's particles
  std::vector<uint32_t> offsets;    // particles + 1
  std::vector<uint32_t> triangles;  // 3 per triangle in all (one entry per corner)
  // Surface k of the model is indices[surfaceStart[k] .. surfaceStart[k + 1]) (surfaces + 1 entries).
  std::vector<uint32_t> surfaceStart{0};

  uint32_t triangleCount() const { return static_cast<uint32_t>(indices.size() / 3); }
};

// Every SurfaceMesh of the model, in model order.
SurfaceTriangles buildSurfaceTriangles(const Model& model);

}  // namespace vkxpbd
