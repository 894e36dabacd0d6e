// The per-frame constant block (gpu::SimParams) derived from a model and solver settings; used by the
// GPU solver (uploaded as a uniform buffer) and by the CPU reference, so both see the same numbers.
#pragma once

#include <algorithm>

#include "sim/model.h"

namespace vkxpbd {

inline gpu::SimParams makeSimParams(const Model& model, const SolverSettings& settings) {
  gpu::SimParams p{};
  const float dt = settings.substepDt();
  p.gravity = glm::vec4(settings.gravity, 0.0f);
  p.dt = dt;
  p.invDt = 1.0f / dt;
  p.alphaScale = 1.0f / (dt * dt);
  p.dampingFactor = std::max(0.0f, 1.0f - settings.damping * dt);
  p.omega = settings.omega;
  p.frameDt = settings.frameDt;
  p.thickness = model.thickness;
  p.particleCount = model.particleCount();
  p.planeCount = static_cast<uint32_t>(model.planes.size());
  p.sphereCount = static_cast<uint32_t>(model.spheres.size());
  p.constraintModel = static_cast<uint32_t>(settings.constraintModel);
  p.substeps = settings.substeps;
  p.elementLambdaBase = static_cast<uint32_t>(model.distance.size());
  return p;
}

}  // namespace vkxpbd
