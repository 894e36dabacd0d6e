#include "mesh/sdf_grid.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "scene/scene.h"

namespace vkxpbd {

float pointTriangleDistance(glm::vec3 p, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
  // Closest point by the Voronoi regions of the triangle (vertices, edges, face).
  const glm::vec3 ab = b - a, ac = c - a, ap = p - a;
  const float d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
  if (d1 <= 0.0f && d2 <= 0.0f) return glm::length(p - a);
  const glm::vec3 bp = p - b;
  const float d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
  if (d3 >= 0.0f && d4 <= d3) return glm::length(p - b);
  const float vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) return glm::length(p - (a + ab * (d1 / (d1 - d3))));
  const glm::vec3 cp = p - c;
  const float d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
  if (d6 >= 0.0f && d5 <= d6) return glm::length(p - c);
  const float vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) return glm::length(p - (a + ac * (d2 / (d2 - d6))));
  const float va = d3 * d6 - d5 * d4;
  if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f)
    return glm::length(p - (b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)))));
  const float denom = 1.0f / (va + vb + vc);
  return glm::length(p - (a + ab * (vb * denom) + ac * (vc * denom)));
}

namespace {

// Solid angle of triangle (a, b, c) seen from p (Van Oosterom and Strackee), steradians.
double solidAngle(glm::dvec3 p, glm::dvec3 a, glm::dvec3 b, glm::dvec3 c) {
  const glm::dvec3 ra = a - p, rb = b - p, rc = c - p;
  const double la = glm::length(ra), lb = glm::length(rb), lc = glm::length(rc);
  const double numerator = glm::dot(ra, glm::cross(rb, rc));
  const double denominator =
      la * lb * lc + glm::dot(ra, rb) * lc + glm::dot(rb, rc) * la + glm::dot(rc, ra) * lb;
  return 2.0 * std::atan2(numerator, denominator);
}

}  // namespace

SdfCost sdfBakeCost(const TriangleMesh& mesh, float spacing) {
  SdfCost cost;
  if (mesh.vertices.empty() || !(spacing > 0.0f)) return cost;
  glm::dvec3 lo(mesh.vertices[0]), hi = lo;
  for (const glm::vec3& v : mesh.vertices) {
    lo = glm::min(lo, glm::dvec3(v));
    hi = glm::max(hi, glm::dvec3(v));
  }
  // In double, before any conversion to an integer: a tiny spacing gives astronomically many nodes.
  const glm::dvec3 nodes = glm::ceil((hi - lo + 6.0 * double(spacing)) / double(spacing)) + 1.0;
  cost.dims = nodes;
  cost.nodes = nodes.x * nodes.y * nodes.z;
  cost.pairs = cost.nodes * double(mesh.indices.size() / 3);
  return cost;
}

SdfGrid buildSdf(const TriangleMesh& mesh, float spacing, const std::string& source) {
  if (!isClosedManifold(mesh))
    throw SceneError(source + ": a mesh collider needs a closed, consistently oriented mesh");
  const SdfCost cost = sdfBakeCost(mesh, spacing);
  if (!(cost.nodes <= kMaxSdfNodes))
    throw SceneError(source +
                     ": the signed-distance grid would have more than 2 M nodes; use a larger cell size");
  glm::vec3 lo = mesh.vertices.at(0), hi = lo;
  for (const glm::vec3& v : mesh.vertices) {
    lo = glm::min(lo, v);
    hi = glm::max(hi, v);
  }
  SdfGrid grid;
  grid.spacing = spacing;
  grid.origin = lo - 3.0f * spacing;
  const glm::vec3 extent = hi - lo + 6.0f * spacing;
  grid.dims = glm::uvec3(glm::ceil(extent / spacing)) + 1u;  // safe: the count was checked in double
  grid.values.resize(size_t{grid.dims.x} * grid.dims.y * grid.dims.z);
  const size_t triangles = mesh.indices.size() / 3;
  for (uint32_t z = 0; z < grid.dims.z; ++z)
    for (uint32_t y = 0; y < grid.dims.y; ++y)
      for (uint32_t x = 0; x < grid.dims.x; ++x) {
        const glm::vec3 p = grid.origin + spacing * glm::vec3(x, y, z);
        float distance = std::numeric_limits<float>::max();
        double winding = 0.0;
        for (size_t t = 0; t < triangles; ++t) {
          const glm::vec3 a = mesh.vertices[mesh.indices[3 * t]], b = mesh.vertices[mesh.indices[3 * t + 1]],
                          c = mesh.vertices[mesh.indices[3 * t + 2]];
          distance = std::min(distance, pointTriangleDistance(p, a, b, c));
          winding += solidAngle(p, a, b, c);
        }
        const bool inside = winding / (4.0 * M_PI) > 0.5;
        grid.values[(size_t{z} * grid.dims.y + y) * grid.dims.x + x] = inside ? -distance : distance;
      }
  return grid;
}

}  // namespace vkxpbd
