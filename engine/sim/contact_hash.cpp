#include "sim/contact_hash.h"

#include <algorithm>

#include "shared/contact_math.h"

namespace vkxpbd {

std::vector<uint32_t> stitchPartners(const Model& model) {
  return stitchPartners(model.distance, model.particleCount());
}

std::vector<uint32_t> stitchPartners(const std::vector<DistanceConstraint>& distance, uint32_t particles) {
  std::vector<uint32_t> partners(particles, VKXPBD_NONE);
  for (const DistanceConstraint& c : distance) {
    if (c.kind != static_cast<uint32_t>(ConstraintKind::Stitch) || c.a == c.b) continue;
    partners[c.a] = c.b;
    partners[c.b] = c.a;
  }
  return partners;
}

NeighbourLists findNeighbours(const std::vector<glm::vec4>& positions, const gpu::SimParams& params,
                              const std::vector<uint32_t>* partners) {
  const uint32_t n = static_cast<uint32_t>(positions.size());
  const float radius = 1.0f / params.invCellSize;
  const float radiusSq = radius * radius;
  std::vector<std::vector<uint32_t>> buckets(params.hashTableMask + 1);
  auto cellOf = [&](glm::vec3 x) {
    return glm::ivec3(gpu::cellCoordinate(x.x, params.invCellSize),
                      gpu::cellCoordinate(x.y, params.invCellSize),
                      gpu::cellCoordinate(x.z, params.invCellSize));
  };
  for (uint32_t i = 0; i < n; ++i) {
    const glm::ivec3 c = cellOf(glm::vec3(positions[i]));
    buckets[gpu::hashBucket(c.x, c.y, c.z, params.hashTableMask)].push_back(i);
  }
  NeighbourLists lists;
  lists.maxNeighbours = params.maxNeighbours;
  lists.count.assign(n, 0);
  lists.neighbours.assign(size_t{n} * params.maxNeighbours, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (positions[i].w <= 0.0f) continue;
    const glm::vec3 xi(positions[i]);
    const glm::ivec3 c = cellOf(xi);
    const uint32_t partner = partners ? (*partners)[i] : VKXPBD_NONE;
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const glm::ivec3 cell = c + glm::ivec3(dx, dy, dz);
          const uint32_t bucket = gpu::hashBucket(cell.x, cell.y, cell.z, params.hashTableMask);
          for (uint32_t j : buckets[bucket]) {
            const glm::vec3 xj(positions[j]);
            const glm::vec3 d = xi - xj;
            if (j == i || j == partner || glm::dot(d, d) >= radiusSq || cellOf(xj) != cell) continue;
            if (lists.count[i] < params.maxNeighbours) {
              lists.neighbours[size_t{i} * params.maxNeighbours + lists.count[i]++] = j;
            } else {
              ++lists.overflow;
            }
          }
        }
  }
  return lists;
}

std::vector<std::vector<uint32_t>> bruteForceNeighbours(const std::vector<glm::vec4>& positions,
                                                        float radius) {
  const size_t n = positions.size();
  std::vector<std::vector<uint32_t>> result(n);
  for (size_t i = 0; i < n; ++i) {
    if (positions[i].w <= 0.0f) continue;
    for (size_t j = 0; j < n; ++j) {
      const glm::vec3 d = glm::vec3(positions[i]) - glm::vec3(positions[j]);
      if (j != i && glm::dot(d, d) < radius * radius) result[i].push_back(static_cast<uint32_t>(j));
    }
  }
  return result;
}

}  // namespace vkxpbd
