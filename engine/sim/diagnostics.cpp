#include "sim/diagnostics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

namespace {

std::vector<glm::dvec3> toDouble(const std::vector<glm::vec4>& x) {
  std::vector<glm::dvec3> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) out[i] = glm::dvec3(glm::vec3(x[i]));
  return out;
}

// Each position with its low part (State::positionsLow), exact: a state 1 km from the origin is
// measured as precisely as one at it.
std::vector<glm::dvec3> precisePositions(const State& state) {
  std::vector<glm::dvec3> out(state.positions.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = exactPosition(state, i);
  return out;
}

StrainStats strainAt(const Model& model, const std::vector<glm::dvec3>& positions,
                     std::optional<ConstraintKind> kind) {
  StrainStats stats;
  std::vector<double> strains;
  strains.reserve(model.distance.size());
  for (const DistanceConstraint& c : model.distance) {
    if (kind && c.kind != static_cast<uint32_t>(*kind)) continue;
    // Stitches (rest length 0) have no strain: only their own kind's statistics hold them (in m).
    if (!kind && c.kind == static_cast<uint32_t>(ConstraintKind::Stitch)) continue;
    const glm::dvec3 d = positions[c.a] - positions[c.b];
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

}  // namespace

StrainStats measureStrain(const Model& model, const std::vector<glm::vec4>& positions,
                          std::optional<ConstraintKind> kind) {
  return strainAt(model, toDouble(positions), kind);
}

std::optional<uint32_t> findNonFinite(const State& state) {
  for (uint32_t i = 0; i < state.positions.size(); ++i)
    if (!finite(state.positions[i]) || (i < state.velocities.size() && !finite(state.velocities[i])))
      return i;
  return std::nullopt;
}

}  // namespace vkxpbd

namespace vkxpbd {

namespace {

std::string vecText(const glm::vec4& v) {
  char text[96];
  std::snprintf(text, sizeof(text), "(%g, %g, %g)", static_cast<double>(v.x), static_cast<double>(v.y),
                static_cast<double>(v.z));
  return text;
}

glm::dvec3 dpos(const std::vector<glm::vec4>& x, uint32_t i) {
  return glm::dvec3(glm::vec3(x[i]));
}

// det of the 3×3 matrix with rows (or columns) r0, r1, r2.
double det3(const glm::dvec3& r0, const glm::dvec3& r1, const glm::dvec3& r2) {
  return glm::dot(r0, glm::cross(r1, r2));
}

bool isTet(const ElementConstraint& e) {
  return e.type == VKXPBD_ELEMENT_TET_VOLUME || e.type == VKXPBD_ELEMENT_NEOHOOKEAN;
}

// V/V₀ of a tetrahedral element (tet volume: V₀ is its rest value; Neo-Hookean: V/V₀ = det F).
double tetVolumeRatio(const Model& model, const ElementConstraint& e, const std::vector<glm::dvec3>& x) {
  const glm::dvec3 p0 = x[e.a];
  const double six = det3(x[e.b] - p0, x[e.c] - p0, x[e.d] - p0);  // 6V, m³
  if (e.type == VKXPBD_ELEMENT_TET_VOLUME) return six / 6.0 / static_cast<double>(e.rest);
  const glm::vec4* rows = &model.elementData[e.data];  // rows of D_m⁻¹, 1/m
  return six *
         det3(glm::dvec3(glm::vec3(rows[0])), glm::dvec3(glm::vec3(rows[1])), glm::dvec3(glm::vec3(rows[2])));
}

bool touches(const ElementConstraint& e, uint32_t p) {
  return e.a == p || e.b == p || e.c == p || e.d == p;
}

}  // namespace

std::optional<std::string> describeNonFinite(const Model& model, const State& state) {
  const std::optional<uint32_t> bad = findNonFinite(state);
  if (!bad) return std::nullopt;
  const uint32_t p = *bad;
  std::string text = "particle " + std::to_string(p);
  for (const BodyRange& b : model.bodies)
    if (p >= b.first && p < b.first + b.count) text += " (body '" + b.name + "')";
  text += ": position " + vecText(state.positions[p]);
  if (p < state.velocities.size()) text += ", velocity " + vecText(state.velocities[p]);
  for (size_t i = 0; i < model.distance.size(); ++i) {
    const DistanceConstraint& c = model.distance[i];
    if (c.a != p && c.b != p) continue;
    const double length = glm::length(dpos(state.positions, c.a) - dpos(state.positions, c.b));
    if (std::isfinite(length)) continue;
    return text + "; distance constraint " + std::to_string(i) + " (" +
           constraintKindName(static_cast<ConstraintKind>(c.kind)) + ", particles " + std::to_string(c.a) +
           "-" + std::to_string(c.b) + ", rest length " + std::to_string(c.restLength) + " m) has length " +
           std::to_string(length) + " m";
  }
  for (size_t i = 0; i < model.elements.size(); ++i) {
    const ElementConstraint& e = model.elements[i];
    if (!touches(e, p)) continue;
    return text + "; element " + std::to_string(i) + " (" + elementTypeName(e.type) + ", particles " +
           std::to_string(e.a) + ", " + std::to_string(e.b) + ", " + std::to_string(e.c) + ", " +
           std::to_string(e.d) + ") has a non-finite corner";
  }
  return text;
}

std::optional<std::string> nonFiniteError(const Model& model, const State& state) {
  const std::optional<std::string> what = describeNonFinite(model, state);
  if (!what) return std::nullopt;
  return "the simulation produced a non-finite value by frame " + std::to_string(state.frame) + ": " + *what;
}

namespace {

TetStats tetsAt(const Model& model, const std::vector<glm::dvec3>& positions) {
  TetStats stats;
  for (size_t i = 0; i < model.elements.size(); ++i) {
    const ElementConstraint& e = model.elements[i];
    if (!isTet(e)) continue;
    const double ratio = tetVolumeRatio(model, e, positions);
    if (stats.tets == 0) stats.minVolumeRatio = stats.maxVolumeRatio = ratio;
    stats.minVolumeRatio = std::min(stats.minVolumeRatio, ratio);
    stats.maxVolumeRatio = std::max(stats.maxVolumeRatio, ratio);
    ++stats.tets;
    if (!(ratio > 0.0)) {
      if (stats.inverted == 0) stats.firstInverted = static_cast<int64_t>(i);
      ++stats.inverted;
    }
  }
  return stats;
}

std::vector<double> balloonRatiosAt(const Model& model, const std::vector<glm::dvec3>& positions) {
  std::vector<double> ratios;
  for (const VolumeBody& body : model.volumes) {
    // About the first corner, as the solver measures it.
    const glm::dvec3 o = positions[model.volumeTriangles[3 * body.firstTriangle]];
    double six = 0.0;  // 6V, m³
    for (uint32_t t = body.firstTriangle; t < body.firstTriangle + body.triangleCount; ++t) {
      const uint32_t* tri = &model.volumeTriangles[3 * t];
      six += det3(positions[tri[0]] - o, positions[tri[1]] - o, positions[tri[2]] - o);
    }
    ratios.push_back(six / 6.0 / static_cast<double>(body.restVolume));
  }
  return ratios;
}

}  // namespace

TetStats measureTets(const Model& model, const std::vector<glm::vec4>& positions) {
  return tetsAt(model, toDouble(positions));
}

std::vector<double> balloonVolumeRatios(const Model& model, const std::vector<glm::vec4>& positions) {
  return balloonRatiosAt(model, toDouble(positions));
}

Momentum measureMomentum(const State& state, uint32_t first, uint32_t count) {
  Momentum m;
  glm::dvec3 weighted(0.0);
  for (uint32_t i = first; i < first + count; ++i) {
    if (!(state.positions[i].w > 0.0f)) continue;
    const double mass = 1.0 / static_cast<double>(state.positions[i].w);
    m.mass += mass;
    weighted += mass * exactPosition(state, i);
    m.linear += mass * dpos(state.velocities, i);
  }
  if (m.mass <= 0.0) return m;
  m.centre = weighted / m.mass;
  for (uint32_t i = first; i < first + count; ++i) {
    if (!(state.positions[i].w > 0.0f)) continue;
    const double mass = 1.0 / static_cast<double>(state.positions[i].w);
    m.angular += mass * glm::cross(exactPosition(state, i) - m.centre, dpos(state.velocities, i));
  }
  return m;
}

Diagnostics measureDiagnostics(const Model& model, const State& state) {
  const std::vector<glm::dvec3> x = precisePositions(state);
  Diagnostics d;
  d.strain = strainAt(model, x, std::nullopt);
  for (size_t k = 0; k < d.kinds.size(); ++k) d.kinds[k] = strainAt(model, x, static_cast<ConstraintKind>(k));
  d.tets = tetsAt(model, x);
  d.balloons = balloonRatiosAt(model, x);
  d.total = measureMomentum(state, 0, static_cast<uint32_t>(state.positions.size()));
  for (const BodyRange& b : model.bodies) d.bodies.push_back(measureMomentum(state, b.first, b.count));
  return d;
}

}  // namespace vkxpbd
