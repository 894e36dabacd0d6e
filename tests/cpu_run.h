// The run loop that many CPU reference tests repeat: a model from its initial state for some frames.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"

namespace vkxpbd::test {

// The state after `frames` frames of the CPU reference from the model's initial state.
inline State runCpu(const Model& model, const SolverSettings& settings, const SolverLayout& layout,
                    uint32_t frames) {
  CpuSolver cpu(model, settings, layout);
  State state = makeInitialState(model);
  for (uint32_t f = 0; f < frames; ++f) cpu.stepFrame(state);
  return state;
}

// Σ m v / Σ m over the moving particles (m/s).
inline glm::dvec3 meanVelocity(const State& state) {
  glm::dvec3 p(0.0);
  double mass = 0.0;
  for (size_t i = 0; i < state.positions.size(); ++i) {
    if (state.positions[i].w <= 0.0f) continue;
    const double m = 1.0 / double(state.positions[i].w);
    p += m * glm::dvec3(glm::vec3(state.velocities[i]));
    mass += m;
  }
  return p / mass;
}

// max_i |a_i − b_i| over the particles' combined positions (m).
inline double maxPositionDistance(const State& a, const State& b) {
  const std::vector<glm::vec4> xa = combinedPositions(a), xb = combinedPositions(b);
  double d = 0.0;
  for (size_t i = 0; i < xa.size(); ++i)
    d = std::max(d, glm::length(glm::dvec3(glm::vec3(xa[i])) - glm::dvec3(glm::vec3(xb[i]))));
  return d;
}

}  // namespace vkxpbd::test
