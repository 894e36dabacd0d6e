#include "app/bench_bandwidth.h"

#include <cstdio>
#include <map>

#include "sim/pass_bytes.h"

namespace vkxpbd {

namespace {

struct StageSum {
  uint64_t bytes = 0;        // per frame
  uint64_t projections = 0;  // per frame
  double ms = 0.0;           // GPU ms per frame
};

// The group a solve stage belongs to ("" for stages without counted bytes).
std::string groupOf(const std::string& stage) {
  if (stage.rfind("solve colour", 0) == 0) return "solve colours";
  if (stage.rfind("level ", 0) == 0) return "hierarchy levels";
  if (stage.rfind("jacobi", 0) == 0) return "jacobi";
  return "";
}

nlohmann::json entry(const std::string& name, const StageSum& s, double copyGbPerSecond) {
  const double gbPerSecond = s.ms > 0.0 ? double(s.bytes) / (s.ms * 1e-3) * 1e-9 : 0.0;
  return {{"name", name},
          {"bytes_per_frame", s.bytes},
          {"projections_per_frame", s.projections},
          {"gpu_ms_per_frame", s.ms},
          {"gb_per_s", gbPerSecond},
          {"share_of_copy", copyGbPerSecond > 0.0 ? gbPerSecond / copyGbPerSecond : 0.0}};
}

}  // namespace

nlohmann::json bandwidthJson(const BandwidthInputs& in) {
  const FrameSchedule& schedule = *in.schedule;
  std::vector<StageSum> stages(schedule.stageNames.size());
  uint64_t fine = 0, coarse = 0;
  for (const ScheduledPass& p : schedule.passes) {
    StageSum& s = stages.at(p.stage);
    s.bytes += passBytes(p, *in.layout);
    const uint64_t projections = passProjections(p);
    s.projections += projections;
    (p.pass == PassId::CoarseSolve ? coarse : fine) += projections;
  }
  std::map<std::string, double> msByName;
  for (const vk::StageTime& t : *in.stages) msByName[t.name] = t.ms;

  nlohmann::json stageJson = nlohmann::json::array();
  std::vector<std::string> groupOrder;
  std::map<std::string, StageSum> groups;
  for (size_t i = 0; i < stages.size(); ++i) {
    StageSum& s = stages[i];
    const std::string& name = schedule.stageNames[i];
    if (s.bytes == 0) continue;
    s.ms = msByName.count(name) ? msByName[name] : 0.0;
    stageJson.push_back(entry(name, s, in.copyGbPerSecond));
    const std::string group = groupOf(name);
    if (group.empty()) continue;
    if (!groups.count(group)) groupOrder.push_back(group);
    StageSum& g = groups[group];
    g.bytes += s.bytes;
    g.projections += s.projections;
    g.ms += s.ms;
  }
  nlohmann::json groupJson = nlohmann::json::array();
  for (const std::string& g : groupOrder) groupJson.push_back(entry(g, groups[g], in.copyGbPerSecond));
  const double seconds = in.frameMs * 1e-3;
  return {{"copy_gb_per_s", in.copyGbPerSecond},
          {"dispatches_per_frame", schedule.passes.size()},
          {"constraint_projections_per_second", seconds > 0.0 ? double(fine) / seconds : 0.0},
          {"coarse_projections_per_second", seconds > 0.0 ? double(coarse) / seconds : 0.0},
          {"groups", groupJson},
          {"stages", stageJson}};
}

std::string bandwidthLine(const nlohmann::json& b) {
  std::string line = "      bandwidth:";
  char text[160];
  for (const nlohmann::json& g : b.at("groups")) {
    std::snprintf(text, sizeof(text), " %s %.2f GB/s (%.1f%% of copy);",
                  g.at("name").get<std::string>().c_str(), g.at("gb_per_s").get<double>(),
                  100.0 * g.at("share_of_copy").get<double>());
    line += text;
  }
  std::snprintf(text, sizeof(text), " %.3g projections/s (+ %.3g coarse), %u dispatches/frame",
                b.at("constraint_projections_per_second").get<double>(),
                b.at("coarse_projections_per_second").get<double>(),
                b.at("dispatches_per_frame").get<unsigned>());
  return line + text;
}

}  // namespace vkxpbd
