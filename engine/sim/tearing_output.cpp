#include "sim/tearing_output.h"

#include <algorithm>

namespace vkxpbd {

Model tornModel(const Model& solved, const SolverLayout& layout) {
  Model out = solved;
  for (size_t k = 0; k < layout.distance.size() && k < layout.originalIndex.size(); ++k)
    out.distance[layout.originalIndex[k]] = layout.distance[k];
  for (size_t k = 0; k < layout.elements.size() && k < layout.elementOriginalIndex.size(); ++k)
    out.elements[layout.elementOriginalIndex[k]] = layout.elements[k];
  // Removed by a tear: both ends (all four) on one particle.
  std::erase_if(out.distance, [](const DistanceConstraint& c) { return c.a == c.b; });
  std::erase_if(out.elements,
                [](const ElementConstraint& e) { return e.a == e.b && e.a == e.c && e.a == e.d; });
  for (SurfaceMesh& s : out.surfaces) {
    std::vector<uint32_t> kept;
    for (size_t t = 0; t + 2 < s.indices.size(); t += 3) {
      const uint32_t a = s.indices[t], b = s.indices[t + 1], c = s.indices[t + 2];
      if (a != b && b != c && a != c) kept.insert(kept.end(), {a, b, c});
    }
    s.indices = std::move(kept);
  }
  return out;
}

}  // namespace vkxpbd
