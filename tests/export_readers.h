// Small readers of the animation export's files for the tests (engine/export/, docs/export.md): an OBJ
// file's v, vt, vn and f lines, and from scene.usda the layer metadata and, per Mesh prim, the topology
// (written once, or time-sampled for a tearing body) and the time samples of points and normals.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

namespace vkxpbd::test {

struct ObjFile {
  std::vector<glm::vec3> v, vn;
  std::vector<glm::vec2> vt;
  std::vector<std::array<glm::uvec3, 3>> faces;  // per corner: v, vt, vn (1-based; 0 = none)
};

inline ObjFile readObj(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  ObjFile obj;
  for (std::string line; std::getline(in, line);) {
    std::istringstream s(line);
    std::string tag;
    s >> tag;
    if (tag == "v" || tag == "vn") {
      std::string x, y, z;
      s >> x >> y >> z;
      (tag == "v" ? obj.v : obj.vn)
          .emplace_back(std::strtof(x.c_str(), nullptr), std::strtof(y.c_str(), nullptr),
                        std::strtof(z.c_str(), nullptr));
    } else if (tag == "vt") {
      std::string u, w;
      s >> u >> w;
      obj.vt.emplace_back(std::strtof(u.c_str(), nullptr), std::strtof(w.c_str(), nullptr));
    } else if (tag == "f") {
      std::array<glm::uvec3, 3> face{};
      for (glm::uvec3& corner : face) {
        std::string c;
        s >> c;
        // "v/vt/vn" or "v//vn"
        const size_t first = c.find('/'), second = c.find('/', first + 1);
        if (second == std::string::npos) {
          ADD_FAILURE() << "not v/vt/vn: " << c;
          continue;
        }
        corner.x = static_cast<uint32_t>(std::stoul(c.substr(0, first)));
        corner.y = second > first + 1 ? static_cast<uint32_t>(std::stoul(c.substr(first + 1))) : 0u;
        corner.z = static_cast<uint32_t>(std::stoul(c.substr(second + 1)));
      }
      std::string extra;
      EXPECT_FALSE(s >> extra) << "not a triangle: " << line;
      obj.faces.push_back(face);
    }
  }
  return obj;
}

// What the test reads from scene.usda: the layer metadata and, per Mesh prim, the topology and the
// time samples of points.
struct UsdMesh {
  std::vector<uint32_t> faceVertexCounts, faceVertexIndices;  // written once
  // time-sampled (a tearing body's): time code -> values
  std::map<uint64_t, std::vector<uint32_t>> faceVertexCountSamples, faceVertexIndexSamples;
  std::map<uint64_t, std::vector<glm::vec3>> points, normals;  // time code -> values
};
struct UsdFile {
  std::string header;  // the text of the layer's metadata block
  std::map<std::string, UsdMesh> meshes;
};

// "(x, y, z), (x, y, z), ..." → the tuples (no std::regex: GCC 12's <regex> trips -Wmaybe-uninitialized under
// the optimised sanitizer build).
inline std::vector<glm::vec3> parseTuples(const std::string& text) {
  std::vector<glm::vec3> values;
  for (size_t open = text.find('('); open != std::string::npos; open = text.find('(', open + 1)) {
    const size_t close = text.find(')', open);
    if (close == std::string::npos) break;
    std::istringstream tuple(text.substr(open + 1, close - open - 1));
    glm::vec3 v{0.0f};
    char comma = 0;
    if (tuple >> v.x >> comma >> v.y >> comma >> v.z) values.push_back(v);
  }
  return values;
}

// `    def Mesh "NAME"` → NAME (an identifier), else "".
inline std::string meshDefinition(const std::string& line) {
  const std::string prefix = "    def Mesh \"";
  if (line.rfind(prefix, 0) != 0 || line.size() < prefix.size() + 2 || line.back() != '"') return "";
  const std::string name = line.substr(prefix.size(), line.size() - prefix.size() - 1);
  const auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])) ||
      !std::all_of(name.begin(), name.end(), identifier))
    return "";
  return name;
}

// `   TIME: [VALUES],` → TIME and VALUES.
inline std::optional<std::pair<uint64_t, std::string>> timeSample(const std::string& line) {
  const size_t digits = line.find_first_not_of(' ');
  if (digits == 0 || digits == std::string::npos) return std::nullopt;
  const size_t colon = line.find(": [", digits);
  if (colon == std::string::npos || colon == digits || line.size() < colon + 5 ||
      line.compare(line.size() - 2, 2, "],") != 0)
    return std::nullopt;
  const std::string time = line.substr(digits, colon - digits);
  if (!std::all_of(time.begin(), time.end(),
                   [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return std::nullopt;
  return std::make_pair(std::stoull(time), line.substr(colon + 2, line.size() - colon - 3));
}

inline std::vector<uint32_t> parseInts(const std::string& text) {
  std::vector<uint32_t> values;
  std::istringstream s(text.substr(text.find("= [") + 3));  // after "int[] NAME = ["
  for (std::string item; std::getline(s, item, ',');)
    values.push_back(static_cast<uint32_t>(std::stoul(item)));
  return values;
}

// "a, b, c" (a time sample's array without its brackets) → the integers.
inline std::vector<uint32_t> parseIntList(const std::string& text) {
  std::vector<uint32_t> values;
  std::istringstream s(text);
  for (std::string item; std::getline(s, item, ',');)
    values.push_back(static_cast<uint32_t>(std::stoul(item)));
  return values;
}

inline UsdFile readUsda(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  UsdFile usd;
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "#usda 1.0");
  std::getline(in, line);
  EXPECT_EQ(line, "(");
  while (std::getline(in, line) && line != ")") usd.header += line + "\n";
  UsdMesh* mesh = nullptr;
  std::map<uint64_t, std::vector<glm::vec3>>* samples = nullptr;
  std::map<uint64_t, std::vector<uint32_t>>* intSamples = nullptr;
  while (std::getline(in, line)) {
    const std::string defined = meshDefinition(line);
    const auto sampled = samples || intSamples ? timeSample(line) : std::nullopt;
    if (!defined.empty()) {
      mesh = &usd.meshes[defined];
    } else if (mesh && line.find("int[] faceVertexCounts = [") != std::string::npos) {
      mesh->faceVertexCounts = parseInts(line);
    } else if (mesh && line.find("int[] faceVertexIndices = [") != std::string::npos) {
      mesh->faceVertexIndices = parseInts(line);
    } else if (mesh && line == "        int[] faceVertexCounts.timeSamples = {") {
      intSamples = &mesh->faceVertexCountSamples;
    } else if (mesh && line == "        int[] faceVertexIndices.timeSamples = {") {
      intSamples = &mesh->faceVertexIndexSamples;
    } else if (mesh && line == "        point3f[] points.timeSamples = {") {
      samples = &mesh->points;
    } else if (mesh && line == "        normal3f[] normals.timeSamples = {") {
      samples = &mesh->normals;
    } else if (sampled && intSamples) {
      const std::string& list = sampled->second;  // "[a, b, c]"
      (*intSamples)[sampled->first] = parseIntList(list.substr(1, list.size() - 2));
    } else if (sampled) {
      (*samples)[sampled->first] = parseTuples(sampled->second);
    } else if (line == "        }") {
      samples = nullptr;
      intSamples = nullptr;
    }
  }
  return usd;
}

}  // namespace vkxpbd::test
