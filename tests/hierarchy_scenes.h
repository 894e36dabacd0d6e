// Scenes and measurements shared by the hierarchy solve tests (test_hierarchy_solve.cpp on the CPU,
// test_gpu_hierarchy.cpp on the GPU).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "momentum_check.h"
#include "scene/builtin_scenes.h"
#include "scene/scene.h"
#include "sim/diagnostics.h"
#include "sim/model.h"

namespace vkxpbd::test {

// The standard cloth (docs/benchmarks.md: rigid, grid + both diagonals + skip-one bending, 1 m², 1 kg/m²,
// two corners pinned), n × n particles, 10 substeps × 1 iteration, the hierarchy on or off.
inline SceneDesc hierarchyCloth(uint32_t n, bool hierarchy, SolverMode mode = SolverMode::GaussSeidel) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {n, n};
  scene.solver.mode = mode;
  scene.solver.hierarchy.enabled = hierarchy;
  return scene;
}

// The shipped Neo-Hookean cube (soft_cube.json: 6³ cells, 1296 tetrahedra) with no gravity and no
// colliders, moving with `velocity` (m/s) and spinning at `spin` (rad/s), the hierarchy on.
inline SceneDesc spinningSoftCube(SolverMode mode, glm::vec3 velocity, glm::vec3 spin) {
  SceneDesc scene = freeScene(VKXPBD_SOURCE_DIR "/scenes/soft_cube.json", mode);
  scene.softBodies.at(0).instances.at(0).velocity = velocity;
  scene.softBodies.at(0).instances.at(0).angularVelocity = spin;
  scene.solver.hierarchy.enabled = true;
  return scene;
}

// The quantile q (0.99: the 99th percentile, 1: the largest) of |C|/rest over the stretch constraints of
// particles [first, first + count).
inline double stretchQuantile(const Model& model, const State& state, double q, uint32_t first = 0,
                              uint32_t count = 0xFFFFFFFFu) {
  const std::vector<glm::vec4> x = combinedPositions(state);
  std::vector<double> strains;
  for (const DistanceConstraint& c : model.distance) {
    if (c.kind != static_cast<uint32_t>(ConstraintKind::Stretch)) continue;
    if (c.a < first || c.a - first >= count) continue;
    const double length = glm::length(glm::dvec3(glm::vec3(x[c.a])) - glm::dvec3(glm::vec3(x[c.b])));
    strains.push_back(std::abs(length - double(c.restLength)) / double(c.restLength));
  }
  if (strains.empty()) return 0.0;
  const size_t k = std::min(strains.size() - 1, static_cast<size_t>(q * double(strains.size())));
  std::nth_element(strains.begin(), strains.begin() + static_cast<std::ptrdiff_t>(k), strains.end());
  return strains[k];
}

// 99th percentile of |C|/rest over the stretch constraints of particles [first, first + count).
inline double stretchP99(const Model& model, const State& state, uint32_t first = 0,
                         uint32_t count = 0xFFFFFFFFu) {
  return stretchQuantile(model, state, 0.99, first, count);
}

// The stretch p99 of a run sampled every `every` frames (dimensionless): one frame's p99 of a swinging
// cloth moves by tens of percent between neighbouring frames, so a bound is checked on the mean over the
// run, with the largest sample reported.
struct StretchSamples {
  double mean = 0.0, largest = 0.0;
  uint32_t count = 0;
};
// `step` advances `state` by one frame.
template <class Step>
StretchSamples sampleStretchP99(const Model& model, State& state, uint32_t frames, uint32_t every,
                                Step step) {
  StretchSamples samples;
  for (uint32_t f = 1; f <= frames; ++f) {
    step(state);
    if (f % every != 0) continue;
    const double p99 = stretchP99(model, state);
    samples.mean += p99;
    samples.largest = std::max(samples.largest, p99);
    ++samples.count;
  }
  if (samples.count > 0) samples.mean /= samples.count;
  return samples;
}

// Largest distance (m) between the same particle of two states (positions + low parts, in double).
inline double maxDistance(const State& a, const State& b) {
  double d = 0.0;
  for (size_t i = 0; i < a.positions.size(); ++i) {
    d = std::max(d, glm::length(exactPosition(a, i) - exactPosition(b, i)));
  }
  return d;
}

}  // namespace vkxpbd::test
