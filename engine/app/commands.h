// The tool's sub-commands. Each returns the process exit code.
#pragma once

#include "app/cli.h"

namespace vkxpbd {

// Exit codes shared by the commands.
enum ExitCode : int {
  kExitOk = 0,
  kExitFailure = 1,     // runtime failure (Vulkan, I/O)
  kExitUsage = 2,       // bad command line
  kExitBadInput = 3,    // bad scene or mesh
  kExitNonFinite = 4,   // the simulation produced NaN or infinity
  kExitValidation = 5,  // the validation layer reported messages
};

int runCommand(const RunOptions& options);
int benchCommand(const BenchOptions& options);
int renderCommand(const RenderOptions& options);
int convergeCommand(const ConvergeOptions& options);
int stiffnessCommand(const StiffnessOptions& options);
int devicesCommand();

}  // namespace vkxpbd
