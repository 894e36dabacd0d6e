#include "lab/residual.h"

#include <algorithm>
#include <cmath>

#include "shared/element_math.h"

namespace vkxpbd::lab {

std::vector<float> lambdasInModelOrder(const SolverLayout& layout, const std::vector<float>& layoutLambdas) {
  std::vector<float> out(layoutLambdas.size(), 0.0f);
  for (size_t k = 0; k < layoutLambdas.size() && k < layout.originalIndex.size(); ++k)
    out[layout.originalIndex[k]] = layoutLambdas[k];
  const size_t base = layout.distance.size();
  for (size_t k = 0; k < layout.elementOriginalIndex.size() && base + 2 * k + 1 < layoutLambdas.size(); ++k) {
    out[base + 2 * layout.elementOriginalIndex[k]] = layoutLambdas[base + 2 * k];
    out[base + 2 * layout.elementOriginalIndex[k] + 1] = layoutLambdas[base + 2 * k + 1];
  }
  return out;
}

namespace {

// The constraints of element e at positions x: one (C, ∇C, α) for most types, two for Neo-Hookean, in the
// form the Gauss-Seidel projection takes at α̃ = α/Δt² (shared/element_math.h neoHookeanForm: the shape part
// for a stiff tetrahedron), so that a converged Gauss-Seidel solve has a zero residual. A Jacobi batch
// decides the form with its split masses and may take the other one (docs/convergence.md).
struct ElementPart {
  gpu::ElementGradient g;
  float compliance;
};

int elementParts(const Model& model, const ElementConstraint& e, const std::vector<glm::vec4>& x, float dt,
                 ConstraintModel constraintModel, ElementPart parts[2]) {
  glm::vec4 q[3] = {glm::vec4(0.0f), glm::vec4(0.0f), glm::vec4(0.0f)};
  for (uint32_t i = 0; i < gpu::elementDataSize(e.type); ++i) q[i] = model.elementData[e.data + i];
  const glm::vec3 p0(x[e.a]), p1(x[e.b]), p2(x[e.c]), p3(x[e.d]);
  if (e.type != VKXPBD_ELEMENT_NEOHOOKEAN) {
    parts[0] = {gpu::elementGradient(e, p0, p1, p2, p3, q[0], q[1], q[2]), e.compliance};
    return 1;
  }
  const auto& rest = model.restPositions;
  const glm::vec4 w(rest[e.a].w, rest[e.b].w, rest[e.c].w, rest[e.d].w);  // 1/kg
  const gpu::NeoHookeanForm form = gpu::neoHookeanForm(
      e, p0, p1, p2, p3, q[0], q[1], q[2], w, 1.0f / (dt * dt), constraintModel == ConstraintModel::Xpbd);
  parts[0] = {form.gD, form.complianceD};
  parts[1] = {form.gH, form.complianceH};
  return 2;
}

}  // namespace

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
  // Element constraints: λ after the distance constraints' λ, two per element.
  const size_t base = model.distance.size();
  const bool elementLambdas = lambdas.size() == base + 2 * model.elements.size();
  for (size_t k = 0; k < model.elements.size(); ++k) {
    ElementPart parts[2];
    const int n = elementParts(model, model.elements[k], x, dt, constraintModel, parts);
    for (int p = 0; p < n; ++p) {
      double r = parts[p].g.C;
      if (constraintModel == ConstraintModel::Xpbd && elementLambdas)
        r += parts[p].compliance * invDt2 * static_cast<double>(lambdas[base + 2 * k + p]);
      sum += r * r;
      m.residualMax = std::max(m.residualMax, std::abs(r));
    }
  }
  m.residualL2 = std::sqrt(sum);
  m.fullL2 = m.residualL2;
  if (predicted && constraintModel == ConstraintModel::Xpbd &&
      (lambdas.size() == model.distance.size() || elementLambdas)) {
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
    for (size_t k = 0; elementLambdas && k < model.elements.size(); ++k) {
      const ElementConstraint& e = model.elements[k];
      ElementPart parts[2];
      const int n = elementParts(model, e, x, dt, constraintModel, parts);
      for (int p = 0; p < n; ++p) {
        const double lambda = lambdas[base + 2 * k + p];
        const glm::vec3 grads[4] = {parts[p].g.g0, parts[p].g.g1, parts[p].g.g2, parts[p].g.g3};
        const uint32_t ids[4] = {e.a, e.b, e.c, e.d};
        for (int i = 0; i < 4; ++i)
          g[ids[i]] -= static_cast<double>(model.restPositions[ids[i]].w) * glm::dvec3(grads[i]) * lambda;
      }
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
