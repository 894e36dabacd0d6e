// A signed-distance grid of a closed triangle mesh, for mesh colliders: distances (m, negative inside)
// at the nodes of a regular grid around the mesh, sampled trilinearly by the collision pass.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "mesh/triangle_mesh.h"

namespace vkxpbd {

struct SdfGrid {
  glm::vec3 origin{0.0f};     // position of node (0, 0, 0) in the mesh's frame, m
  float spacing = 0.0f;       // m between nodes
  glm::uvec3 dims{0u};        // nodes per axis
  std::vector<float> values;  // x fastest, then y, then z

  float at(uint32_t x, uint32_t y, uint32_t z) const { return values[(z * dims.y + y) * dims.x + x]; }
};

constexpr double kMaxSdfNodes = 2.0e6;  // nodes of one signed-distance grid

// What baking a grid costs, computed in double before anything is allocated: nodes per axis, nodes, and
// point–triangle distance evaluations (nodes × triangles), the bake's work.
struct SdfCost {
  glm::dvec3 dims{0.0};
  double nodes = 0.0;
  double pairs = 0.0;
};
SdfCost sdfBakeCost(const TriangleMesh& mesh, float spacing);

// Nodes every `spacing` metres over the mesh's bounding box grown by 3 nodes. The distance is exact
// (closest point on any triangle, brute force: O(nodes × triangles)); the sign comes from the
// generalised winding number (inside where it exceeds ½). Throws SceneError naming `source` when the
// mesh is not closed or the grid would exceed 2 M nodes.
SdfGrid buildSdf(const TriangleMesh& mesh, float spacing, const std::string& source);

// Distance from p to triangle (a, b, c), m.
float pointTriangleDistance(glm::vec3 p, glm::vec3 a, glm::vec3 b, glm::vec3 c);

}  // namespace vkxpbd
