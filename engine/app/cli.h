// Command-line parsing for the vkxpbd tool. Errors throw UsageError with a message naming the option.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/model.h"

namespace vkxpbd {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Settings given on the command line that replace the scene's.
struct SolverOverrides {
  std::optional<SolverMode> mode;
  std::optional<ConstraintModel> constraintModel;
  std::optional<uint32_t> substeps;
  std::optional<uint32_t> iterations;
  std::optional<float> omega;

  void applyTo(SolverSettings& settings) const;
};

struct CommonOptions {
  std::string device;       // --device N|name
  bool validation = false;  // --validation (or VKXPBD_VALIDATION=1)
};

struct RunOptions {
  std::string scene;  // path, or empty for the built-in default scene
  uint32_t frames = 120;
  bool headless = false;
  std::string outDir = "out";
  bool timestamps = true;
  SolverOverrides overrides;
  CommonOptions common;
};

struct BenchOptions {
  std::string outFile = "bench/results/bench.json";
  std::vector<uint32_t> sizes{64, 128, 256, 512};
  std::vector<SolverMode> modes{SolverMode::GaussSeidel, SolverMode::Jacobi};
  uint32_t warmupFrames = 30;
  uint32_t frames = 300;
  SolverOverrides overrides;
  CommonOptions common;
};

struct RenderOptions {
  std::string scene;  // path, or empty for the built-in default scene
  uint32_t frames = 120;
  std::string outDir = "out/frames";
  uint32_t width = 960;
  uint32_t height = 540;
  uint32_t every = 1;  // render every K-th frame (and the last)
  SolverOverrides overrides;
  CommonOptions common;
};

RunOptions parseRunOptions(const std::vector<std::string>& args);
RenderOptions parseRenderOptions(const std::vector<std::string>& args);
BenchOptions parseBenchOptions(const std::vector<std::string>& args);

std::string usageText();

}  // namespace vkxpbd
