// Trajectory files (`vkxpbd run --trajectory FILE --trajectory-every K`): the positions and velocities
// of every particle every K frames, for measuring periods and energies from one run.
//
// Format (little-endian):
//   a header of exactly kTrajectoryHeaderBytes bytes: one JSON object padded with spaces and ended by
//   '\n', {"format": "vkxpbd-trajectory", "version": 1, "particles": N, "records": R, "every": K,
//   "frame_dt_s": dt, "record": "..."}; then R records, each
//   uint32 frame, float32[N][3] positions (m), float32[N][3] velocities (m/s).
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/model.h"

namespace vkxpbd {

constexpr size_t kTrajectoryHeaderBytes = 1024;

class TrajectoryWriter {
 public:
  // Opens `path` for N particles (throws std::runtime_error naming the file).
  TrajectoryWriter(const std::string& path, uint32_t particles, uint32_t every, float frameDt);
  ~TrajectoryWriter();
  TrajectoryWriter(const TrajectoryWriter&) = delete;
  TrajectoryWriter& operator=(const TrajectoryWriter&) = delete;

  void append(const State& state);
  // Rewrites the header with the number of records written and closes the file.
  void close();
  uint32_t records() const { return records_; }

 private:
  void writeHeader();

  std::string path_;
  std::ofstream out_;
  uint32_t particles_;
  uint32_t every_;
  float frameDt_;
  uint32_t records_ = 0;
};

struct Trajectory {
  nlohmann::json header;
  std::vector<uint32_t> frames;
  std::vector<std::vector<glm::vec3>> positions;   // [record][particle], m
  std::vector<std::vector<glm::vec3>> velocities;  // [record][particle], m/s
};

// Reads a trajectory file back (throws std::runtime_error naming the file on a bad one).
Trajectory readTrajectory(const std::string& path);

}  // namespace vkxpbd
