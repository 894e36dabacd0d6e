// Scenes of the wind tests (docs/wind.md): a horizontal plate falling face down through still air, and a
// flag pinned along its pole in a steady wind; plus the flag's mean angle.
#pragma once

#include <cmath>
#include <string>

#include "scene/scene.h"
#include "sim/model.h"

namespace vkxpbd::test {

// A 1 m × 1 m plate of 0.1 kg (areal density 0.1 kg/m²), horizontal at 100 m, with normal drag C_n only
// and the wind on at zero velocity (ρ = 1.2 kg/m³): it falls towards v_t = √(2 m g / (ρ C_n A)).
inline SceneDesc fallingPlate(SolverMode mode, float normalDrag = 1.2f) {
  SceneDesc scene;
  scene.name = "falling plate";
  ClothDesc cloth;
  cloth.name = "plate";
  cloth.size = {1.0f, 1.0f};
  cloth.resolution = {8, 8};
  cloth.center = {0.0f, 100.0f, 0.0f};
  cloth.plane = ClothPlane::XZ;
  cloth.arealDensity = 0.1f;
  cloth.aero = {normalDrag, 0.0f, 0.0f};
  scene.cloths.push_back(cloth);
  scene.wind.enabled = true;
  scene.wind.field.velocity = glm::vec4(0.0f, 0.0f, 0.0f, 1.2f);
  scene.solver.mode = mode;
  return scene;
}

// A 1.0 m × 0.6 m flag (20 × 12 particles, 0.1 kg/m²) pinned at the two corners of its pole (x = 0),
// in a wind of `speed` m/s along +x, with the default coefficients and optional gusts; 4 iterations.
inline SceneDesc windFlag(SolverMode mode, float speed, float gust = 0.0f) {
  SceneDesc scene;
  scene.name = "flag";
  ClothDesc cloth;
  cloth.name = "flag";
  cloth.size = {1.0f, 0.6f};
  cloth.resolution = {20, 12};
  cloth.center = {0.5f, 1.5f, 0.0f};
  cloth.plane = ClothPlane::XY;
  cloth.arealDensity = 0.1f;
  cloth.complianceBend = 0.01f;
  cloth.pins = {PinDesc{0, 0, {}}, PinDesc{0, -1, {}}};
  scene.cloths.push_back(cloth);
  scene.wind.enabled = true;
  scene.wind.field.velocity = glm::vec4(speed, 0.0f, 0.0f, 1.2f);
  scene.wind.field.gust = glm::vec4(gust, 0.7f, 3.0f, 7.0f);
  scene.solver.mode = mode;
  scene.solver.iterations = 4;  // Jacobi with 1 iteration stretches the flag into a 28° droop
  return scene;
}

// A free soft cube (0.2 m, 4 × 4 × 4 cells, Neo-Hookean, E = 100 kPa) of `density` kg/m³ at (0, y, 0)
// in a wind: `wind` is the scene's "wind" object, `aero` the cube's "aerodynamics", `gravity` m/s² along y.
inline SceneDesc softCubeInWind(SolverMode mode, float density, float y, float gravity,
                                const std::string& wind, const std::string& aero) {
  SceneDesc scene = parseScene(R"({"solver": {"gravity": [0, )" + std::to_string(gravity) + R"(, 0]},
    "wind": )" + wind + R"(,
    "soft_bodies": [{"name": "cube", "mesh": {"type": "box", "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]},
                     "density": )" +
                                   std::to_string(density) + R"(, "aerodynamics": )" + aero + R"(,
                     "instances": [{"position": [0, )" +
                                   std::to_string(y) + R"(, 0]}]}]})",
                               "<soft cube in wind>");
  scene.solver.mode = mode;
  return scene;
}

// The flag's droop (degrees): the angle below the horizontal wind direction of the line from the pole's
// middle (x = 0, y = 1.5 m) to the flag's centroid, in the x–y plane.
inline double flagDroopDegrees(const std::vector<glm::vec4>& positions) {
  glm::dvec3 c(0.0);
  for (const glm::vec4& x : positions) c += glm::dvec3(x);
  c /= double(positions.size());
  return std::atan2(1.5 - c.y, c.x) * 180.0 / 3.14159265358979;
}

}  // namespace vkxpbd::test
