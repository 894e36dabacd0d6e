#include "app/report.h"

#include <algorithm>
#include <cstdio>

namespace vkxpbd {

vk::ContextOptions contextOptions(const CommonOptions& common) {
  vk::ContextOptions o;
  o.validation = common.validation || vk::validationRequestedByEnvironment();
  o.device = common.device;
  return o;
}

nlohmann::json deviceJson(const vk::Context& ctx) {
  const VkPhysicalDeviceProperties& p = ctx.properties;
  return {{"name", ctx.deviceInfo.name},
          {"type", ctx.deviceInfo.type},
          {"index", ctx.deviceInfo.index},
          {"vendor_id", p.vendorID},
          {"device_id", p.deviceID},
          {"driver_version", p.driverVersion},
          {"api_version", std::to_string(VK_API_VERSION_MAJOR(p.apiVersion)) + "." +
                              std::to_string(VK_API_VERSION_MINOR(p.apiVersion)) + "." +
                              std::to_string(VK_API_VERSION_PATCH(p.apiVersion))},
          {"timestamps", ctx.timestampsSupported},
          // What sizes the fused "coarse levels" work group (--coarse-threads, its shared memory) can take.
          {"limits",
           {{"max_compute_shared_memory_bytes", p.limits.maxComputeSharedMemorySize},
            {"max_compute_work_group_size_x", p.limits.maxComputeWorkGroupSize[0]},
            {"max_compute_work_group_invocations", p.limits.maxComputeWorkGroupInvocations},
            {"max_storage_buffer_range_bytes", p.limits.maxStorageBufferRange},
            {"timestamp_period_ns", p.limits.timestampPeriod}}}};
}

nlohmann::json hierarchyJson(const SolverLayout& layout) {
  const Hierarchy& h = layout.hierarchy;
  nlohmann::json levels = nlohmann::json::array();
  for (const HierarchyLevel& level : h.levels)
    levels.push_back({{"particles", level.particleCount},
                      {"constraints", level.constraints.size()},
                      {"colours", level.colours.size()},
                      {"prolongation_rows", level.prolongation.size()}});
  return {{"enabled", !h.empty()},
          {"levels", levels},
          {"solved_from_level", h.firstSolvedLevel()},
          {"fused_from_level", layout.fusedLevel}};
}

nlohmann::json colouringJson(const SolverLayout& layout) {
  nlohmann::json sizes = nlohmann::json::array();
  for (size_t c = 0; c < layout.colours.size(); ++c)
    sizes.push_back(layout.colours[c].count + layout.elementColours[c].count);
  nlohmann::json kinds = nlohmann::json::array();
  for (const KindColouring& k : layout.kinds)
    kinds.push_back({{"kind", k.name},
                     {"constraints", k.stats.constraints},
                     {"colours", k.stats.colours},
                     {"largest_colour", k.stats.largestColour},
                     {"tail", k.stats.tail}});
  return {{"constraints", layout.stats.constraints},
          {"colours", layout.stats.colours},
          {"per_kind", kinds},
          {"colour_sizes", sizes},
          {"tail", layout.stats.tail},
          {"tail_share", layout.stats.tailShare},
          {"colouring_seconds", layout.colouringSeconds}};
}

nlohmann::json stageTimesJson(const std::vector<vk::StageTime>& stages) {
  nlohmann::json j = nlohmann::json::array();
  for (const vk::StageTime& s : stages)
    if (s.passes > 0) j.push_back({{"stage", s.name}, {"ms", s.ms}, {"passes", s.passes}});
  return j;
}

std::string colouringSummary(const SolverLayout& layout) {
  const ColouringStats& s = layout.stats;
  char line[256];
  std::snprintf(
      line, sizeof(line),
      "colours: %u (largest %u, smallest %u), Jacobi batch %u of %u constraints (%.1f%%), coloured in %.3f s",
      s.colours, s.largestColour, s.smallestColour, s.tail, s.constraints, 100.0 * s.tailShare,
      layout.colouringSeconds);
  return line;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

}  // namespace vkxpbd
