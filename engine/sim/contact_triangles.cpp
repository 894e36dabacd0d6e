#include "sim/contact_triangles.h"

#include <algorithm>

#include "shared/contact_math.h"
#include "sim/surface_triangles.h"

namespace vkxpbd {

std::vector<uint32_t> packContactTriangles(const Model& model) {
  if (!model.contacts.enabled || !model.contacts.triangles) return {};
  // The surface triangles and their per-particle adjacency (the shared counting sort,
  // shared/surface_csr.h), one after the other: after a tear the GPU's tear surface pass copies its
  // rebuilt ones into the same layout.
  const SurfaceTriangles mesh = buildSurfaceTriangles(model);
  std::vector<uint32_t> packed = mesh.indices;
  packed.insert(packed.end(), mesh.offsets.begin(), mesh.offsets.end());
  packed.insert(packed.end(), mesh.triangles.begin(), mesh.triangles.end());
  return packed;
}

namespace {

float squaredDistanceToTriangle(const std::vector<glm::vec4>& x, const std::vector<uint32_t>& packed,
                                uint32_t q, uint32_t t) {
  const glm::vec3 xq(x[q]);
  const glm::vec3 d =
      xq - gpu::closestPointOnTriangle(xq, glm::vec3(x[packed[3 * t]]), glm::vec3(x[packed[3 * t + 1]]),
                                       glm::vec3(x[packed[3 * t + 2]]));
  return glm::dot(d, d);
}

bool hasCorner(const std::vector<uint32_t>& packed, uint32_t t, uint32_t q) {
  return packed[3 * t] == q || packed[3 * t + 1] == q || packed[3 * t + 2] == q;
}

}  // namespace

NeighbourLists findTriangleNeighbours(const std::vector<glm::vec4>& positions, const gpu::SimParams& params,
                                      const NeighbourLists& neighbours, const std::vector<uint32_t>& packed,
                                      const std::vector<uint32_t>* partners) {
  const uint32_t n = static_cast<uint32_t>(positions.size());
  const uint32_t kt = params.maxTriangles;
  const uint32_t offsetsBase = 3 * params.contactTriangles, incidentBase = offsetsBase + n + 1;
  const float searchSq = params.triangleSearch * params.triangleSearch;
  NeighbourLists lists;
  lists.maxNeighbours = kt;
  lists.count.assign(n, 0);
  lists.neighbours.assign(size_t{n} * kt, 0);
  for (uint32_t q = 0; q < n; ++q) {
    uint32_t* list = lists.neighbours.data() + size_t{q} * kt;
    uint32_t& count = lists.count[q];
    const uint32_t partner = partners ? (*partners)[q] : VKXPBD_NONE;
    for (uint32_t k = 0; k < neighbours.count[q]; ++k) {
      const uint32_t j = neighbours.neighbours[size_t{q} * neighbours.maxNeighbours + k];
      for (uint32_t s = packed[offsetsBase + j]; s < packed[offsetsBase + j + 1]; ++s) {
        const uint32_t t = packed[incidentBase + s];
        if (hasCorner(packed, t, q) || (partner != VKXPBD_NONE && hasCorner(packed, t, partner)) ||
            squaredDistanceToTriangle(positions, packed, q, t) >= searchSq)
          continue;
        if (std::find(list, list + count, t) != list + count) continue;
        if (count < kt) {
          list[count++] = t;
        } else {
          ++lists.overflow;
        }
      }
    }
  }
  return lists;
}

std::vector<std::vector<uint32_t>> bruteForceTriangleNeighbours(const std::vector<glm::vec4>& positions,
                                                                const std::vector<uint32_t>& packed,
                                                                uint32_t triangleCount,
                                                                float searchDistance) {
  std::vector<std::vector<uint32_t>> result(positions.size());
  for (uint32_t q = 0; q < positions.size(); ++q) {
    if (positions[q].w <= 0.0f) continue;
    for (uint32_t t = 0; t < triangleCount; ++t)
      if (!hasCorner(packed, t, q) &&
          squaredDistanceToTriangle(positions, packed, q, t) < searchDistance * searchDistance)
        result[q].push_back(t);
  }
  return result;
}

float longestSurfaceEdge(const Model& model) {
  float longest = 0.0f;
  for (const SurfaceMesh& s : model.surfaces)
    for (size_t t = 0; t + 2 < s.indices.size(); t += 3)
      for (int k = 0; k < 3; ++k) {
        const glm::vec3 a(model.restPositions[s.indices[t + k]]);
        const glm::vec3 b(model.restPositions[s.indices[t + (k + 1) % 3]]);
        longest = std::max(longest, glm::length(a - b));
      }
  return longest;
}

}  // namespace vkxpbd
