#include "export/animation_export.h"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <stdexcept>

namespace vkxpbd {

namespace {

// 9 significant digits: every float32 reads back exactly.
std::string number(float value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", static_cast<double>(value));
  return text;
}

// "(x, y, z)"; built by appending (GCC 12 reports a false -Wrestrict for "(" + std::string).
std::string tuple3(const glm::vec3& v) {
  std::string text(1, '(');
  text += number(v.x);
  text += ", ";
  text += number(v.y);
  text += ", ";
  text += number(v.z);
  text += ')';
  return text;
}

std::string gib(uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.2f GiB", static_cast<double>(bytes) / double(uint64_t{1} << 30));
  return text;
}

std::ofstream openFile(const std::string& path, std::ios::openmode mode = std::ios::out) {
  std::ofstream out(path, mode | std::ios::binary);
  if (!out) throw std::runtime_error(path + ": cannot open for writing");
  return out;
}

void checkWritten(const std::ostream& out, const std::string& path) {
  if (!out) throw std::runtime_error(path + ": write failed");
}

// A time code, or the frame rate: an integer when it is one within float rounding.
std::string rate(double value) {
  const double rounded = std::round(value);
  if (std::abs(value - rounded) < 1e-4 * std::max(1.0, rounded))
    return std::to_string(static_cast<long long>(rounded));
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  return text;
}

// Text from the scene (its name) made safe inside a one-line OBJ comment and a USD string: control
// characters become spaces, '"' and '\\' are escaped.
std::string oneLine(const std::string& text) {
  std::string safe;
  for (const char c : text) {
    if (c == '"' || c == '\\') safe += '\\';
    safe += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  }
  return safe;
}

// The time of a frame, s, to 6 significant digits.
std::string seconds(uint64_t frame, float frameDt) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.6g", static_cast<double>(frame) * static_cast<double>(frameDt));
  return text;
}

// One Wavefront OBJ of one body at one frame.
void writeObjFrame(const std::string& path, const std::string& header, const ExportBody& body,
                   const std::vector<glm::vec4>& positions, const std::vector<glm::vec3>& normals) {
  std::ofstream out = openFile(path);
  out << header << "o " << body.name << '\n';
  for (const uint32_t p : body.particles)
    out << "v " << number(positions[p].x) << ' ' << number(positions[p].y) << ' ' << number(positions[p].z)
        << '\n';
  for (const glm::vec2& uv : body.uvs) out << "vt " << number(uv.x) << ' ' << number(uv.y) << '\n';
  for (const glm::vec3& n : normals)
    out << "vn " << number(n.x) << ' ' << number(n.y) << ' ' << number(n.z) << '\n';
  const bool uvs = !body.uvs.empty();
  for (size_t t = 0; t + 2 < body.triangles.size(); t += 3) {
    out << 'f';
    for (size_t c = t; c < t + 3; ++c) {
      const uint32_t v = body.triangles[c] + 1;
      out << ' ' << v << '/';
      if (uvs) out << body.cornerUvs[c] + 1;
      out << '/' << v;
    }
    out << '\n';
  }
  checkWritten(out, path);
}

void writeArray(std::ostream& out, const std::vector<glm::vec3>& values) {
  out << '[';
  for (size_t k = 0; k < values.size(); ++k) out << (k ? ", " : "") << tuple3(values[k]);
  out << ']';
}

void writeInts(std::ostream& out, const std::vector<uint32_t>& values) {
  out << '[';
  for (size_t k = 0; k < values.size(); ++k) out << (k ? ", " : "") << values[k];
  out << ']';
}

// The four topology attributes of a body's Mesh prim, in the order written, with their USD types and
// names, and the temporary file names of their time samples (a tearing body's).
enum Topology { kCounts, kIndices, kUvs, kUvIndices };
constexpr std::array<const char*, 4> kTopologyAttribute = {
    "int[] faceVertexCounts", "int[] faceVertexIndices", "texCoord2f[] primvars:st",
    "int[] primvars:st:indices"};
constexpr std::array<const char*, 4> kTopologyTemp = {"counts", "indices", "st", "st_indices"};

// One topology attribute's value: "[...]".
void writeTopology(std::ostream& out, const ExportBody& body, Topology what) {
  switch (what) {
    case kCounts:
      out << '[';
      for (size_t t = 0; t < body.triangles.size() / 3; ++t) out << (t ? ", 3" : "3");
      out << ']';
      break;
    case kIndices:
      writeInts(out, body.triangles);
      break;
    case kUvs:
      out << '[';
      for (size_t k = 0; k < body.uvs.size(); ++k)
        out << (k ? ", " : "") << '(' << number(body.uvs[k].x) << ", " << number(body.uvs[k].y) << ')';
      out << ']';
      break;
    case kUvIndices:
      writeInts(out, body.cornerUvs);
      break;
  }
}

// Copies a temporary file of time samples into `out`.
void appendFile(std::ostream& out, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (in.peek() != std::ifstream::traits_type::eof()) out << in.rdbuf();
}

}  // namespace

uint64_t exportedFrameCount(uint64_t frames, uint64_t every) {
  return frames / every + 1;
}

std::string exportSizeError(const std::string& dir, const std::vector<ExportBody>& bodies, uint64_t frames,
                            uint64_t every) {
  const uint64_t count = exportedFrameCount(frames, every);
  const uint64_t bytes = estimateExportBytes(bodies, count);
  std::error_code error;
  const std::filesystem::space_info space = std::filesystem::space(dir, error);
  const uint64_t free = error ? std::numeric_limits<uint64_t>::max() : space.available;
  const std::string estimate = "the export would write about " + gib(bytes) + " (" + std::to_string(count) +
                               " frames of " + std::to_string(bodies.size()) + " bodies)";
  if (bytes > kExportLimitBytes)
    return estimate + ", more than the limit of " + gib(kExportLimitBytes) +
           "; export fewer frames (--every K)";
  if (bytes > free)
    return estimate + ", more than the " + gib(free) + " free there; export fewer frames (--every K)";
  return {};
}

AnimationExporter::AnimationExporter(std::string dir, const Model& model, float frameDt, uint64_t lastFrame)
    : dir_(std::move(dir)), sceneName_(oneLine(model.name)), frameDt_(frameDt), bodies_(exportBodies(model)) {
  digits_ = std::max(4, static_cast<int>(std::to_string(lastFrame).size()));
  extents_.resize(bodies_.size());
  initial_ = bodies_;
  topologyChanged_.assign(bodies_.size(), false);
  topology_.resize(bodies_.size());
  for (size_t b = 0; b < bodies_.size(); ++b) {
    std::filesystem::create_directories(std::filesystem::path(dir_) / bodies_[b].name);
    points_.push_back(std::make_unique<std::ofstream>(openFile(tempPath(b, "points"))));
    normals_.push_back(std::make_unique<std::ofstream>(openFile(tempPath(b, "normals"))));
    if (bodies_[b].tears)
      for (size_t k = 0; k < kTopologyTemp.size(); ++k)
        topology_[b][k] = std::make_unique<std::ofstream>(openFile(tempPath(b, kTopologyTemp[k])));
  }
}

AnimationExporter::~AnimationExporter() {
  if (!closed_) removeTemporaryFiles();  // an exporter left without close() (an error)
}

void AnimationExporter::removeTemporaryFiles() {
  std::error_code error;
  for (size_t b = 0; b < bodies_.size(); ++b) {
    points_[b].reset();
    normals_[b].reset();
    std::filesystem::remove(tempPath(b, "points"), error);
    std::filesystem::remove(tempPath(b, "normals"), error);
    if (!bodies_[b].tears) continue;
    for (size_t k = 0; k < kTopologyTemp.size(); ++k) {
      topology_[b][k].reset();
      std::filesystem::remove(tempPath(b, kTopologyTemp[k]), error);
    }
  }
}

void AnimationExporter::writeTopologySamples(size_t b, uint64_t frame) {
  for (size_t k = 0; k < kTopologyTemp.size(); ++k) {
    std::ofstream& out = *topology_[b][k];
    out << "            " << frame << ": ";
    writeTopology(out, bodies_[b], static_cast<Topology>(k));
    out << ",\n";
    checkWritten(out, tempPath(b, kTopologyTemp[k]));
  }
}

std::string AnimationExporter::tempPath(size_t body, const char* what) const {
  return dir_ + "/.scene.usda." + std::to_string(body) + "." + what + ".tmp";
}

std::string AnimationExporter::objPath(const ExportBody& body, uint64_t frame) const {
  char number[32];
  std::snprintf(number, sizeof(number), "%0*" PRIu64, digits_, frame);
  return dir_ + "/" + body.name + "/" + body.name + "_" + number + ".obj";
}

void AnimationExporter::write(uint64_t frame, const std::vector<glm::vec4>& positions, const Model& solved) {
  frames_.push_back(frame);
  for (size_t b = 0; b < bodies_.size(); ++b) {
    if (bodies_[b].tears) {
      recollectExportBody(bodies_[b], solved);
      if (frames_.size() == 1) initial_[b] = bodies_[b];
      topologyChanged_[b] = topologyChanged_[b] || !sameTopology(bodies_[b], initial_[b]);
      writeTopologySamples(b, frame);
    }
    const ExportBody& body = bodies_[b];
    const std::vector<glm::vec3> normals = vertexNormals(body, positions);
    const std::string header = "# vkxpbd export: scene " + sceneName_ + ", body " + body.name + ", frame " +
                               std::to_string(frame) + ", t = " + seconds(frame, frameDt_) +
                               " s; positions in m, Y up\n";
    writeObjFrame(objPath(body, frame), header, body, positions, normals);

    std::vector<glm::vec3> points;
    points.reserve(body.particles.size());
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const uint32_t p : body.particles) {
      points.emplace_back(positions[p]);
      lo = glm::min(lo, points.back());
      hi = glm::max(hi, points.back());
    }
    extents_[b].push_back(lo);
    extents_[b].push_back(hi);
    std::ofstream& pointsOut = *points_[b];
    pointsOut << "            " << frame << ": ";
    writeArray(pointsOut, points);
    pointsOut << ",\n";
    checkWritten(pointsOut, tempPath(b, "points"));
    std::ofstream& normalsOut = *normals_[b];
    normalsOut << "            " << frame << ": ";
    writeArray(normalsOut, normals);
    normalsOut << ",\n";
    checkWritten(normalsOut, tempPath(b, "normals"));
  }
}

void AnimationExporter::close() {
  if (closed_) return;
  const std::string path = dir_ + "/scene.usda";
  std::ofstream out = openFile(path);
  const uint64_t start = frames_.empty() ? 0 : frames_.front(), end = frames_.empty() ? 0 : frames_.back();
  const std::string fps = rate(1.0 / static_cast<double>(frameDt_));
  out << "#usda 1.0\n(\n"
      << "    defaultPrim = \"World\"\n"
      << "    doc = \"vkxpbd animation export of scene " << sceneName_ << ": " << frames_.size()
      << " frames; time code = frame number\"\n"
      << "    endTimeCode = " << end << "\n"
      << "    framesPerSecond = " << fps << "\n"
      << "    metersPerUnit = 1\n"
      << "    startTimeCode = " << start << "\n"
      << "    timeCodesPerSecond = " << fps << "\n"
      << "    upAxis = \"Y\"\n"
      << ")\n\n"
      << "def Xform \"World\"\n{\n";
  for (size_t b = 0; b < bodies_.size(); ++b) {
    const ExportBody& body = bodies_[b];
    points_[b]->close();
    normals_[b]->close();
    out << "    def Mesh \"" << body.name << "\"\n    {\n";
    out << "        uniform bool doubleSided = 1\n";
    out << "        float3[] extent.timeSamples = {\n";
    for (size_t f = 0; f < frames_.size(); ++f) {
      out << "            " << frames_[f] << ": ";
      writeArray(out, {extents_[b][2 * f], extents_[b][2 * f + 1]});
      out << ",\n";
    }
    out << "        }\n";
    // The topology once, or (a body that tore during the export) as time samples.
    const ExportBody& first = initial_[b];
    const bool sampled = topologyChanged_[b];
    const bool uvs = !first.uvs.empty();
    for (size_t k = 0; k < kTopologyAttribute.size(); ++k) {
      const auto what = static_cast<Topology>(k);
      if ((what == kUvs || what == kUvIndices) && !uvs) continue;
      const char* faceVarying = "(\n            interpolation = \"faceVarying\"\n        )";
      if (sampled) {  // the UVs' interpolation is declared apart from their samples
        if (what == kUvs) out << "        " << kTopologyAttribute[k] << ' ' << faceVarying << '\n';
        topology_[b][k]->close();
        out << "        " << kTopologyAttribute[k] << ".timeSamples = {\n";
        appendFile(out, tempPath(b, kTopologyTemp[k]));
        out << "        }\n";
      } else {
        out << "        " << kTopologyAttribute[k] << " = ";
        writeTopology(out, first, what);
        if (what == kUvs) out << ' ' << faceVarying;
        out << '\n';
      }
    }
    out << "        normal3f[] normals (\n            interpolation = \"vertex\"\n        )\n";
    out << "        normal3f[] normals.timeSamples = {\n";
    appendFile(out, tempPath(b, "normals"));
    out << "        }\n";
    out << "        point3f[] points.timeSamples = {\n";
    appendFile(out, tempPath(b, "points"));
    out << "        }\n";
    out << "        uniform token subdivisionScheme = \"none\"\n";
    out << "    }\n";
  }
  out << "}\n";
  checkWritten(out, path);
  out.close();
  removeTemporaryFiles();
  closed_ = true;
}

}  // namespace vkxpbd
