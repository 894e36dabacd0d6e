// The GPU-against-CPU run that many GPU tests repeat: the same model from its initial state on both.
#pragma once

#include <cstdint>
#include <utility>

#include "cpu_run.h"
#include "gpu/gpu_solver.h"
#include "scene/scene.h"
#include "sim/solver_layout.h"

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

// A scene on the GPU and on the CPU reference side by side, both from its initial state, stepped
// together: for tests that compare frame by frame or change something (a pin) in the middle of a run.
struct Lockstep {
  Lockstep(const vk::Context& ctx, const SceneDesc& scene) : Lockstep(ctx, buildModel(scene), scene.solver) {}
  // A model built (and perhaps changed, say a tear setting) by the test, moved in; the layout is
  // buildSolverLayout's for `settings`.
  Lockstep(const vk::Context& ctx, Model built, const SolverSettings& settings)
      : model(std::move(built)),
        layout(buildSolverLayout(model, settings)),
        cpu(model, settings, layout),
        cpuState(makeInitialState(model)),
        gpu(ctx, model, settings, layout) {
    gpu.upload(cpuState);
  }
  Lockstep(const Lockstep&) = delete;
  Lockstep& operator=(const Lockstep&) = delete;

  void step(uint32_t frames) {
    for (uint32_t f = 0; f < frames; ++f) cpu.stepFrame(cpuState);
    gpu.simulate(frames);
  }

  const Model model;
  const SolverLayout layout;
  CpuSolver cpu;
  State cpuState;
  GpuSolver gpu;
};

}  // namespace vkxpbd::test
