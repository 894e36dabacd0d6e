// Linear and angular momentum of the free particles (inverse mass > 0), in double precision, for the
// tests that check that internal constraints neither push nor spin a free body (test_momentum.cpp,
// test_gpu_momentum.cpp), and the free-body scenes they run.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd::test {

struct MomentumStats {
  double mass = 0.0;         // kg
  glm::dvec3 centre{0.0};    // centre of mass c, m
  glm::dvec3 momentum{0.0};  // P = Σ m v, kg·m/s
  glm::dvec3 angular{0.0};   // L = Σ m (x − c) × v, kg·m²/s
  glm::dvec3 omega{0.0};     // ω = I⁻¹ L with I about c, rad/s
};

inline MomentumStats momentumOf(const State& state) {
  MomentumStats s;
  const auto& x = state.positions;
  const auto& v = state.velocities;
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i].w <= 0.0f) continue;
    const double m = 1.0 / x[i].w;
    s.mass += m;
    s.centre += m * glm::dvec3(x[i]);
    s.momentum += m * glm::dvec3(v[i]);
  }
  if (s.mass > 0.0) s.centre /= s.mass;
  glm::dmat3 inertia(0.0);  // kg·m²
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i].w <= 0.0f) continue;
    const double m = 1.0 / x[i].w;
    const glm::dvec3 r = glm::dvec3(x[i]) - s.centre;
    s.angular += m * glm::cross(r, glm::dvec3(v[i]));
    inertia += m * (glm::dot(r, r) * glm::dmat3(1.0) - glm::outerProduct(r, r));
  }
  if (glm::determinant(inertia) != 0.0) s.omega = glm::inverse(inertia) * s.angular;
  return s;
}

// The largest deviations over a run from a body at rest: centre-of-mass shift (m), centre-of-mass
// speed |P|/M (m/s) and angular velocity |ω| (rad/s).
struct MomentumTracker {
  MomentumStats start;
  double maxShift = 0.0;
  double maxSpeed = 0.0;
  double maxOmega = 0.0;

  explicit MomentumTracker(const State& state) : start(momentumOf(state)) {}
  void add(const State& state) {
    const MomentumStats s = momentumOf(state);
    maxShift = std::max(maxShift, glm::length(s.centre - start.centre));
    maxSpeed = std::max(maxSpeed, glm::length(s.momentum) / s.mass);
    maxOmega = std::max(maxOmega, glm::length(s.omega));
  }
};

// Moves every free particle by up to ±amplitude/2 (m) per axis, from a fixed seed.
inline void perturb(State& state, float amplitude, uint32_t seed) {
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return static_cast<float>(seed >> 8) / 16777216.0f - 0.5f;
  };
  for (glm::vec4& x : state.positions) {
    if (x.w <= 0.0f) continue;
    const float dx = next(), dy = next(), dz = next();
    x += glm::vec4(amplitude * dx, amplitude * dy, amplitude * dz, 0.0f);
  }
}

// A shipped scene as a free body: no gravity, no colliders.
inline SceneDesc freeScene(const std::string& path, SolverMode mode) {
  SceneDesc scene = loadScene(path);
  scene.solver.mode = mode;
  scene.solver.gravity = glm::vec3(0.0f);
  scene.colliders.clear();
  return scene;
}

}  // namespace vkxpbd::test
