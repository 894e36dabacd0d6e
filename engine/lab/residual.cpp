#include "lab/residual.h"

#include <algorithm>
#include <cmath>

namespace vkxpbd::lab {

std::vector<float> lambdasInModelOrder(const SolverLayout& layout, const std::vector<float>& layoutLambdas) {
  std::vector<float> out(layoutLambdas.size(), 0.0f);
  for (size_t k = 0; k < layoutLambdas.size() && k < layout.originalIndex.size(); ++k)
    out[layout.originalIndex[k]] = layoutLambdas[k];
  return out;
}

StepMetrics measureStep(const Model& model, const std::vector<glm::vec4>& x,
                        const std::vector<float>& lambdas, float dt, ConstraintModel constraintModel,
                        const std::vector<glm::dvec3>* predicted) {
  StepMetrics m;
  const double invDt2 = 1.0 / (static_cast<double>(dt) * dt);  // 1/s²
  double sum = 0.0;
  for (size_t j = 0; j < model.distance.size(); ++j) {
    const DistanceConstraint& c = model.distance[j];
    const glm::dvec3 d = glm::dvec3(x[c.a]) - glm::dvec3(x[c.b]);
    const double C = glm::length(d) - c.restLength;  // m
    double r = C;
    if (constraintModel == ConstraintModel::Xpbd && j < lambdas.size())
      r += c.compliance * invDt2 * static_cast<double>(lambdas[j]);  // α̃ λ, m
    sum += r * r;
    m.residualMax = std::max(m.residualMax, std::abs(r));
    if (c.restLength > 0.0f) m.maxStrain = std::max(m.maxStrain, std::abs(C) / c.restLength);
  }
  m.residualL2 = std::sqrt(sum);
  m.fullL2 = m.residualL2;
  if (predicted && constraintModel == ConstraintModel::Xpbd && lambdas.size() == model.distance.size()) {
    std::vector<glm::dvec3> g(model.particleCount());
    for (uint32_t i = 0; i < model.particleCount(); ++i) g[i] = glm::dvec3(x[i]) - (*predicted)[i];
    for (size_t j = 0; j < model.distance.size(); ++j) {
      const DistanceConstraint& c = model.distance[j];
      const glm::dvec3 d = glm::dvec3(x[c.a]) - glm::dvec3(x[c.b]);
      const double len = glm::length(d);
      if (len <= 0.0) continue;
      const glm::dvec3 n = d / len;  // ∇_a C = n, ∇_b C = −n
      g[c.a] -= static_cast<double>(model.restPositions[c.a].w) * n * static_cast<double>(lambdas[j]);
      g[c.b] += static_cast<double>(model.restPositions[c.b].w) * n * static_cast<double>(lambdas[j]);
    }
    double gSum = 0.0;
    for (uint32_t i = 0; i < model.particleCount(); ++i) {
      if (model.restPositions[i].w <= 0.0f) continue;
      gSum += glm::dot(g[i], g[i]);
      m.momentumMax = std::max(m.momentumMax, glm::length(g[i]));
    }
    m.fullL2 = std::sqrt(sum + gSum);
  }
  return m;
}

double maxDistance(const std::vector<glm::vec4>& a, const std::vector<glm::vec4>& b) {
  double d = 0.0;
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i)
    d = std::max(d, glm::length(glm::dvec3(a[i]) - glm::dvec3(b[i])));
  return d;
}

}  // namespace vkxpbd::lab
