// The GPU-against-CPU run that many GPU tests repeat: the same model from its initial state on both.
#pragma once

#include <cstdint>

#include "cpu_run.h"
#include "gpu/gpu_solver.h"

namespace vkxpbd::test {

struct GpuCpuStates {
  State gpu;
  State cpu;
};

// `frames` frames on the GPU and on the CPU reference, both from the model's initial state.
inline GpuCpuStates runGpuAndCpu(const vk::Context& ctx, const Model& model, const SolverSettings& settings,
                                 const SolverLayout& layout, uint32_t frames) {
  GpuSolver gpu(ctx, model, settings, layout);
  gpu.upload(makeInitialState(model));
  gpu.simulate(frames);
  return {gpu.download(), runCpu(model, settings, layout, frames)};
}

}  // namespace vkxpbd::test
