#include "app/panel_settings.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "scene/cloth_materials.h"

namespace vkxpbd {

namespace {
// Whether the hierarchy is on for the solver or any body of `scene`.
bool hierarchyOn(const SceneDesc& scene) {
  const HierarchySettings& solver = scene.solver.hierarchy;
  if (solver.enabled) return true;
  if (solver.overridesBodies) return false;
  auto own = [](const auto& bodies) {
    for (const auto& b : bodies)
      if (b.hierarchy && b.hierarchy->enabled) return true;
    return false;
  };
  return own(scene.cloths) || own(scene.shells) || own(scene.softBodies);
}
}  // namespace

PanelSettings PanelSettings::from(const SceneDesc& scene) {
  PanelSettings p;
  const SolverSettings& s = scene.solver;
  p.mode = s.mode == SolverMode::Jacobi ? 1 : 0;
  p.model = s.constraintModel == ConstraintModel::Pbd ? 1 : 0;
  p.integrator = s.integrator == Integrator::Bdf2 ? 1 : 0;
  p.substeps = static_cast<int>(s.substeps);
  p.iterations = static_cast<int>(s.iterations);
  p.omega = s.omega;
  p.gravity = s.gravity;
  p.hierarchy = hierarchyOn(scene);
  p.fuseSmallLevels = s.fuseSmallLevels > 0;
  if (!scene.cloths.empty()) {
    p.complianceStretch = scene.cloths.front().complianceStretch;
    p.complianceShear = scene.cloths.front().complianceShear;
    p.complianceBend = scene.cloths.front().complianceBend;
    const std::vector<ClothMaterial>& library = clothMaterials();
    for (size_t k = 0; k < library.size(); ++k)
      if (scene.cloths.front().material == library[k].name) p.material = static_cast<int>(k);
  }
  const ContactSettings& c = scene.contacts;
  // A scene without "contacts" has no contact distance to start from: its panel offers none. (Turned off
  // in the panel, they stay available: the panel is read from the scene only when it is loaded.)
  p.contactsAvailable = c.enabled;
  p.contacts = c.enabled;
  p.triangles = c.triangles;
  p.contactDistance = c.distance;
  p.rebuildInterval = static_cast<int>(c.rebuildInterval);
  p.contactFriction = {c.staticFriction, c.kineticFriction};
  const glm::vec4& w = scene.wind.field.velocity;
  p.wind = scene.wind.enabled;
  p.windSpeed = std::hypot(w.x, w.z);
  p.windDirection = p.windSpeed > 0.0f ? glm::degrees(std::atan2(w.z, w.x)) : 0.0f;
  for (const ClothDesc& cloth : scene.cloths) {
    if (!cloth.tear || p.tearAvailable) continue;
    p.tearAvailable = true;
    p.tearStrain = cloth.tear->strain;
  }
  return p;
}

void PanelSettings::chooseMaterial(int index) {
  const std::vector<ClothMaterial>& library = clothMaterials();
  if (index < 0 || index >= static_cast<int>(library.size())) return;
  material = index;
  materialChosen = true;
  const ClothMaterial& m = library[static_cast<size_t>(index)];
  complianceStretch = m.complianceStretch;
  complianceShear = m.complianceShear;
  complianceBend = m.complianceBend;
}

void PanelSettings::applyTo(SceneDesc& scene) const {
  SolverSettings& s = scene.solver;
  s.mode = mode == 1 ? SolverMode::Jacobi : SolverMode::GaussSeidel;
  s.constraintModel = model == 1 ? ConstraintModel::Pbd : ConstraintModel::Xpbd;
  s.integrator = integrator == 1 ? Integrator::Bdf2 : Integrator::Euler;
  s.substeps = static_cast<uint32_t>(std::clamp(substeps, 1, 1000));
  s.iterations = static_cast<uint32_t>(std::clamp(iterations, 1, 1000));
  s.omega = std::clamp(omega, 0.05f, 2.0f);
  s.gravity = gravity;
  if (hierarchy != hierarchyOn(scene)) {
    s.hierarchy.enabled = hierarchy;
    s.hierarchy.overridesBodies = true;
  }
  if (fuseSmallLevels != (s.fuseSmallLevels > 0))
    s.fuseSmallLevels = fuseSmallLevels ? SolverSettings{}.fuseSmallLevels : 0;
  const std::vector<ClothMaterial>& library = clothMaterials();
  for (ClothDesc& c : scene.cloths) {
    if (materialChosen && material >= 0 && material < static_cast<int>(library.size()))
      applyClothMaterial(library[static_cast<size_t>(material)], c);
    c.complianceStretch = std::max(0.0f, complianceStretch);
    c.complianceShear = std::max(0.0f, complianceShear);
    c.complianceBend = std::max(0.0f, complianceBend);
  }
  scene.wind.enabled = wind;
  const float speed = std::clamp(windSpeed, 0.0f, 100.0f),
              direction = glm::radians(windDirection);  // m/s, rad
  scene.wind.field.velocity.x = speed * std::cos(direction);
  scene.wind.field.velocity.z = speed * std::sin(direction);
  for (ClothDesc& cloth : scene.cloths)
    if (cloth.tear && tearAvailable) cloth.tear->strain = std::clamp(tearStrain, 1.001f, 1.0e6f);
  if (!contactsAvailable) return;
  ContactSettings& c = scene.contacts;
  const float distance = std::max(contactDistance, 1e-6f);  // m
  if (distance != c.distance || (triangles && !c.triangles)) {
    c.searchRadius = 1.5f * distance;
    c.searchRadiusGiven = false;
  }
  c.enabled = contacts;
  c.triangles = triangles;
  c.distance = distance;
  c.rebuildInterval = static_cast<uint32_t>(std::clamp(rebuildInterval, 1, 1000));
  c.staticFriction = std::max(0.0f, contactFriction.x);
  c.kineticFriction = std::clamp(contactFriction.y, 0.0f, c.staticFriction);
}

}  // namespace vkxpbd
