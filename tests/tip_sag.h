// The tip sag of a cantilever (tools/tip_sag.py does the same from a trajectory file): the mean downward
// displacement (m) of the free end, the particles whose rest x is within 0.1 mm of the largest (their count
// in *particles when given).
#pragma once

#include <algorithm>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::test {

inline double tipSag(const Model& model, const std::vector<glm::vec4>& positions,
                     uint32_t* particles = nullptr) {
  float end = -1e30f;  // m: the free end's rest x
  for (const glm::vec4& p : model.restPositions) end = std::max(end, p.x);
  double sum = 0.0;
  uint32_t count = 0;
  for (uint32_t p = 0; p < model.particleCount(); ++p)
    if (model.restPositions[p].x > end - 1e-4f) {
      sum += double(model.restPositions[p].y) - double(positions[p].y);
      ++count;
    }
  if (particles) *particles = count;
  return sum / double(count);
}

}  // namespace vkxpbd::test
