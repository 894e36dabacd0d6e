#include "render/stress_scale.h"

#include <algorithm>
#include <cmath>

#include "shared/element_math.h"

namespace vkxpbd::render {

std::vector<float> constraintForces(const Model& model, const SolverLayout& layout,
                                    const std::vector<glm::vec4>& positions,
                                    const std::vector<float>& lambdas, float alphaScale) {
  const size_t distanceCount = layout.distance.size();
  std::vector<float> forces;
  forces.reserve(distanceCount + layout.elements.size());
  for (size_t k = 0; k < distanceCount && k < lambdas.size(); ++k)
    forces.push_back(constraintForce(layout, layout.distance[k].a, std::abs(lambdas[k]) * alphaScale));
  for (size_t k = 0; k < layout.elements.size(); ++k) {
    const size_t lambda = distanceCount + 2 * k;  // λ buffer: distance constraints, then 2 per element
    if (lambda + 1 >= lambdas.size()) break;
    const gpu::ElementConstraint& e = layout.elements[k];
    glm::vec4 q[3] = {glm::vec4(0.0f), glm::vec4(0.0f), glm::vec4(0.0f)};
    for (uint32_t j = 0; j < gpu::elementDataSize(e.type); ++j) q[j] = model.elementData[e.data + j];
    forces.push_back(constraintForce(
        layout, e.a,
        gpu::elementForce(e, positions[e.a], positions[e.b], positions[e.c], positions[e.d], q[0], q[1], q[2],
                          alphaScale, lambdas[lambda], lambdas[lambda + 1])));
  }
  return forces;
}

float niceStressScale(std::vector<float> forces) {
  std::erase_if(forces, [](float f) { return !(f > 0.0f) || !std::isfinite(f); });
  if (forces.empty()) return 0.0f;
  const size_t rank =
      std::min(forces.size() - 1, static_cast<size_t>(std::ceil(0.99 * double(forces.size()))) - 1);
  std::nth_element(forces.begin(), forces.begin() + static_cast<std::ptrdiff_t>(rank), forces.end());
  const double p99 = forces[rank];  // N
  double decade = std::pow(10.0, std::floor(std::log10(p99)));
  for (;; decade *= 10.0)
    for (double step : {1.0, 2.0, 5.0})
      if (step * decade >= p99 * (1.0 - 1e-6)) return static_cast<float>(step * decade);
}

}  // namespace vkxpbd::render
