// Measurements of a simulated state: constraint violation / strain statistics and non-finite checks.
#pragma once

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd {

struct StrainStats {
  uint32_t constraints = 0;   // constraints measured
  double maxViolation = 0.0;  // max |C| = max | |x_a − x_b| − rest |, m
  double maxStrain = 0.0;     // max |C| / rest (dimensionless)
  double medianStrain = 0.0;
  double p99Strain = 0.0;  // 99th percentile
};

// Over the distance constraints of `kind`, or of every kind when kind is empty.
StrainStats measureStrain(const Model& model, const std::vector<glm::vec4>& positions,
                          std::optional<ConstraintKind> kind = std::nullopt);

// Index of the first particle whose position or velocity is NaN or infinite.
std::optional<uint32_t> findNonFinite(const State& state);

}  // namespace vkxpbd
