// The CPU twins of the surface passes aero forces and aero apply (shaders/aero_*.comp), with the same
// math (shared/aero_math.h) over the same arrays (SolverLayout::surface, packAero).
#include "shared/aero_math.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {

using glm::vec3;
using glm::vec4;

void CpuSolver::aeroForces(const State& state, uint32_t substep) {
  const SurfaceTriangles& s = layout_.surface;
  const gpu::WindField wind{aero_[0], aero_[1]};
  const float t =
      gpu::aeroSubstepStartTime(static_cast<uint32_t>(state.frame), substep, params_.frameDt, params_.dt);
  triangleForce_.resize(s.triangleCount());
  for (uint32_t k = 0; k < s.triangleCount(); ++k) {
    const uint32_t a = s.indices[3 * k], b = s.indices[3 * k + 1], c = s.indices[3 * k + 2];
    triangleForce_[k] = gpu::aeroForceOnTriangle(vec3(state.positions[a]), vec3(state.positionsLow[a]),
                                                 vec3(state.positions[b]), vec3(state.positionsLow[b]),
                                                 vec3(state.positions[c]), vec3(state.positionsLow[c]),
                                                 vec3(state.velocities[a]), vec3(state.velocities[b]),
                                                 vec3(state.velocities[c]), aero_[2 + k], wind, t);
  }
}

void CpuSolver::aeroApply(State& state) const {
  const SurfaceTriangles& s = layout_.surface;
  for (uint32_t i = 0; i < model_.particleCount(); ++i) {
    const float w = state.positions[i].w;
    if (w == 0.0f) continue;
    vec3 sum(0.0f);
    for (uint32_t k = s.offsets[i]; k < s.offsets[i + 1]; ++k) sum += triangleForce_[s.triangles[k]];
    const float freeBody =
        s.offsets[i] < s.offsets[i + 1] ? gpu::aeroFreeBody(aero_[2 + s.triangles[s.offsets[i]]].w) : 0.0f;
    const float scale =
        gpu::aeroIntegratorScale(params_.integrator, history_.empty() ? 0.0f : history_[i].w, freeBody);
    state.velocities[i] =
        vec4(vec3(state.velocities[i]) + gpu::aeroVelocityChange(sum, w, params_.dt) * scale, 0.0f);
  }
}

}  // namespace vkxpbd
