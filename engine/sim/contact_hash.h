// Particle neighbour lists for contacts on the CPU: the GPU hash's algorithm step for step (the same
// buckets, visited in the same order, so the lists are identical), and brute force for the tests.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "shared/gpu_types.h"
#include "sim/model.h"

namespace vkxpbd {

struct NeighbourLists {
  uint32_t maxNeighbours = 0;
  std::vector<uint32_t> count;       // per particle (0 for particles that do not move)
  std::vector<uint32_t> neighbours;  // particle i's list: neighbours[i·maxNeighbours .. + count[i])
  uint32_t overflow = 0;             // neighbours dropped because a list was full

  // Entries in all lists together.
  uint64_t entries() const {
    uint64_t total = 0;
    for (uint32_t c : count) total += c;
    return total;
  }
};

// Each particle's stitch partner (the other end of its stitch, docs/attachments.md), VKXPBD_NONE if it has
// none; one per particle (a particle is in at most one stitch). Contacts leave stitch partners out: a
// particle contact would push the two ends of a zero-length stitch apart and the seam would gape.
std::vector<uint32_t> stitchPartners(const Model& model);
// The same from constraints as they are now (a tear moves a stitch to a split particle's copy, or
// removes it: a == b), for `particles` particles.
std::vector<uint32_t> stitchPartners(const std::vector<DistanceConstraint>& distance, uint32_t particles);

// For every moving particle (w > 0), the particles j ≠ i with |x_i − x_j|² < (1/invCellSize)²:
// the 27 cells around its cell in a fixed order, and of each cell's bucket the particles in that cell,
// by ascending index. With `partners` (stitchPartners), particle i's stitch partner is left out.
NeighbourLists findNeighbours(const std::vector<glm::vec4>& positions, const gpu::SimParams& params,
                              const std::vector<uint32_t>* partners = nullptr);

// The same pairs by testing every pair; each list ascending.
std::vector<std::vector<uint32_t>> bruteForceNeighbours(const std::vector<glm::vec4>& positions,
                                                        float radius);

}  // namespace vkxpbd
