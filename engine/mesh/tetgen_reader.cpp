// TetGen .node/.ele reader (TetGen manual, "File formats"): '#' starts a comment; the first line of
// each file is a header; indices start at 0 or 1, as the .node file's first point does.
#include <cmath>
#include <sstream>

#include "common/input_file.h"
#include "mesh/tet_mesh.h"
#include "scene/scene.h"

namespace vkxpbd {
namespace {

constexpr uint64_t kMaxMeshFileBytes = 256ull << 20;  // bytes of one .node or .ele file

// The non-empty lines of a file with comments removed, each with its 1-based line number.
std::vector<std::pair<size_t, std::string>> dataLines(const std::string& text) {
  std::istringstream file(text);
  std::vector<std::pair<size_t, std::string>> lines;
  std::string line;
  for (size_t number = 1; std::getline(file, line); ++number) {
    const size_t hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    lines.emplace_back(number, line);
  }
  return lines;
}

template <typename T>
std::vector<T> readNumbers(const std::string& path, size_t lineNumber, const std::string& text,
                           size_t minCount) {
  std::istringstream in(text);
  std::vector<T> values;
  T v{};
  while (in >> v) values.push_back(v);
  if (!in.eof() || values.size() < minCount)
    throw SceneError(path + ":" + std::to_string(lineNumber) + ": expected at least " +
                     std::to_string(minCount) + " numbers, got '" + text + "'");
  return values;
}

}  // namespace

TetMesh loadTetGen(const std::string& nodePath, const std::string& elePath) {
  const std::string nodeText = readInputFile(nodePath, kMaxMeshFileBytes, "TetGen file");
  return parseTetGen(nodeText, readInputFile(elePath, kMaxMeshFileBytes, "TetGen file"), nodePath, elePath);
}

TetMesh parseTetGen(const std::string& nodeText, const std::string& eleText, const std::string& nodePath,
                    const std::string& elePath) {
  TetMesh mesh;
  const auto nodes = dataLines(nodeText);
  if (nodes.empty()) throw SceneError(nodePath + ": empty file");
  const auto header = readNumbers<long long>(nodePath, nodes[0].first, nodes[0].second, 2);
  if (header[1] != 3) throw SceneError(nodePath + ": dimension must be 3, got " + std::to_string(header[1]));
  if (header[0] <= 0 || static_cast<size_t>(header[0]) + 1 > nodes.size())
    throw SceneError(nodePath + ": header announces " + std::to_string(header[0]) + " points, file has " +
                     std::to_string(nodes.size() - 1));
  long long base = 0;
  for (long long p = 0; p < header[0]; ++p) {
    const auto& [number, text] = nodes[static_cast<size_t>(p) + 1];
    const auto values = readNumbers<double>(nodePath, number, text, 4);
    if (p == 0) {
      // TetGen numbers from 0 or 1; anything else (1e300 included) is no TetGen file.
      if (values[0] != 0.0 && values[0] != 1.0) {
        std::ostringstream got;
        got << values[0];
        throw SceneError(nodePath + ":" + std::to_string(number) +
                         ": the first point must be numbered 0 or 1, got " + got.str());
      }
      base = static_cast<long long>(values[0]);
    }
    if (values[0] != static_cast<double>(base + p))
      throw SceneError(nodePath + ":" + std::to_string(number) + ": expected point " +
                       std::to_string(base + p));
    const glm::dvec3 x(values[1], values[2], values[3]);
    if (!std::isfinite(x.x) || !std::isfinite(x.y) || !std::isfinite(x.z))
      throw SceneError(nodePath + ":" + std::to_string(number) + ": non-finite coordinate");
    mesh.vertices.emplace_back(x);
  }
  const auto eles = dataLines(eleText);
  if (eles.empty()) throw SceneError(elePath + ": empty file");
  const auto eleHeader = readNumbers<long long>(elePath, eles[0].first, eles[0].second, 2);
  if (eleHeader[1] != 4)
    throw SceneError(elePath + ": only 4-node tetrahedra are supported, got " + std::to_string(eleHeader[1]) +
                     " nodes per tetrahedron (run tetgen without -o2)");
  if (eleHeader[0] <= 0 || static_cast<size_t>(eleHeader[0]) + 1 > eles.size())
    throw SceneError(elePath + ": header announces " + std::to_string(eleHeader[0]) +
                     " tetrahedra, file has " + std::to_string(eles.size() - 1));
  for (long long t = 0; t < eleHeader[0]; ++t) {
    const auto& [number, text] = eles[static_cast<size_t>(t) + 1];
    const auto values = readNumbers<long long>(elePath, number, text, 5);
    for (int k = 1; k <= 4; ++k) {
      const long long given = values[static_cast<size_t>(k)];
      const long long v = given < base ? -1 : given - base;  // no overflow: base is 0 or 1
      if (v < 0 || v >= static_cast<long long>(mesh.vertices.size()))
        throw SceneError(elePath + ": tetrahedron " + std::to_string(t) + ": node " +
                         std::to_string(values[static_cast<size_t>(k)]) + " is out of range");
      mesh.tets.push_back(static_cast<uint32_t>(v));
    }
  }
  // The file's orientation convention is that of the majority of its tetrahedra.
  size_t negative = 0;
  for (size_t t = 0; t < mesh.tets.size(); t += 4)
    if (tetVolume(mesh.vertices[mesh.tets[t]], mesh.vertices[mesh.tets[t + 1]],
                  mesh.vertices[mesh.tets[t + 2]], mesh.vertices[mesh.tets[t + 3]]) < 0.0)
      ++negative;
  if (2 * negative > mesh.tets.size() / 4)
    for (size_t t = 0; t < mesh.tets.size(); t += 4) std::swap(mesh.tets[t + 2], mesh.tets[t + 3]);
  validateTets(mesh, elePath);
  mesh.surface = boundaryTriangles(mesh.tets);
  return mesh;
}

}  // namespace vkxpbd
