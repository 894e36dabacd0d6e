#include "mesh/triangle_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <sstream>
#include <tuple>

#include <tiny_obj_loader.h>

#include "common/input_file.h"
#include "mesh/obj_check.h"
#include "scene/scene.h"

namespace vkxpbd {

namespace {
constexpr uint64_t kMaxObjBytes = 256ull << 20;  // bytes of one OBJ file
}  // namespace

void validateTriangles(const TriangleMesh& mesh, const std::string& source) {
  glm::vec3 lo(0.0f), hi(0.0f);
  if (!mesh.vertices.empty()) lo = hi = mesh.vertices[0];
  for (const glm::vec3& v : mesh.vertices) {
    lo = glm::min(lo, v);
    hi = glm::max(hi, v);
  }
  const double diagonalSq = glm::dot(glm::dvec3(hi - lo), glm::dvec3(hi - lo));  // m²
  for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    const uint32_t a = mesh.indices[t], b = mesh.indices[t + 1], c = mesh.indices[t + 2];
    const std::string which = source + ": triangle " + std::to_string(t / 3) + " (vertices " +
                              std::to_string(a) + ", " + std::to_string(b) + ", " + std::to_string(c) + ")";
    if (a >= mesh.vertices.size() || b >= mesh.vertices.size() || c >= mesh.vertices.size())
      throw SceneError(which + ": vertex index out of range");
    const glm::dvec3 xa(mesh.vertices[a]), xb(mesh.vertices[b]), xc(mesh.vertices[c]);
    const double area = 0.5 * glm::length(glm::cross(xb - xa, xc - xa));  // m²
    if (a == b || b == c || a == c || !(area > 1e-12 * diagonalSq))
      throw SceneError(which + " is degenerate (area " + std::to_string(area) + " m²)");
  }
}

namespace {

// Welds by position: each vertex maps to the first earlier vertex within `distance` (m).
class Welder {
 public:
  explicit Welder(float distance) : distance_(distance) {}

  uint32_t add(glm::vec3 x, std::vector<glm::vec3>& vertices) {
    const Cell cell = cellOf(x);
    if (distance_ > 0.0f) {
      for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy)
          for (int dz = -1; dz <= 1; ++dz) {
            const auto it =
                cells_.find({std::get<0>(cell) + dx, std::get<1>(cell) + dy, std::get<2>(cell) + dz});
            if (it == cells_.end()) continue;
            for (uint32_t v : it->second)
              if (glm::length(vertices[v] - x) <= distance_) return v;
          }
    } else if (const auto it = cells_.find(cell); it != cells_.end()) {
      for (uint32_t v : it->second)
        if (vertices[v] == x) return v;
    }
    const uint32_t index = static_cast<uint32_t>(vertices.size());
    vertices.push_back(x);
    cells_[cell].push_back(index);
    return index;
  }

 private:
  using Cell = std::tuple<int64_t, int64_t, int64_t>;

  // Cell coordinates are clamped to ±2^52 before the conversion to an integer, so that a huge coordinate
  // or a tiny weld distance cannot overflow it (or the ±1 of the neighbour search). Clamping is monotonic,
  // so two vertices within `distance` still lie in the same or neighbouring cells.
  static int64_t cellIndex(double q) {
    constexpr double kLimit = 4503599627370496.0;  // 2^52
    return static_cast<int64_t>(std::clamp(std::floor(q), -kLimit, kLimit));
  }

  Cell cellOf(glm::vec3 x) const {
    // Exact welding: bucket by the position rounded to 0.1 mm (identical positions share a bucket).
    const double perMetre = distance_ <= 0.0f ? 1e4 : 1.0 / double(distance_);
    return {cellIndex(double(x.x) * perMetre), cellIndex(double(x.y) * perMetre),
            cellIndex(double(x.z) * perMetre)};
  }

  float distance_;
  std::map<Cell, std::vector<uint32_t>> cells_;
};

}  // namespace

namespace {

std::string withoutTrailingNewlines(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

}  // namespace

TriangleMesh loadObj(const std::string& path, float weldDistance) {
  return parseObj(readInputFile(path, kMaxObjBytes, "OBJ file"), path, weldDistance);
}

TriangleMesh parseObj(const std::string& text, const std::string& path, float weldDistance) {
  checkObjText(text, path);
  tinyobj::ObjReaderConfig config;
  config.triangulate = true;
  config.vertex_color = false;
  tinyobj::ObjReader reader;
  if (!reader.ParseFromString(text, "", config)) {
    const std::string why = withoutTrailingNewlines(reader.Error());
    throw SceneError(path + ": cannot read OBJ file" + (why.empty() ? "" : ": " + why));
  }
  // Materials are not read (no MTL text is given), so a warning about them is expected; any other
  // warning of the OBJ library means it read something other than what the file says.
  std::istringstream warnings(reader.Warning());
  for (std::string line; std::getline(warnings, line);) {
    if (line.empty() || line.find("aterial") != std::string::npos) continue;
    throw SceneError(path + ": the OBJ reader warns: " + withoutTrailingNewlines(line));
  }
  const std::vector<tinyobj::real_t>& positions = reader.GetAttrib().vertices;
  for (size_t k = 0; k < positions.size(); ++k)
    if (!std::isfinite(positions[k]))
      throw SceneError(path + ": vertex " + std::to_string(k / 3) + " has a non-finite coordinate");
  TriangleMesh mesh;
  Welder welder(weldDistance);
  std::vector<uint32_t> weldedIndex(positions.size() / 3, UINT32_MAX);
  bool allCornersHaveUvs = true;
  for (const tinyobj::shape_t& shape : reader.GetShapes()) {
    for (const tinyobj::index_t& index : shape.mesh.indices) {
      if (index.vertex_index < 0 || static_cast<size_t>(index.vertex_index) >= weldedIndex.size())
        throw SceneError(path + ": shape '" + shape.name + "': vertex index " +
                         std::to_string(index.vertex_index) + " is out of range");
      uint32_t& welded = weldedIndex[static_cast<size_t>(index.vertex_index)];
      if (welded == UINT32_MAX) {
        const size_t v = 3 * static_cast<size_t>(index.vertex_index);
        welded = welder.add(glm::vec3(positions[v], positions[v + 1], positions[v + 2]), mesh.vertices);
      }
      mesh.indices.push_back(welded);
      const std::vector<tinyobj::real_t>& uvs = reader.GetAttrib().texcoords;
      const size_t t = 2 * static_cast<size_t>(std::max(index.texcoord_index, 0));
      if (index.texcoord_index >= 0 && t + 1 < uvs.size()) {
        mesh.cornerUvs.emplace_back(uvs[t], uvs[t + 1]);
      } else {
        allCornersHaveUvs = false;
      }
    }
  }
  if (!allCornersHaveUvs) mesh.cornerUvs.clear();
  mesh.weldedOf = std::move(weldedIndex);
  if (mesh.indices.empty()) throw SceneError(path + ": no triangles");
  validateTriangles(mesh, path);
  return mesh;
}

bool isClosedManifold(const TriangleMesh& mesh) {
  std::map<std::pair<uint32_t, uint32_t>, int> directed;
  for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3)
    for (size_t k = 0; k < 3; ++k) ++directed[{mesh.indices[t + k], mesh.indices[t + (k + 1) % 3]}];
  for (const auto& [edge, count] : directed) {
    if (count != 1) return false;
    const auto reverse = directed.find({edge.second, edge.first});
    if (reverse == directed.end()) return false;
  }
  return !directed.empty();
}

double enclosedVolume(const TriangleMesh& mesh) {
  double volume = 0.0;
  for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
    const glm::dvec3 a(mesh.vertices[mesh.indices[t]]), b(mesh.vertices[mesh.indices[t + 1]]),
        c(mesh.vertices[mesh.indices[t + 2]]);
    volume += glm::dot(a, glm::cross(b, c)) / 6.0;
  }
  return volume;
}

TriangleMesh makeIcosphere(float radius, uint32_t subdivisions) {
  const float g = (1.0f + std::sqrt(5.0f)) / 2.0f;  // golden ratio
  TriangleMesh mesh;
  mesh.vertices = {{-1, g, 0},  {1, g, 0},  {-1, -g, 0}, {1, -g, 0}, {0, -1, g},  {0, 1, g},
                   {0, -1, -g}, {0, 1, -g}, {g, 0, -1},  {g, 0, 1},  {-g, 0, -1}, {-g, 0, 1}};
  mesh.indices = {0, 11, 5,  0, 5,  1, 0, 1, 7, 0, 7,  10, 0, 10, 11, 1, 5, 9, 5, 11,
                  4, 11, 10, 2, 10, 7, 6, 7, 1, 8, 3,  9,  4, 3,  4,  2, 3, 2, 6, 3,
                  6, 8,  3,  8, 9,  4, 9, 5, 2, 4, 11, 6,  2, 10, 8,  6, 7, 9, 8, 1};
  for (glm::vec3& v : mesh.vertices) v = glm::normalize(v);
  for (uint32_t s = 0; s < subdivisions; ++s) {
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> midpoints;
    auto midpoint = [&](uint32_t a, uint32_t b) {
      const auto key = std::minmax(a, b);
      const auto it = midpoints.find(key);
      if (it != midpoints.end()) return it->second;
      const uint32_t index = static_cast<uint32_t>(mesh.vertices.size());
      mesh.vertices.push_back(glm::normalize(mesh.vertices[a] + mesh.vertices[b]));
      midpoints.emplace(key, index);
      return index;
    };
    std::vector<uint32_t> finer;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
      const uint32_t a = mesh.indices[t], b = mesh.indices[t + 1], c = mesh.indices[t + 2];
      const uint32_t ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
      finer.insert(finer.end(), {a, ab, ca, b, bc, ab, c, ca, bc, ab, bc, ca});
    }
    mesh.indices = std::move(finer);
  }
  for (glm::vec3& v : mesh.vertices) v *= radius;
  return mesh;
}

}  // namespace vkxpbd
