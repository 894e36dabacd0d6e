#include "mesh/obj_check.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <vector>

#include "scene/scene.h"

namespace vkxpbd {

namespace {

constexpr size_t kMaxShownToken = 24;  // characters of an offending token quoted in a message

std::string quoted(const std::string& token) {
  return "'" + (token.size() > kMaxShownToken ? token.substr(0, kMaxShownToken) + "..." : token) + "'";
}

std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> result;
  std::istringstream in(line);
  for (std::string token; in >> token;) result.push_back(token);
  return result;
}

// A decimal number that is all of the token, finite and within float range.
bool parseFloat(const std::string& token, double& value) {
  char* end = nullptr;
  errno = 0;
  value = std::strtod(token.c_str(), &end);
  return end != token.c_str() && *end == '\0' && errno == 0 && std::isfinite(value) &&
         std::abs(value) <= std::numeric_limits<float>::max();
}

bool parseInteger(const std::string& token, long long& value) {
  char* end = nullptr;
  errno = 0;
  value = std::strtoll(token.c_str(), &end, 10);
  return end != token.c_str() && *end == '\0' && errno == 0;
}

}  // namespace

void checkObjText(const std::string& text, const std::string& path) {
  // Vertices are counted first: positive indices may refer to any vertex of the file.
  struct Line {
    size_t number;
    std::vector<std::string> tokens;
  };
  std::vector<Line> lines;
  {
    std::istringstream in(text);
    std::string line;
    for (size_t number = 1; std::getline(in, line); ++number) {
      if (line.find('\0') != std::string::npos)
        throw SceneError(path + ":" + std::to_string(number) + ": a NUL byte (not a text OBJ file)");
      if (const size_t hash = line.find('#'); hash != std::string::npos) line.resize(hash);
      std::vector<std::string> words = tokens(line);
      if (!words.empty()) lines.push_back({number, std::move(words)});
    }
  }
  long long total = 0;
  for (const Line& line : lines)
    if (line.tokens[0] == "v") ++total;
  long long seen = 0;  // vertices before the current line
  for (const Line& line : lines) {
    const std::string where = path + ":" + std::to_string(line.number) + ": ";
    const std::string& kind = line.tokens[0];
    const size_t values = line.tokens.size() - 1;
    if (kind == "v") {
      if (values != 3 && values != 4 && values != 6 && values != 7)
        throw SceneError(where + "vertex " + std::to_string(seen + 1) +
                         ": expected 3 coordinates (and w or an RGB colour), got " + std::to_string(values) +
                         " values");
      for (size_t k = 1; k <= values; ++k) {
        double value = 0.0;
        if (!parseFloat(line.tokens[k], value))
          throw SceneError(where + "vertex " + std::to_string(seen + 1) + ": value " + std::to_string(k) +
                           " is " + quoted(line.tokens[k]) +
                           ", not a finite number within 32-bit float range");
      }
      ++seen;
    } else if (kind == "vt" || kind == "vn") {
      for (size_t k = 1; k <= values; ++k) {
        double value = 0.0;
        if (!parseFloat(line.tokens[k], value))
          throw SceneError(where + "'" + kind + "' value " + std::to_string(k) + " is " +
                           quoted(line.tokens[k]) + ", not a finite number within 32-bit float range");
      }
    } else if (kind == "f") {
      if (values < 3)
        throw SceneError(where + "face with " + std::to_string(values) +
                         " vertices (a face needs at least 3)");
      for (size_t k = 1; k <= values; ++k) {
        const std::string& token = line.tokens[k];
        long long index = 0;
        if (!parseInteger(token.substr(0, token.find('/')), index) || index == 0)
          throw SceneError(where + "face vertex " + std::to_string(k) + ": " + quoted(token) +
                           " does not start with a vertex index (1-based, or negative to count back)");
        const long long resolved = index > 0 ? index - 1 : seen + index;  // 0-based
        if (resolved < 0 || resolved >= (index > 0 ? total : seen))
          throw SceneError(where + "face vertex " + std::to_string(k) + ": index " + std::to_string(index) +
                           " refers to no vertex (" + std::to_string(index > 0 ? total : seen) +
                           (index > 0 ? " in the file)" : " read before this line)"));
      }
    } else if (kind != "o" && kind != "g" && kind != "s" && kind != "usemtl" && kind != "mtllib") {
      throw SceneError(
          where + "unsupported OBJ statement " + quoted(kind) +
          " (only v, vt, vn, f, o, g, s, usemtl and mtllib are read; points, lines and free-form "
          "geometry would be dropped)");
    }
  }
}

}  // namespace vkxpbd
