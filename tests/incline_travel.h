// How far a body slides down a plane inclined by θ (the incline scenes of test_contacts.cpp and
// test_stiff_friction.cpp): the CPU reference from the scene's initial state, the mean distance its particles
// travelled downhill after 0.5 s and 1 s (30 frames each at 60 Hz), and the acceleration that implies.
#pragma once

#include <cmath>
#include <cstddef>
#include <vector>

#include <glm/glm.hpp>

#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"

namespace vkxpbd::test {

struct Travel {
  double half = 0.0;  // m, at t = 0.5 s
  double full = 0.0;  // m, at t = 1 s
  // s(t) = ½ a t² (starting from rest): a from the distance travelled between 0.5 s and 1 s, m/s².
  double acceleration() const { return 2.0 * (full - half) / (1.0 - 0.25); }
};

// `scene` holds a body on a plane whose downhill direction is (−cos θ, −sin θ, 0), θ in degrees. The mean
// distance travelled downhill (m) after every `every` frames, `count` times.
inline std::vector<double> travelledDownIncline(const SceneDesc& scene, float degrees, int every, int count) {
  const float theta = glm::radians(degrees);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  const glm::vec3 downhill(-std::cos(theta), -std::sin(theta), 0.0f);
  std::vector<double> travelled;
  for (int k = 0; k < count; ++k) {
    for (int f = 0; f < every; ++f) solver.stepFrame(state);
    double s = 0.0;
    for (size_t p = 0; p < state.positions.size(); ++p)
      s += glm::dot(glm::vec3(state.positions[p]) - glm::vec3(model.restPositions[p]), downhill);
    travelled.push_back(s / static_cast<double>(state.positions.size()));
  }
  return travelled;
}

// A body that slides at a constant acceleration from before 0.5 s: that acceleration (m/s²) from the
// mean distance travelled at 0.5, 1 and 1.5 s (a second difference, whenever the slide began), and when it
// began (s, from s(t) = ½ a (t − t₀)² at 1 s).
struct Slide {
  double acceleration = 0.0;
  double start = 0.0;
};

inline Slide slideDownIncline(const SceneDesc& scene, float degrees) {
  const std::vector<double> s = travelledDownIncline(scene, degrees, 30, 3);
  const double a = (s[2] - 2.0 * s[1] + s[0]) / (0.5 * 0.5);
  return Slide{a, a > 0.0 && s[1] > 0.0 ? 1.0 - std::sqrt(2.0 * s[1] / a) : 1.0};
}

inline Travel travelDownIncline(const SceneDesc& scene, float degrees) {
  const std::vector<double> s = travelledDownIncline(scene, degrees, 30, 2);
  return Travel{s[0], s[1]};
}

}  // namespace vkxpbd::test
