// Two soft bodies thrown at each other (no gravity, no colliders), shared by the CPU and GPU contact
// momentum tests, and the momenta they check.
#pragma once

#include <string>

#include <glm/glm.hpp>

#include "scene/scene.h"

namespace vkxpbd::test {

// A cube of 1000 kg/m³ and a lighter, turned cube of 400 kg/m³ (0.2 m, 4×4×4 cells, 5 cm spacing), thrown
// at each other off-centre at 1 and 1.5 m/s: they meet after about 0.03 s and push apart. `triangles`
// adds point–triangle contacts (with a 2 cm contact distance, below the spacing); `friction` gives the
// contacts μs = 0.4, μk = 0.3.
inline std::string pushApartScene(SolverMode mode, bool triangles, bool friction) {
  const std::string solver = mode == SolverMode::Jacobi ? R"("mode": "jacobi", "iterations": 4)"
                                                        : R"("mode": "gs", "iterations": 2)";
  return R"({"solver": {"substeps": 10, "gravity": [0, 0, 0], "max_colours": 64, )" + solver + R"(},
    "contacts": {"distance": )" +
         std::string(triangles ? R"(0.02, "triangles": true, "max_neighbours": 128)" : "0.045") +
         (friction ? R"(, "friction": {"static": 0.4, "kinetic": 0.3}})" : "}") + R"(,
    "soft_bodies": [
      {"mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]}, "density": 1000,
       "material": {"model": "neohookean", "youngs_modulus": 100000, "poisson_ratio": 0.3},
       "instances": [{"position": [-0.14, 0, 0], "velocity": [1, 0, 0.1]}]},
      {"mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]}, "density": 400,
       "material": {"model": "neohookean", "youngs_modulus": 100000, "poisson_ratio": 0.3},
       "instances": [{"position": [0.14, 0.06, 0.03], "rotation": [0, 20, 0], "velocity": [-1.5, 0, 0]}]}]})";
}

struct Momenta {
  glm::dvec3 linear{0.0};         // Σ m v, kg·m/s
  glm::dvec3 angular{0.0};        // Σ m x × v about the origin, kg·m²/s
  double magnitude = 0.0;         // Σ m |v|, kg·m/s
  double angularMagnitude = 0.0;  // Σ m |x × v|, kg·m²/s
};

// Momenta of the moving particles (positions from both parts, in double).
inline Momenta momenta(const std::vector<glm::vec4>& restPositions, const State& state) {
  Momenta m;
  for (size_t i = 0; i < state.velocities.size(); ++i) {
    const double w = restPositions[i].w;
    if (w <= 0.0) continue;
    const glm::dvec3 v(glm::vec3(state.velocities[i]));
    const glm::dvec3 x = exactPosition(state, i);
    m.linear += v / w;
    m.angular += glm::cross(x, v) / w;
    m.magnitude += glm::length(v) / w;
    m.angularMagnitude += glm::length(glm::cross(x, v)) / w;
  }
  return m;
}

}  // namespace vkxpbd::test
