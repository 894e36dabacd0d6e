#include "mesh/tet_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "scene/scene.h"

namespace vkxpbd {

double tetVolume(glm::vec3 x0, glm::vec3 x1, glm::vec3 x2, glm::vec3 x3) {
  const glm::dvec3 a(x0), b(x1), c(x2), d(x3);
  return glm::dot(b - a, glm::cross(c - a, d - a)) / 6.0;
}

std::vector<uint32_t> boundaryTriangles(const std::vector<uint32_t>& tets) {
  // Outward faces of a positively oriented tetrahedron (a, b, c, d).
  constexpr int kFaces[4][3] = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  std::map<std::array<uint32_t, 3>, std::pair<int, std::array<uint32_t, 3>>> faces;  // sorted → (uses, face)
  std::vector<std::array<uint32_t, 3>> order;
  for (size_t t = 0; t + 3 < tets.size(); t += 4) {
    for (const auto& f : kFaces) {
      const std::array<uint32_t, 3> face = {tets[t + f[0]], tets[t + f[1]], tets[t + f[2]]};
      std::array<uint32_t, 3> key = face;
      std::sort(key.begin(), key.end());
      auto [it, inserted] = faces.try_emplace(key, 0, face);
      if (inserted) order.push_back(key);
      ++it->second.first;
    }
  }
  std::vector<uint32_t> surface;
  for (const auto& key : order) {
    const auto& [uses, face] = faces[key];
    if (uses == 1) surface.insert(surface.end(), face.begin(), face.end());
  }
  return surface;
}

void validateTets(const TetMesh& mesh, const std::string& source) {
  const size_t n = mesh.vertices.size();
  std::map<std::array<uint32_t, 4>, size_t> seen;  // sorted vertices → first tetrahedron with them
  for (size_t t = 0; t + 3 < mesh.tets.size(); t += 4) {
    const uint32_t* v = &mesh.tets[t];
    const std::string which = source + ": tetrahedron " + std::to_string(t / 4);
    for (int k = 0; k < 4; ++k)
      if (v[k] >= n) throw SceneError(which + ": vertex index " + std::to_string(v[k]) + " is out of range");
    std::array<uint32_t, 4> key = {v[0], v[1], v[2], v[3]};
    std::sort(key.begin(), key.end());
    if (const auto [it, inserted] = seen.try_emplace(key, t / 4); !inserted)
      throw SceneError(which + " repeats tetrahedron " + std::to_string(it->second) + " (vertices " +
                       std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) +
                       ", " + std::to_string(v[3]) + ")");
    const glm::vec3 x0 = mesh.vertices[v[0]], x1 = mesh.vertices[v[1]], x2 = mesh.vertices[v[2]],
                    x3 = mesh.vertices[v[3]];
    const double edge = std::max({glm::length(x1 - x0), glm::length(x2 - x0), glm::length(x3 - x0),
                                  glm::length(x2 - x1), glm::length(x3 - x1), glm::length(x3 - x2)});
    const double volume = tetVolume(x0, x1, x2, x3);
    if (!(std::abs(volume) > 1e-9 * edge * edge * edge))
      throw SceneError(which + " is degenerate (volume " + std::to_string(volume) + " m³)");
    if (volume < 0.0)
      throw SceneError(which + " is inverted (signed volume " + std::to_string(volume) + " m³)");
  }
}

namespace {

// Lattice of (cells + 1)³ points filling [−half, half]; the 6 Kuhn tetrahedra of every cube.
TetMesh latticeTets(glm::vec3 half, glm::uvec3 cells) {
  TetMesh mesh;
  const glm::uvec3 points = cells + 1u;
  auto index = [&](uint32_t i, uint32_t j, uint32_t k) { return (k * points.y + j) * points.x + i; };
  for (uint32_t k = 0; k < points.z; ++k)
    for (uint32_t j = 0; j < points.y; ++j)
      for (uint32_t i = 0; i < points.x; ++i)
        mesh.vertices.push_back(-half + 2.0f * half * glm::vec3(glm::uvec3(i, j, k)) / glm::vec3(cells));
  // The path v000 → v111 along the axes in each of the 6 orders gives one tetrahedron.
  constexpr int kOrders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (uint32_t k = 0; k < cells.z; ++k)
    for (uint32_t j = 0; j < cells.y; ++j)
      for (uint32_t i = 0; i < cells.x; ++i)
        for (const auto& order : kOrders) {
          glm::uvec3 c(i, j, k);
          std::array<uint32_t, 4> tet{};
          tet[0] = index(c.x, c.y, c.z);
          for (int step = 0; step < 3; ++step) {
            c[order[step]] += 1;
            tet[step + 1] = index(c.x, c.y, c.z);
          }
          const auto& x = mesh.vertices;
          if (tetVolume(x[tet[0]], x[tet[1]], x[tet[2]], x[tet[3]]) < 0.0) std::swap(tet[2], tet[3]);
          mesh.tets.insert(mesh.tets.end(), tet.begin(), tet.end());
        }
  return mesh;
}

}  // namespace

TetMesh makeBoxTets(glm::vec3 size, glm::uvec3 cells) {
  TetMesh mesh = latticeTets(0.5f * size, glm::max(cells, glm::uvec3(1u)));
  mesh.surface = boundaryTriangles(mesh.tets);
  return mesh;
}

TetMesh makeSphereTets(float radius, uint32_t cells) {
  TetMesh mesh = latticeTets(glm::vec3(radius), glm::uvec3(std::max(cells, 2u)));
  for (glm::vec3& p : mesh.vertices) {
    const float euclid = glm::length(p);
    const float maxNorm = std::max({std::abs(p.x), std::abs(p.y), std::abs(p.z)});
    if (euclid > 0.0f) p *= maxNorm / euclid;
  }
  // The map keeps orientation away from the lattice's diagonal planes; fix any sliver that flipped.
  for (size_t t = 0; t < mesh.tets.size(); t += 4) {
    const auto& x = mesh.vertices;
    if (tetVolume(x[mesh.tets[t]], x[mesh.tets[t + 1]], x[mesh.tets[t + 2]], x[mesh.tets[t + 3]]) < 0.0)
      std::swap(mesh.tets[t + 2], mesh.tets[t + 3]);
  }
  mesh.surface = boundaryTriangles(mesh.tets);
  return mesh;
}

}  // namespace vkxpbd
