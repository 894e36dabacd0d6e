// Independent check of interpenetration for the contact tests: mesh edges that pass through a triangle
// they do not touch (Möller–Trumbore segment–triangle test in double precision, every pair). It shares
// no code with the solver.
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

namespace vkxpbd::test {

inline uint32_t edgeTriangleIntersections(const std::vector<uint32_t>& tris,
                                          const std::vector<glm::vec4>& x) {
  std::vector<std::pair<uint32_t, uint32_t>> edges;
  for (size_t t = 0; t < tris.size(); t += 3)
    for (size_t k = 0; k < 3; ++k) {
      const uint32_t a = tris[t + k], b = tris[t + (k + 1) % 3];
      if (a < b) edges.emplace_back(a, b);
    }
  uint32_t hits = 0;
  for (size_t t = 0; t < tris.size(); t += 3) {
    const uint32_t i0 = tris[t], i1 = tris[t + 1], i2 = tris[t + 2];
    const glm::dvec3 v0(x[i0]), e1 = glm::dvec3(x[i1]) - v0, e2 = glm::dvec3(x[i2]) - v0;
    for (const auto& [a, b] : edges) {
      if (a == i0 || a == i1 || a == i2 || b == i0 || b == i1 || b == i2) continue;
      const glm::dvec3 p(x[a]), dir = glm::dvec3(x[b]) - p;
      const glm::dvec3 h = glm::cross(dir, e2);
      const double det = glm::dot(e1, h);
      if (std::abs(det) < 1e-18) continue;
      const glm::dvec3 s = p - v0;
      const double u = glm::dot(s, h) / det;
      if (u < 0.0 || u > 1.0) continue;
      const glm::dvec3 q = glm::cross(s, e1);
      const double v = glm::dot(dir, q) / det;
      if (v < 0.0 || u + v > 1.0) continue;
      const double along = glm::dot(e2, q) / det;
      if (along >= 0.0 && along <= 1.0) ++hits;
    }
  }
  return hits;
}

}  // namespace vkxpbd::test
