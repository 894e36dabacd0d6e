// Counting inverted tetrahedra and summing their volume, for the stiff-solid tests (CPU and GPU).
#pragma once

#include <vector>

#include "shared/element_math.h"
#include "sim/model.h"

namespace vkxpbd::test {

struct TetCheck {
  int inverted = 0;     // tetrahedra with signed volume ≤ 0
  double volume = 0.0;  // total signed volume, m³
};

inline TetCheck checkTets(const Model& model, const std::vector<glm::vec4>& x) {
  TetCheck r;
  for (const ElementConstraint& e : model.elements) {
    const float v =
        gpu::tetVolume(glm::vec3(x[e.a]), glm::vec3(x[e.b]), glm::vec3(x[e.c]), glm::vec3(x[e.d]));
    r.inverted += v <= 0.0f ? 1 : 0;
    r.volume += v;
  }
  return r;
}

}  // namespace vkxpbd::test
