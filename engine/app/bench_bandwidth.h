// The bench's effective bandwidth of the solve passes (docs/benchmarks.md, "Bandwidth"): per timing
// stage, the bytes its passes read and write (sim/pass_bytes.h) over its GPU time, as a share of the
// copy kernel's bandwidth measured in the same run (gpu/bandwidth.h); constraint projections per second
// and dispatches per frame.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "sim/solver_layout.h"
#include "sim/solver_schedule.h"
#include "vk/timestamps.h"

namespace vkxpbd {

struct BandwidthInputs {
  const FrameSchedule* schedule = nullptr;
  const SolverLayout* layout = nullptr;
  const std::vector<vk::StageTime>* stages = nullptr;  // mean GPU ms per profiled frame, by stage name
  double copyGbPerSecond = 0.0;                        // 1e9 B/s; 0: not measured
  double frameMs = 0.0;                                // median wall ms per untimed frame
};

// {"copy_gb_per_s", "dispatches_per_frame", "constraint_projections_per_second" (fine level),
//  "coarse_projections_per_second", "groups": [...], "stages": [...]}; each stage and group:
// {"name", "bytes_per_frame", "projections_per_frame", "gpu_ms_per_frame", "gb_per_s", "share_of_copy"}.
nlohmann::json bandwidthJson(const BandwidthInputs& in);

// One console line from bandwidthJson's result: the groups' GB/s and share, projections/s, dispatches.
std::string bandwidthLine(const nlohmann::json& bandwidth);

}  // namespace vkxpbd
