#include "common/trajectory.h"

#include <filesystem>
#include <stdexcept>

namespace vkxpbd {

namespace {

constexpr const char* kRecordLayout =
    "uint32 frame, float32[particles][3] positions (m), float32[particles][3] velocities (m/s), "
    "little-endian";

void writeVec3s(std::ofstream& out, const std::vector<glm::vec4>& values, uint32_t count) {
  std::vector<float> flat(3 * size_t{count}, 0.0f);
  for (uint32_t i = 0; i < count && i < values.size(); ++i)
    for (int c = 0; c < 3; ++c) flat[3 * size_t{i} + c] = values[i][c];
  out.write(reinterpret_cast<const char*>(flat.data()),
            static_cast<std::streamsize>(flat.size() * sizeof(float)));
}

std::vector<glm::vec3> readVec3s(std::ifstream& in, uint32_t count) {
  std::vector<glm::vec3> values(count);
  in.read(reinterpret_cast<char*>(values.data()),
          static_cast<std::streamsize>(values.size() * sizeof(glm::vec3)));
  return values;
}

}  // namespace

TrajectoryWriter::TrajectoryWriter(const std::string& path, uint32_t particles, uint32_t every, float frameDt)
    : path_(path), particles_(particles), every_(every), frameDt_(frameDt) {
  const std::filesystem::path p(path);
  if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
  out_.open(path, std::ios::binary);
  if (!out_) throw std::runtime_error(path + ": cannot open for writing");
  writeHeader();
}

TrajectoryWriter::~TrajectoryWriter() {
  if (out_.is_open()) {
    try {
      close();
    } catch (const std::exception&) {
    }
  }
}

void TrajectoryWriter::writeHeader() {
  const nlohmann::json header = {
      {"format", "vkxpbd-trajectory"}, {"version", 1},    {"particles", particles_},
      {"records", records_},           {"every", every_}, {"frame_dt_s", frameDt_},
      {"record", kRecordLayout}};
  std::string text = header.dump();
  if (text.size() + 1 > kTrajectoryHeaderBytes) throw std::runtime_error(path_ + ": header too long");
  text.resize(kTrajectoryHeaderBytes - 1, ' ');
  text += '\n';
  out_.seekp(0);
  out_.write(text.data(), static_cast<std::streamsize>(text.size()));
}

void TrajectoryWriter::append(const State& state) {
  const uint32_t frame = static_cast<uint32_t>(state.frame);
  out_.write(reinterpret_cast<const char*>(&frame), sizeof(frame));
  writeVec3s(out_, state.positions, particles_);
  writeVec3s(out_, state.velocities, particles_);
  if (!out_) throw std::runtime_error(path_ + ": write failed");
  ++records_;
}

void TrajectoryWriter::close() {
  writeHeader();
  out_.close();
  if (!out_) throw std::runtime_error(path_ + ": write failed");
}

Trajectory readTrajectory(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::string header(kTrajectoryHeaderBytes, '\0');
  in.read(header.data(), static_cast<std::streamsize>(header.size()));
  if (!in || header.back() != '\n')
    throw std::runtime_error(path + ": not a vkxpbd trajectory (short header)");
  Trajectory t;
  t.header = nlohmann::json::parse(header);
  if (t.header.value("format", "") != "vkxpbd-trajectory")
    throw std::runtime_error(path + ": not a vkxpbd trajectory");
  const uint32_t n = t.header.at("particles").get<uint32_t>();
  const uint32_t records = t.header.at("records").get<uint32_t>();
  for (uint32_t r = 0; r < records; ++r) {
    uint32_t frame = 0;
    in.read(reinterpret_cast<char*>(&frame), sizeof(frame));
    t.frames.push_back(frame);
    t.positions.push_back(readVec3s(in, n));
    t.velocities.push_back(readVec3s(in, n));
    if (!in) throw std::runtime_error(path + ": truncated at record " + std::to_string(r));
  }
  if (in.peek() != std::ifstream::traits_type::eof())
    throw std::runtime_error(path + ": more data than its " + std::to_string(records) + " records");
  return t;
}

}  // namespace vkxpbd
