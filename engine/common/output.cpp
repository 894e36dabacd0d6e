#include "common/output.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace vkxpbd {

namespace {

std::ofstream openForWriting(const std::string& path) {
  std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error(path + ": cannot open for writing");
  return out;
}

nlohmann::json vec3Array(const std::vector<glm::vec4>& values) {
  nlohmann::json a = nlohmann::json::array();
  for (const glm::vec4& v : values) a.push_back({v.x, v.y, v.z});
  return a;
}

}  // namespace

void writeObj(const std::string& path, const Model& model, const State& state) {
  std::ofstream out = openForWriting(path);
  out << "# vkxpbd: " << model.name << ", " << state.positions.size() << " particles (m)\n";
  // 12 significant digits: a nanometre at 1 km from the origin (the default 6 would round to a millimetre).
  out.precision(12);
  for (size_t i = 0; i < state.positions.size(); ++i) {
    const glm::dvec3 p = exactPosition(state, i);
    out << "v " << p.x << ' ' << p.y << ' ' << p.z << '\n';
  }
  for (const SurfaceMesh& s : model.surfaces) {
    out << "o " << s.name << '\n';
    for (size_t t = 0; t + 2 < s.indices.size(); t += 3)
      out << "f " << s.indices[t] + 1 << ' ' << s.indices[t + 1] + 1 << ' ' << s.indices[t + 2] + 1 << '\n';
  }
  if (!out) throw std::runtime_error(path + ": write failed");
}

void writeStateJson(const std::string& path, const State& state, const nlohmann::json& summary,
                    const nlohmann::json& extra) {
  nlohmann::json j = extra;
  j["summary"] = summary;
  j["frame"] = state.frame;
  nlohmann::json positions = nlohmann::json::array();  // with their low parts, exact
  for (size_t i = 0; i < state.positions.size(); ++i) {
    const glm::dvec3 p = exactPosition(state, i);
    positions.push_back({p.x, p.y, p.z});
  }
  j["positions"] = positions;
  j["velocities"] = vec3Array(state.velocities);
  writeTextFile(path, j.dump());
}

void writeTextFile(const std::string& path, const std::string& text) {
  std::ofstream out = openForWriting(path);
  out << text;
  if (!out) throw std::runtime_error(path + ": write failed");
}

}  // namespace vkxpbd
