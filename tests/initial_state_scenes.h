// Scenes for the initial-condition tests (CPU: test_initial_state.cpp, GPU: test_gpu_initial_state.cpp):
// one body with an initial linear velocity v (m/s) and angular velocity ω (rad/s), no gravity, no
// colliders, so the momentum P = M v and the angular momentum L = I ω about the centre of mass are
// conserved by the solver and can be checked after the first frame.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::test {

// "name (detail)", built with += (operator+ chains trip GCC 12's -Wrestrict at -O3).
inline std::string label(const char* name, const char* detail) {
  std::string text = name;
  text += " (";
  text += detail;
  text += ")";
  return text;
}

struct MovingBodyScene {
  const char* name;
  std::string json;
};

inline const glm::vec3 kInitialVelocity{0.5f, 1.0f, -0.3f};  // m/s
inline const glm::vec3 kInitialSpin{0.4f, 2.0f, -1.0f};      // rad/s

// {"solver": {no gravity, `mode`}, <before> "velocity": v, "angular_velocity": ω <after>}. Built with +=
// (operator+ chains trip GCC 12's -Wrestrict at -O3).
inline std::string sceneJson(const char* mode, const char* before, const char* after) {
  std::string json = R"({"solver": {"gravity": [0, 0, 0], "substeps": 10, "iterations": 2, "mode": ")";
  json += mode;
  json += R"("}, )";
  json += before;
  json += R"("velocity": [0.5, 1.0, -0.3], "angular_velocity": [0.4, 2.0, -1.0])";
  json += after;
  return json;
}

// A cloth (1 m² at 0.1 kg/m²: M = 0.1 kg), a Neo-Hookean soft cube (0.2 m at 1000 kg/m³: M = 8 kg) and a
// closed icosphere shell under pressure.
inline std::vector<MovingBodyScene> movingBodyScenes(const char* mode) {
  return {
      {"cloth", sceneJson(mode, R"("cloths": [{"size": [1, 1], "resolution": [8, 8], "center": [0, 1, 0],
        "compliance": {"stretch": 1e-6, "shear": 1e-5, "bend": 1e-4}, )",
                          "}]}")},
      {"soft body", sceneJson(mode, R"("soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2],
        "cells": [2, 2, 2]}, "density": 1000, "material": {"model": "neohookean", "youngs_modulus": 1e5,
        "poisson_ratio": 0.3}, "instances": [{"position": [0, 1, 0], )",
                              "}]}]}")},
      {"shell",
       sceneJson(mode, R"("shells": [{"mesh": {"type": "icosphere", "radius": 0.2, "subdivisions": 2},
        "areal_density": 0.2, "compliance": {"stretch": 1e-6, "bend": 1e-2}, "pressure": {"factor": 1.0},
        "instances": [{"position": [0, 1, 0], )",
                 "}]}]}")},
  };
}

// Σ m_i over the moving particles (kg), and their inertia tensor about their centre of mass (kg·m²).
inline double totalMass(const Model& model) {
  double mass = 0.0;
  for (const glm::vec4& x : model.restPositions)
    if (x.w > 0.0f) mass += 1.0 / static_cast<double>(x.w);
  return mass;
}

inline glm::dmat3 inertiaTensor(const Model& model) {
  glm::dvec3 c(0.0);
  const double mass = totalMass(model);
  for (const glm::vec4& x : model.restPositions)
    if (x.w > 0.0f) c += glm::dvec3(glm::vec3(x)) / static_cast<double>(x.w);
  c /= mass;
  glm::dmat3 inertia(0.0);
  for (const glm::vec4& x : model.restPositions) {
    if (!(x.w > 0.0f)) continue;
    const glm::dvec3 r = glm::dvec3(glm::vec3(x)) - c;
    const double m = 1.0 / static_cast<double>(x.w);
    inertia += m * (glm::dot(r, r) * glm::dmat3(1.0) - glm::outerProduct(r, r));
  }
  return inertia;
}

}  // namespace vkxpbd::test
