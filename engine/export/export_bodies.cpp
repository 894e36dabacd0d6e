#include "export/export_bodies.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <utility>

namespace vkxpbd {

namespace {

// USD prim names (and our file names) are identifiers: letters, digits, '_', not starting with a digit.
std::string identifier(const std::string& name) {
  std::string id;
  for (const char c : name) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) return std::string(1, '_') += id;
  return id;
}

std::string uniqueName(const std::string& base, std::set<std::string>& used) {
  std::string name = base;
  for (int k = 2; !used.insert(name).second; ++k) name = base + "_" + std::to_string(k);
  return name;
}

// Builds the body's vertices, local triangles and UVs from the surfaces inside its particle range.
ExportBody collectBody(const Model& model, const BodyRange& range) {
  ExportBody body;
  std::vector<uint32_t> corners;    // model particles, 3 per triangle
  std::vector<glm::vec2> cornerUv;  // per corner (or empty)
  bool allHaveUvs = true;
  for (const SurfaceMesh& s : model.surfaces) {
    if (s.indices.empty() || s.indices[0] < range.first || s.indices[0] >= range.first + range.count)
      continue;
    const bool hasUvs = s.uvs.size() == s.indices.size();
    allHaveUvs = allHaveUvs && hasUvs;
    for (size_t t = 0; t + 2 < s.indices.size(); t += 3) {
      const uint32_t a = s.indices[t], b = s.indices[t + 1], c = s.indices[t + 2];
      if (a == b || b == c || a == c) continue;  // collapsed by a tear: no area, nothing to draw
      corners.insert(corners.end(), {a, b, c});
      if (hasUvs)
        cornerUv.insert(cornerUv.end(), s.uvs.begin() + ptrdiff_t(t), s.uvs.begin() + ptrdiff_t(t + 3));
    }
  }
  body.particles = corners;
  std::sort(body.particles.begin(), body.particles.end());
  body.particles.erase(std::unique(body.particles.begin(), body.particles.end()), body.particles.end());
  body.triangles.reserve(corners.size());
  for (const uint32_t p : corners)
    body.triangles.push_back(static_cast<uint32_t>(
        std::lower_bound(body.particles.begin(), body.particles.end(), p) - body.particles.begin()));
  if (allHaveUvs && !cornerUv.empty()) {
    std::map<std::pair<float, float>, uint32_t> index;
    for (const glm::vec2& uv : cornerUv) {
      const auto [it, added] =
          index.emplace(std::make_pair(uv.x, uv.y), static_cast<uint32_t>(body.uvs.size()));
      if (added) body.uvs.push_back(uv);
      body.cornerUvs.push_back(it->second);
    }
  }
  return body;
}

// Characters of a number written with %.9g: at most "-1.23456789e-05".
constexpr uint64_t kNumberChars = 15;

uint64_t decimalDigits(uint64_t n) {
  uint64_t digits = 1;
  for (; n >= 10; n /= 10) ++digits;
  return digits;
}

}  // namespace

std::vector<ExportBody> exportBodies(const Model& model) {
  std::vector<ExportBody> bodies;
  std::set<std::string> used;
  for (size_t r = 0; r < model.bodies.size(); ++r) {
    const BodyRange& range = model.bodies[r];
    ExportBody body = collectBody(model, range);
    if (body.triangles.empty()) continue;
    body.name = uniqueName(identifier(range.name), used);
    body.modelBody = static_cast<uint32_t>(r);
    body.maxVertices = static_cast<uint32_t>(body.particles.size());
    for (const TearBody& t : model.tears)
      if (t.body == r) {
        body.tears = true;
        body.maxVertices += t.spareCount;
      }
    bodies.push_back(std::move(body));
  }
  return bodies;
}

void recollectExportBody(ExportBody& body, const Model& model) {
  ExportBody torn = collectBody(model, model.bodies.at(body.modelBody));
  body.particles = std::move(torn.particles);
  body.triangles = std::move(torn.triangles);
  body.uvs = std::move(torn.uvs);
  body.cornerUvs = std::move(torn.cornerUvs);
}

bool sameTopology(const ExportBody& a, const ExportBody& b) {
  return a.particles == b.particles && a.triangles == b.triangles && a.uvs == b.uvs &&
         a.cornerUvs == b.cornerUvs;
}

std::vector<glm::vec3> vertexNormals(const ExportBody& body, const std::vector<glm::vec4>& positions) {
  std::vector<glm::dvec3> sum(body.particles.size(), glm::dvec3(0.0));
  for (size_t t = 0; t + 2 < body.triangles.size(); t += 3) {
    const uint32_t a = body.triangles[t], b = body.triangles[t + 1], c = body.triangles[t + 2];
    const glm::dvec3 pa(positions[body.particles[a]]), pb(positions[body.particles[b]]),
        pc(positions[body.particles[c]]);
    const glm::dvec3 n = glm::cross(pb - pa, pc - pa);  // twice the area times the unit normal, m²
    sum[a] += n;
    sum[b] += n;
    sum[c] += n;
  }
  std::vector<glm::vec3> normals(sum.size());
  for (size_t v = 0; v < sum.size(); ++v) {
    const double length = glm::length(sum[v]);
    normals[v] = length > 0.0 ? glm::vec3(sum[v] / length) : glm::vec3(0.0f, 1.0f, 0.0f);
  }
  return normals;
}

uint64_t estimateExportBytes(const std::vector<ExportBody>& bodies, uint64_t frames) {
  uint64_t perFrame = 0, once = 0;
  for (const ExportBody& body : bodies) {
    // A tearing body may grow to maxVertices vertices, and its topology is written with every frame.
    const uint64_t vertices = std::max<uint64_t>(body.maxVertices, body.particles.size());
    const uint64_t triangles = body.triangles.size() / 3;
    const uint64_t index = decimalDigits(std::max<uint64_t>(vertices, body.uvs.size())) + 1;
    perFrame += vertices * 2 * (4 + 3 * (kNumberChars + 1));     // OBJ v and vn lines
    perFrame += body.uvs.size() * (4 + 2 * (kNumberChars + 1));  // OBJ vt lines
    perFrame += triangles * (3 + 3 * 3 * index);                 // OBJ f lines
    perFrame += vertices * 2 * (8 + 3 * (kNumberChars + 2));     // USD points and normals
    perFrame += 256;                                             // headers
    // USD faceVertexCounts, faceVertexIndices, primvars:st and its indices
    const uint64_t topology =
        256 + triangles * (3 + 6 * (index + 1)) +
        std::max<uint64_t>(body.uvs.size(), 3 * triangles) * (4 + 2 * (kNumberChars + 2));
    (body.tears ? perFrame : once) += topology;
  }
  return frames * perFrame + once;
}

}  // namespace vkxpbd
