#include "sim/diagnostics.h"

#include <algorithm>
#include <cmath>

namespace vkxpbd {

namespace {

double percentile(std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0.0;
  size_t index = static_cast<size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(index, sorted.size() - 1)];
}

bool finite(const glm::vec4& v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && std::isfinite(v.w);
}

}  // namespace

StrainStats measureStrain(const Model& model, const std::vector<glm::vec4>& positions,
                          std::optional<ConstraintKind> kind) {
  StrainStats stats;
  std::vector<double> strains;
  strains.reserve(model.distance.size());
  for (const DistanceConstraint& c : model.distance) {
    if (kind && c.kind != static_cast<uint32_t>(*kind)) continue;
    glm::dvec3 d = glm::dvec3(glm::vec3(positions[c.a])) - glm::dvec3(glm::vec3(positions[c.b]));
    double violation = std::abs(glm::length(d) - static_cast<double>(c.restLength));
    double strain = c.restLength > 0.0f ? violation / static_cast<double>(c.restLength) : violation;
    stats.maxViolation = std::max(stats.maxViolation, violation);
    strains.push_back(strain);
  }
  stats.constraints = static_cast<uint32_t>(strains.size());
  std::sort(strains.begin(), strains.end());
  if (!strains.empty()) stats.maxStrain = strains.back();
  stats.medianStrain = percentile(strains, 0.5);
  stats.p99Strain = percentile(strains, 0.99);
  return stats;
}

std::optional<uint32_t> findNonFinite(const State& state) {
  for (uint32_t i = 0; i < state.positions.size(); ++i)
    if (!finite(state.positions[i]) || (i < state.velocities.size() && !finite(state.velocities[i])))
      return i;
  return std::nullopt;
}

}  // namespace vkxpbd
