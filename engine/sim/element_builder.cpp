#include "sim/element_builder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <utility>

#include "shared/element_math.h"

namespace vkxpbd {

using glm::vec3;

std::vector<EdgeStencil> bendingStencils(const std::vector<uint32_t>& triangles) {
  // Directed edge (from, to) → the triangle's third vertex; an interior edge appears once each way.
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> wingOf;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> useCount;  // undirected
  std::vector<std::pair<uint32_t, uint32_t>> order;            // undirected edges, first appearance
  for (size_t t = 0; t + 2 < triangles.size(); t += 3) {
    for (uint32_t k = 0; k < 3; ++k) {
      const uint32_t from = triangles[t + k], to = triangles[t + (k + 1) % 3],
                     wing = triangles[t + (k + 2) % 3];
      wingOf[{from, to}] = wing;
      const auto key = std::minmax(from, to);
      if (useCount[key]++ == 0) order.push_back(key);
    }
  }
  std::vector<EdgeStencil> stencils;
  for (const auto& [lo, hi] : order) {
    if (useCount[{lo, hi}] != 2) continue;
    const auto forward = wingOf.find({lo, hi}), backward = wingOf.find({hi, lo});
    if (forward == wingOf.end() || backward == wingOf.end()) continue;  // inconsistent orientation
    stencils.push_back({lo, hi, forward->second, backward->second});
  }
  return stencils;
}

namespace {

// cot of the angle between a and b.
float cotangent(vec3 a, vec3 b) {
  return glm::dot(a, b) / glm::length(glm::cross(a, b));
}

}  // namespace

float hingeWeight(vec3 x0, vec3 x1, vec3 x2, vec3 x3) {
  const vec3 e = x1 - x0;
  const float areas = 0.5f * (glm::length(glm::cross(e, x2 - x0)) + glm::length(glm::cross(e, x3 - x0)));
  return glm::dot(e, e) / areas;
}

bool isometricWeights(vec3 x0, vec3 x1, vec3 x2, vec3 x3, glm::vec4& K, float& sqrtScale) {
  const vec3 e0 = x1 - x0, e1 = x2 - x0, e2 = x3 - x0, e3 = x2 - x1, e4 = x3 - x1;
  const float area0 = 0.5f * glm::length(glm::cross(e0, e1));  // m²
  const float area1 = 0.5f * glm::length(glm::cross(e0, e2));
  const float minArea = 1e-12f * glm::dot(e0, e0);
  if (!(area0 > minArea) || !(area1 > minArea)) return false;
  const float c01 = cotangent(e0, e1), c02 = cotangent(e0, e2);
  const float c03 = cotangent(-e0, e3), c04 = cotangent(-e0, e4);
  K = glm::vec4(c03 + c04, c01 + c02, -c01 - c03, -c02 - c04);
  // 1/(A₀+A₁), not Bergou's 3/(A₀+A₁): with it a sheet rolled to a cylinder of curvature κ stores κ²/(2α)
  // per area, as the dihedral hinges do (docs/materials.md, "Bend"), so α means the same in both models.
  sqrtScale = std::sqrt(1.0f / (area0 + area1));
  return true;
}

void addBending(Model& model, const std::vector<uint32_t>& triangles, BendingModel bending, float compliance,
                float stiffness) {
  for (const EdgeStencil& s : bendingStencils(triangles)) {
    // About the first corner: exact far from the origin (Model::restPositionsLow).
    const vec3 x0(0.0f), x1(restOffset(model, s.p1, s.p0)), x2(restOffset(model, s.p2, s.p0)),
        x3(restOffset(model, s.p3, s.p0));
    ElementConstraint e{};
    e.a = s.p0;
    e.b = s.p1;
    e.c = s.p2;
    e.d = s.p3;
    e.data = VKXPBD_NONE;
    e.compliance = compliance;
    e.stiffness = stiffness;
    if (bending == BendingModel::Dihedral) {
      const gpu::ElementGradient g = gpu::dihedralGradient(x0, x1, x2, x3, 0.0f);
      if (glm::dot(g.g2, g.g2) == 0.0f) continue;  // a degenerate triangle: no angle to keep
      e.type = VKXPBD_ELEMENT_DIHEDRAL;
      e.rest = g.C;  // the rest angle (C with rest angle 0)
      // Discrete shells: a hinge stores |e|²/(A₁+A₂) θ²/(2α), so a cylinder whose generators run along an
      // edge family stores κ²/(2α) per area whatever the triangles' shape and size.
      e.compliance = compliance / hingeWeight(x0, x1, x2, x3);
    } else {
      glm::vec4 K;
      if (!isometricWeights(x0, x1, x2, x3, K, e.rest)) continue;
      e.type = VKXPBD_ELEMENT_ISOMETRIC_BEND;
      e.data = static_cast<uint32_t>(model.elementData.size());
      model.elementData.push_back(K);
    }
    model.elements.push_back(e);
  }
}

void lameParameters(float youngsModulus, float poissonRatio, float& mu, float& lambda) {
  const double E = youngsModulus, nu = poissonRatio;
  mu = static_cast<float>(E / (2.0 * (1.0 + nu)));
  lambda = static_cast<float>(E * nu / ((1.0 + nu) * (1.0 - 2.0 * nu)));
}

namespace {

// Rows of the inverse of the rest edge matrix D_m = (x1−x0, x2−x0, x3−x0) (columns), and det D_m.
double inverseRestMatrix(vec3 x0, vec3 x1, vec3 x2, vec3 x3, glm::vec4 rows[3]) {
  const glm::dmat3 dm(glm::dvec3(x1 - x0), glm::dvec3(x2 - x0), glm::dvec3(x3 - x0));
  const double det = glm::determinant(dm);
  if (det == 0.0) return det;
  const glm::dmat3 inv = glm::inverse(dm);  // inv[col][row]
  for (int r = 0; r < 3; ++r)
    rows[r] = glm::vec4(static_cast<float>(inv[0][r]), static_cast<float>(inv[1][r]),
                        static_cast<float>(inv[2][r]), 0.0f);
  return det;
}

}  // namespace

void addTetMaterial(Model& model, const std::vector<uint32_t>& tets, const TetMaterial& material,
                    const std::string& source) {
  float mu = 0.0f, lambda = 0.0f;
  if (material.model == TetMaterial::Model::NeoHookean)
    lameParameters(material.youngsModulus, material.poissonRatio, mu, lambda);
  for (size_t t = 0; t + 3 < tets.size(); t += 4) {
    const uint32_t a = tets[t], b = tets[t + 1], c = tets[t + 2], d = tets[t + 3];
    const vec3 x0(0.0f), x1(restOffset(model, b, a)), x2(restOffset(model, c, a)),
        x3(restOffset(model, d, a));
    glm::vec4 rows[3];
    const double det = inverseRestMatrix(x0, x1, x2, x3, rows);
    const double edge = glm::length(x1 - x0) + glm::length(x2 - x0) + glm::length(x3 - x0);
    const std::string which = source + ": tetrahedron " + std::to_string(t / 4) + " (particles " +
                              std::to_string(a) + ", " + std::to_string(b) + ", " + std::to_string(c) + ", " +
                              std::to_string(d) + ")";
    if (!(std::abs(det) > 1e-9 * edge * edge * edge)) throw std::invalid_argument(which + " is degenerate");
    if (det < 0.0) throw std::invalid_argument(which + " is inverted (negative volume)");
    const float volume = static_cast<float>(det / 6.0);  // m³
    ElementConstraint e{};
    e.a = a;
    e.b = b;
    e.c = c;
    e.d = d;
    e.stiffness = material.stiffness;
    e.data = VKXPBD_NONE;
    if (material.model == TetMaterial::Model::Volume) {
      e.type = VKXPBD_ELEMENT_TET_VOLUME;
      e.rest = volume;
      e.compliance = material.volumeCompliance;
      model.elements.push_back(e);
      continue;
    }
    e.data = static_cast<uint32_t>(model.elementData.size());
    model.elementData.insert(model.elementData.end(), rows, rows + 3);
    e.type = VKXPBD_ELEMENT_NEOHOOKEAN;
    e.rest = 1.0f + mu / lambda;  // γ
    e.compliance = 1.0f / (mu * volume);
    e.compliance2 = 1.0f / (lambda * volume);
    model.elements.push_back(e);
  }
}

}  // namespace vkxpbd
