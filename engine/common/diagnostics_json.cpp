#include "common/diagnostics_json.h"

#include <cstdio>

namespace vkxpbd {

namespace {

nlohmann::json vec(const glm::dvec3& v) {
  return {v.x, v.y, v.z};
}

nlohmann::json momentumJson(const Momentum& m) {
  return {{"mass_kg", m.mass},
          {"centre_m", vec(m.centre)},
          {"linear_kg_m_per_s", vec(m.linear)},
          {"angular_kg_m2_per_s", vec(m.angular)}};
}

bool isTet(const ElementConstraint& e) {
  return e.type == VKXPBD_ELEMENT_TET_VOLUME || e.type == VKXPBD_ELEMENT_NEOHOOKEAN;
}

}  // namespace

nlohmann::json strainJson(const StrainStats& s) {
  return {{"constraints", s.constraints},
          {"max_violation_m", s.maxViolation},
          {"max_strain", s.maxStrain},
          {"median_strain", s.medianStrain},
          {"p99_strain", s.p99Strain}};
}

nlohmann::json diagnosticsJson(const Model& model, const Diagnostics& d) {
  nlohmann::json kinds = nlohmann::json::object();
  for (size_t k = 0; k < d.kinds.size(); ++k)
    kinds[constraintKindName(static_cast<ConstraintKind>(k))] = strainJson(d.kinds[k]);
  nlohmann::json bodies = nlohmann::json::array();
  for (size_t b = 0; b < d.bodies.size() && b < model.bodies.size(); ++b) {
    nlohmann::json j = momentumJson(d.bodies[b]);
    j["name"] = model.bodies[b].name;
    j["first_particle"] = model.bodies[b].first;
    j["particles"] = model.bodies[b].count;
    bodies.push_back(j);
  }
  return {{"strain", strainJson(d.strain)},
          {"strain_per_kind", kinds},
          {"tetrahedra",
           {{"count", d.tets.tets},
            {"min_volume_ratio", d.tets.minVolumeRatio},
            {"max_volume_ratio", d.tets.maxVolumeRatio},
            {"inverted", d.tets.inverted},
            {"first_inverted_element", d.tets.firstInverted}}},
          {"balloon_volume_ratios", d.balloons},
          {"momentum", {{"total", momentumJson(d.total)}, {"bodies", bodies}}}};
}

nlohmann::json modelJson(const Model& model) {
  nlohmann::json masses = nlohmann::json::array(), inverse = nlohmann::json::array();
  for (const glm::vec4& x : model.restPositions) {
    inverse.push_back(x.w);
    masses.push_back(x.w > 0.0f ? 1.0 / static_cast<double>(x.w) : 0.0);
  }
  nlohmann::json bodies = nlohmann::json::array();
  for (const BodyRange& b : model.bodies)
    bodies.push_back({{"name", b.name}, {"first", b.first}, {"count", b.count}});
  nlohmann::json distance = nlohmann::json::array();
  for (const DistanceConstraint& c : model.distance)
    distance.push_back(
        {c.a, c.b, c.restLength, c.compliance, constraintKindName(static_cast<ConstraintKind>(c.kind))});
  nlohmann::json elements = nlohmann::json::array(), tets = nlohmann::json::array();
  for (const ElementConstraint& e : model.elements) {
    nlohmann::json j = {{"type", elementTypeName(e.type)},
                        {"particles", {e.a, e.b, e.c, e.d}},
                        {"rest", e.rest},
                        {"compliance", e.compliance}};
    if (e.type == VKXPBD_ELEMENT_NEOHOOKEAN) j["compliance_hydrostatic"] = e.compliance2;
    if (e.data != VKXPBD_NONE) j["data"] = e.data;
    elements.push_back(j);
    if (isTet(e)) tets.push_back({e.a, e.b, e.c, e.d});
  }
  nlohmann::json data = nlohmann::json::array();
  for (const glm::vec4& q : model.elementData) data.push_back({q.x, q.y, q.z, q.w});
  nlohmann::json surfaces = nlohmann::json::array();
  for (const SurfaceMesh& s : model.surfaces)
    surfaces.push_back({{"name", s.name}, {"triangles", s.indices}});
  nlohmann::json balloons = nlohmann::json::array();
  for (const VolumeBody& v : model.volumes) {
    const auto first = model.volumeTriangles.begin() + 3 * static_cast<std::ptrdiff_t>(v.firstTriangle);
    balloons.push_back({{"rest_volume_m3", v.restVolume},
                        {"pressure", v.pressure},
                        {"compliance", v.compliance},
                        {"triangles", std::vector<uint32_t>(first, first + 3 * v.triangleCount)}});
  }
  nlohmann::json pins = nlohmann::json::array();
  for (const Pin& p : model.pins)
    pins.push_back(
        {{"particle", p.particle},
         {"target_m", vec(glm::dvec3(glm::vec3(p.target)) + glm::dvec3(glm::vec3(p.targetLow)))},
         {"moving", p.motion != VKXPBD_NONE || p.attach != 0u},
         // the collider it follows (docs/attachments.md), or null
         {"attached_to", p.attach != 0u ? nlohmann::json(p.attach - 1u) : nlohmann::json(nullptr)}});
  return {{"masses_kg", masses},
          {"inverse_masses", inverse},
          {"bodies", bodies},
          {"distance_constraints_format", {"a", "b", "rest_length_m", "compliance_m_per_N", "kind"}},
          {"distance_constraints", distance},
          {"element_constraints", elements},
          {"element_data", data},
          {"tetrahedra", tets},
          {"surface_triangles", surfaces},
          {"balloons", balloons},
          {"pins", pins}};
}

std::string diagnosticsText(const Diagnostics& d) {
  std::string text;
  char line[256];
  for (size_t k = 0; k < d.kinds.size(); ++k) {
    const StrainStats& s = d.kinds[k];
    if (s.constraints == 0) continue;
    if (k == static_cast<size_t>(ConstraintKind::Stitch)) {
      // Rest length 0: the "strain" of a stitch is its length (m).
      std::snprintf(line, sizeof(line), "  %-8s %7u constraints: longest %.6f m, median %.6f m\n", "stitch",
                    s.constraints, s.maxViolation, s.medianStrain);
      text += line;
      continue;
    }
    std::snprintf(line, sizeof(line),
                  "  %-8s %7u constraints: max violation %.6f m, max strain %.4f%%, median %.4f%%\n",
                  constraintKindName(static_cast<ConstraintKind>(k)), s.constraints, s.maxViolation,
                  100.0 * s.maxStrain, 100.0 * s.medianStrain);
    text += line;
  }
  if (d.tets.tets > 0) {
    std::snprintf(line, sizeof(line), "tetrahedra: %u, volume ratio V/V0 min %.4f max %.4f, inverted %u\n",
                  d.tets.tets, d.tets.minVolumeRatio, d.tets.maxVolumeRatio, d.tets.inverted);
    text += line;
  }
  for (size_t b = 0; b < d.balloons.size(); ++b) {
    std::snprintf(line, sizeof(line), "balloon %zu: volume ratio V/V0 %.4f\n", b, d.balloons[b]);
    text += line;
  }
  std::snprintf(
      line, sizeof(line),
      "momentum: P = (%.6g, %.6g, %.6g) kg m/s, L = (%.6g, %.6g, %.6g) kg m^2/s about the centre of mass\n",
      d.total.linear.x, d.total.linear.y, d.total.linear.z, d.total.angular.x, d.total.angular.y,
      d.total.angular.z);
  text += line;
  return text;
}

}  // namespace vkxpbd
