// Small hand-built models for analytic tests.
//
//   pendulum / hanging mass:        o  pinned particle 0 at the origin
//                                   |  one distance constraint, rest length L
//                                   o  particle 1 (mass m)
#pragma once

#include <cmath>

#include "sim/model.h"

namespace vkxpbd::test {

inline Model singleParticle(glm::vec3 position, float mass) {
  Model m;
  m.name = "single particle";
  m.restPositions.push_back(glm::vec4(position, 1.0f / mass));
  return m;
}

// Particle 0 pinned at the origin; particle 1 of `mass` kg at `angle` rad from straight down, L m away.
inline Model pendulum(float length, float angle, float mass, float compliance, float stiffness = 1.0f) {
  Model m;
  m.name = "pendulum";
  m.restPositions.push_back(glm::vec4(0.0f, 0.0f, 0.0f, 0.0f));
  m.restPositions.push_back(
      glm::vec4(length * std::sin(angle), -length * std::cos(angle), 0.0f, 1.0f / mass));
  m.pins.push_back(Pin{0, VKXPBD_NONE, 0, 0, glm::vec4(0.0f), glm::vec4(0.0f)});
  m.distance.push_back(DistanceConstraint{0, 1, length, compliance, stiffness, 0});
  return m;
}

inline SolverSettings settings(SolverMode mode, uint32_t substeps, uint32_t iterations) {
  SolverSettings s;
  s.mode = mode;
  s.substeps = substeps;
  s.iterations = iterations;
  return s;
}

}  // namespace vkxpbd::test
