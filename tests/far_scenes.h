// Scenes placed at the origin or 1 km away (`offset`), for the tests of positions that do not depend on
// where a scene sits (docs/architecture.md, "Precision"): CPU (test_precision_rest.cpp) and GPU
// (test_gpu_precision.cpp).
#pragma once

#include <algorithm>
#include <sstream>
#include <string>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd::test {

// Every axis moved, so no coordinate stays small (m).
inline const glm::dvec3 kFar(1000.0, 1000.0, -1000.0);

// The JSON array [x, y, z] + offset (m), written with 12 digits.
inline std::string at(glm::dvec3 offset, double x, double y, double z) {
  std::ostringstream out;
  out.precision(12);
  out << '[' << x + offset.x << ", " << y + offset.y << ", " << z + offset.z << ']';
  return out.str();
}

// The largest distance between a particle's position in `a` and in `b` (m), `a` taken less `offset` (m):
// both with their low parts (exactPosition).
inline double largestDistance(const State& a, const State& b, glm::dvec3 offset = glm::dvec3(0.0)) {
  double d = 0.0;
  for (size_t p = 0; p < a.positions.size(); ++p)
    d = std::max(d, glm::length(exactPosition(a, p) - offset - exactPosition(b, p)));
  return d;
}

// A `resolution`² cloth of 0.5 m hanging in the xy plane from a pin swinging along z (sine, 5 cm, 1 Hz) and
// a pin attached to a small box moving along z and turning about x, with the hierarchy. The pins sit on
// the top row five spacings in from the corners, where 1 km away a rest position is not a float (it has
// a low part; the corners, half a metre apart about a float centre, are floats). The cloth's centre and
// the box's sit where 1 km + the value is exact: a placement is read as a float (docs/architecture.md),
// and the box's rotation would swing the pin by that rounding.
inline std::string swingingPinsCloth(glm::dvec3 o, int resolution) {
  return R"({"name": "pins", "solver": {"hierarchy": {"enabled": true}}, "cloths": [{"size": [0.5, 0.5],
      "resolution": [)" +
         std::to_string(resolution) + ", " + std::to_string(resolution) + R"(], "center": )" +
         at(o, 0, 1, 0) +
         R"(, "plane": "xy", "pins": [
        {"i": 5, "j": -1, "motion": {"type": "sine", "vector": [0, 0, 0.05], "frequency": 1}},
        {"i": -6, "j": -1, "attach": "hand"}]}],
      "colliders": [{"type": "box", "name": "hand", "center": )" +
         at(o, 0.25, 1.375, 0) + R"(, "half_extents": [0.02, 0.02, 0.02], "velocity": [0, 0, 0.1],
        "angular_velocity": [0.5, 0, 0]}]})";
}

}  // namespace vkxpbd::test
