#include "sim/contact_triangles.h"

#include <algorithm>

#include "shared/contact_math.h"

namespace vkxpbd {

std::vector<uint32_t> packContactTriangles(const Model& model) {
  if (!model.contacts.enabled || !model.contacts.triangles) return {};
  const uint32_t n = model.particleCount();
  std::vector<uint32_t> packed;
  for (const SurfaceMesh& s : model.surfaces) packed.insert(packed.end(), s.indices.begin(), s.indices.end());
  const uint32_t triangles = static_cast<uint32_t>(packed.size() / 3);
  std::vector<uint32_t> offsets(n + 1, 0);
  for (uint32_t v : packed) ++offsets[v + 1];
  for (uint32_t i = 0; i < n; ++i) offsets[i + 1] += offsets[i];
  std::vector<uint32_t> incident(offsets[n]);
  std::vector<uint32_t> cursor(offsets.begin(), offsets.end() - 1);
  for (uint32_t t = 0; t < triangles; ++t)
    for (int k = 0; k < 3; ++k) incident[cursor[packed[3 * t + k]]++] = t;
  packed.insert(packed.end(), offsets.begin(), offsets.end());
  packed.insert(packed.end(), incident.begin(), incident.end());
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
