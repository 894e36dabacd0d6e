// Σ m and Σ m v of a state's moving particles, for tests that check mass and momentum across a change
// (a tear, a split): parked spares and pinned particles (w = 0) are left out.
#pragma once

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::test {

struct Totals {
  double mass = 0.0;         // kg
  glm::dvec3 momentum{0.0};  // kg·m/s
};

inline Totals totals(const State& s) {
  Totals t;
  for (size_t i = 0; i < s.positions.size(); ++i) {
    const float w = s.positions[i].w;
    if (w <= 0.0f) continue;
    t.mass += 1.0 / w;
    t.momentum += glm::dvec3(glm::vec3(s.velocities[i])) / static_cast<double>(w);
  }
  return t;
}

}  // namespace vkxpbd::test
