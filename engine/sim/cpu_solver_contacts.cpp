// The CPU reference's contact solve: the same math in the same order as the passes contactCount,
// triangleContactSolve, contactSolve and contactApply in shaders/solver_passes.glsl (docs/contacts.md).
#include "shared/contact_math.h"
#include "shared/integrator_math.h"
#include "shared/position_math.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {

using glm::vec3;
using glm::vec4;

void CpuSolver::computeTriangleContacts(const State& state,
                                        std::vector<gpu::PointTriangleCorrection>& results,
                                        std::vector<uint32_t>& touching) const {
  const uint32_t kt = triangleNeighbours_.maxNeighbours;
  results.assign(size_t{model_.particleCount()} * kt, gpu::PointTriangleCorrection{});
  for (uint32_t q = 0; q < model_.particleCount(); ++q) {
    // In q's frame, as triangleContactSolve in the shaders.
    const vec3 o(state.positions[q]);
    auto start = [&](uint32_t i) { return substepStart(state, i, o); };
    for (uint32_t k = 0; k < triangleNeighbours_.count[q]; ++k) {
      const uint32_t t = triangleNeighbours_.neighbours[size_t{q} * kt + k];
      const uint32_t a = contactTriangles_[3 * t], b = contactTriangles_[3 * t + 1],
                     c = contactTriangles_[3 * t + 2];
      const float wq = state.positions[q].w, wa = state.positions[a].w, wb = state.positions[b].w,
                  wc = state.positions[c].w;
      const glm::vec2 mu = pairFriction(q, a);
      const gpu::PointTriangleCorrection r = gpu::pointTriangleContact(
          local(state, q, o), local(state, a, o), local(state, b, o), local(state, c, o), start(q), start(a),
          start(b), start(c), vec4(wq, wa, wb, wc), params_.contactDistance, mu.x, mu.y);
      results[size_t{q} * kt + k] = r;
      if (r.touching == 0u) continue;
      for (uint32_t p : {q, a, b, c}) touching[p] += 1;
    }
  }
}

void CpuSolver::solveContacts(State& state) {
  // Jacobi: every contact from the positions before any particle moves. First the touching counts, then
  // every contact scaled by 1 / the largest count of its particles, so that its corrections stay equal and
  // opposite (Σ m·Δx = 0), and every particle moves by the sum of its scaled corrections. Particle pairs
  // are summed per particle in list order, point–triangle contacts in fixed point, as on the GPU.
  const uint32_t n = model_.particleCount();
  const bool triangles = params_.maxTriangles > 0;
  // contactCount: touching pairs, each tested in the frame of its lower index.
  std::vector<uint32_t> pairTouching(n, 0u);
  auto pairOf = [&](uint32_t i, uint32_t k) {
    const uint32_t j = neighbours_.neighbours[size_t{i} * neighbours_.maxNeighbours + k];
    return glm::uvec2(std::min(i, j), std::max(i, j));
  };
  for (uint32_t i = 0; i < n; ++i) {
    if (state.positions[i].w <= 0.0f) continue;
    for (uint32_t k = 0; k < neighbours_.count[i]; ++k) {
      const glm::uvec2 ab = pairOf(i, k);
      if (gpu::particlesTouch(vec3(state.positionsLow[ab.x]), local(state, ab.y, vec3(state.positions[ab.x])),
                              state.positions[ab.x].w, state.positions[ab.y].w, params_.contactDistance))
        ++pairTouching[i];
    }
  }
  // triangleContactSolve: every point–triangle contact once, counted for its four particles.
  std::vector<uint32_t> triangleTouching(n, 0u);
  std::vector<gpu::PointTriangleCorrection> triangleContacts;
  if (triangles) computeTriangleContacts(state, triangleContacts, triangleTouching);
  auto touching = [&](uint32_t j) { return pairTouching[j] + triangleTouching[j]; };
  // contactSolve: the scaled pair corrections, then the scaled triangle contacts into fixed-point sums.
  std::vector<vec3> pairSums(n, vec3(0.0f));
  for (uint32_t i = 0; i < n; ++i) {
    const float wi = state.positions[i].w;
    if (wi <= 0.0f) continue;
    const uint32_t countI = touching(i);
    for (uint32_t k = 0; k < neighbours_.count[i]; ++k) {
      const glm::uvec2 ab = pairOf(i, k);
      const uint32_t j = ab.x == i ? ab.y : ab.x;
      const vec3 o(state.positions[ab.x]);  // in a's frame
      const glm::vec2 mu = pairFriction(ab.x, ab.y);
      const vec4 p = gpu::particleContactImpulse(vec3(state.positionsLow[ab.x]), local(state, ab.y, o),
                                                 substepStart(state, ab.x, o), substepStart(state, ab.y, o),
                                                 state.positions[ab.x].w, state.positions[ab.y].w,
                                                 params_.contactDistance, mu.x, mu.y);
      if (p.w == 0.0f) continue;
      const float s = gpu::contactPairScale(countI, touching(j));
      pairSums[i] += ((i == ab.x ? wi : -wi) * s) * vec3(p);
    }
  }
  std::vector<glm::uvec3> fixedSums(triangles ? n : 0, glm::uvec3(0u));
  auto add = [&](uint32_t i, vec3 d) {
    // uint arithmetic wraps like the GPU's atomicAdd on the two's-complement bits.
    fixedSums[i] += glm::uvec3(static_cast<uint32_t>(gpu::toContactFixed(d.x)),
                               static_cast<uint32_t>(gpu::toContactFixed(d.y)),
                               static_cast<uint32_t>(gpu::toContactFixed(d.z)));
  };
  const uint32_t kt = triangleNeighbours_.maxNeighbours;
  for (uint32_t q = 0; triangles && q < n; ++q) {
    for (uint32_t k = 0; k < triangleNeighbours_.count[q]; ++k) {
      const gpu::PointTriangleCorrection& r = triangleContacts[size_t{q} * kt + k];
      if (r.touching == 0u) continue;
      const uint32_t t = triangleNeighbours_.neighbours[size_t{q} * kt + k];
      const uint32_t a = contactTriangles_[3 * t], b = contactTriangles_[3 * t + 1],
                     c = contactTriangles_[3 * t + 2];
      const float s =
          gpu::contactScale(std::max(std::max(touching(q), touching(a)), std::max(touching(b), touching(c))));
      add(q, (state.positions[q].w * s) * r.impulse);
      add(a, -(r.b.x * state.positions[a].w * s) * r.impulse);
      add(b, -(r.b.y * state.positions[b].w * s) * r.impulse);
      add(c, -(r.b.z * state.positions[c].w * s) * r.impulse);
    }
  }
  // contactApply: the sums.
  for (uint32_t i = 0; i < n; ++i) {
    vec3 sum = pairSums[i];
    if (triangles) {
      const glm::uvec3 fixed = fixedSums[i];
      sum += vec3(gpu::fromContactFixed(static_cast<int32_t>(fixed.x)),
                  gpu::fromContactFixed(static_cast<int32_t>(fixed.y)),
                  gpu::fromContactFixed(static_cast<int32_t>(fixed.z)));
    }
    state.positionsLow[i] += vec4(sum, 0.0f);
    if (touching(i) > 0 && params_.integrator == VKXPBD_INTEGRATOR_BDF2)
      history_[i].w = VKXPBD_HISTORY_TOUCHED;  // an impact: restart (shared/integrator_math.h)
  }
}

}  // namespace vkxpbd
