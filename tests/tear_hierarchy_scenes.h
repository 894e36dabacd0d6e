// Scenes and measurements of the tearing-with-the-hierarchy tests (test_tear_hierarchy.cpp on the CPU,
// test_gpu_tear_hierarchy.cpp on the GPU; docs/hierarchy.md, "Tearing with the hierarchy").
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include <glm/glm.hpp>

#include "scene/builtin_scenes.h"
#include "scene/scene.h"
#include "sim/model.h"
#include "sim/solver_layout.h"
#include "tear_scenes.h"

namespace vkxpbd::test {

// A vertical sheet (nx × ny particles, 5 cm cells, 0.2 kg/m², rigid stretch) whose whole top row is
// pinned and pulled up at `speed` (m/s) from the start: the jerk stretches the edges below the pins
// past the tear strain, the sheet tears off along its top and falls. No damping, no colliders, so the
// torn-off piece is in free fall.
inline SceneDesc droppingSheet(SolverMode mode, bool hierarchy, float speed = 2.0f, float strain = 1.1f,
                               uint32_t nx = 16, uint32_t ny = 12) {
  SceneDesc scene = builtinScene("standard_cloth");
  ClothDesc& cloth = scene.cloths.at(0);
  cloth.plane = ClothPlane::XY;
  cloth.resolution = {nx, ny};
  cloth.size = {0.05f * static_cast<float>(nx - 1), 0.05f * static_cast<float>(ny - 1)};
  cloth.center = {0.0f, 2.0f, 0.0f};
  cloth.massDistribution = MassDistribution::Area;
  cloth.arealDensity = 0.2f;       // kg/m²
  cloth.complianceStretch = 0.0f;  // m/N
  cloth.complianceShear = 1e-3f;   // m/N
  cloth.complianceBend = 1e-2f;    // m/N
  cloth.pins.clear();
  for (int i : {0, static_cast<int>(nx) - 1}) {
    PinDesc pin{i, -1, std::nullopt};
    if (speed != 0.0f) pin.motion = PinMotionDesc{VKXPBD_MOTION_LINEAR, {0.0f, speed, 0.0f}, 0.0f};
    cloth.pins.push_back(pin);
  }
  cloth.tear = TearSettings{strain, 0.0f, nx * ny};
  scene.colliders.clear();
  scene.solver.mode = mode;
  scene.solver.substeps = 10;
  scene.solver.iterations = mode == SolverMode::Jacobi ? 20 : 4;
  scene.solver.damping = 0.0f;
  scene.solver.hierarchy.enabled = hierarchy;
  return scene;
}

// The particles (moving, w > 0) of pieces that hold no pinned particle (model rest w = 0 inside the
// grid), with their mass (kg), centre of mass (m) and mean velocity (m/s), in double.
struct FreePart {
  std::vector<uint32_t> particles;
  double mass = 0.0;
  glm::dvec3 centre{0.0}, velocity{0.0};
};
inline FreePart freePart(const Model& model, const SolverLayout& layout, const State& state) {
  const uint32_t n = model.particleCount();
  TornPieces pieces(layout, n);
  std::vector<uint8_t> held(n, 0);
  const TearBody& t = model.tears.at(0);
  for (uint32_t p = t.first; p < t.first + t.count; ++p)
    if (model.restPositions[p].w == 0.0f) held[pieces.find(p)] = 1;
  const std::vector<glm::vec4> x = combinedPositions(state);
  FreePart f;
  for (uint32_t p = 0; p < n; ++p) {
    if (state.positions[p].w <= 0.0f || held[pieces.find(p)]) continue;
    const double m = 1.0 / double(state.positions[p].w);
    f.particles.push_back(p);
    f.mass += m;
    f.centre += m * glm::dvec3(glm::vec3(x[p]));
    f.velocity += m * glm::dvec3(glm::vec3(state.velocities[p]));
  }
  if (f.mass > 0.0) {
    f.centre /= f.mass;
    f.velocity /= f.mass;
  }
  return f;
}

}  // namespace vkxpbd::test
