// Pieces shared by the commands: context options from the command line, and the JSON / text
// descriptions of devices, colourings, strain and pass timings.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli.h"
#include "common/diagnostics_json.h"
#include "sim/diagnostics.h"
#include "sim/solver_layout.h"
#include "vk/context.h"
#include "vk/timestamps.h"

namespace vkxpbd {

vk::ContextOptions contextOptions(const CommonOptions& common);

nlohmann::json deviceJson(const vk::Context& ctx);
nlohmann::json colouringJson(const SolverLayout& layout);
// The hierarchy (enabled false and no levels when off): per level, finest first, its particles, constraints,
// colours and prolongation rows; the first solved level and the first fused one (0: none).
nlohmann::json hierarchyJson(const SolverLayout& layout);
nlohmann::json stageTimesJson(const std::vector<vk::StageTime>& stages);

std::string colouringSummary(const SolverLayout& layout);

double median(std::vector<double> values);

}  // namespace vkxpbd
