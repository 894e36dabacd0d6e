// Point–triangle contacts on the CPU: the triangle data the GPU pass reads, and the candidate lists
// built exactly as the GPU's "triangle neighbours" pass builds them (same order), plus brute force for
// the tests.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "sim/contact_hash.h"
#include "sim/model.h"

namespace vkxpbd {

// VKXPBD_BINDING_CONTACT_TRIANGLES: the surfaces' triangles [3T], then each particle's triangles as
// CSR, offsets [N + 1] and triangle indices ascending. Empty without point–triangle contacts.
std::vector<uint32_t> packContactTriangles(const Model& model);

// For every particle q with a neighbour list: the triangles around its neighbours that do not contain q
// and are nearer than params.triangleSearch, each once, in the order the GPU meets them. With `partners`
// (stitchPartners), the triangles that contain q's stitch partner are left out too.
NeighbourLists findTriangleNeighbours(const std::vector<glm::vec4>& positions, const gpu::SimParams& params,
                                      const NeighbourLists& neighbours, const std::vector<uint32_t>& packed,
                                      const std::vector<uint32_t>* partners = nullptr);

// The same sets by testing every triangle against every moving particle; each list ascending.
std::vector<std::vector<uint32_t>> bruteForceTriangleNeighbours(const std::vector<glm::vec4>& positions,
                                                                const std::vector<uint32_t>& packed,
                                                                uint32_t triangleCount, float searchDistance);

// The longest edge of any surface triangle at rest (m); 0 without surfaces.
float longestSurfaceEdge(const Model& model);

}  // namespace vkxpbd
