// What the window's settings panel changes in a scene (engine/app/panel_settings.h): a round trip leaves
// the scene as it was, contact edits give a model that builds (the search radius follows the distance and
// the triangles), and an invalid edit is rejected by buildModel with the field named.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "app/panel_settings.h"
#include "scene/cloth_materials.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/solver_layout.h"

namespace vkxpbd {
namespace {

SceneDesc shipped(const char* name) {
  return loadScene(std::string(VKXPBD_SOURCE_DIR) + "/scenes/" + name + ".json");
}

TEST(PanelSettings, RoundTripLeavesTheSceneAsItWas) {
  const SceneDesc original = shipped("cloth_fold");
  SceneDesc scene = original;
  PanelSettings::from(scene).applyTo(scene);
  EXPECT_EQ(scene.solver.substeps, original.solver.substeps);
  EXPECT_EQ(scene.solver.iterations, original.solver.iterations);
  EXPECT_EQ(scene.cloths[0].complianceBend, original.cloths[0].complianceBend);
  EXPECT_TRUE(scene.contacts.enabled);
  EXPECT_EQ(scene.contacts.distance, original.contacts.distance);
  EXPECT_EQ(scene.contacts.searchRadius, original.contacts.searchRadius);  // the scene's own radius is kept
  EXPECT_TRUE(scene.contacts.searchRadiusGiven);
  EXPECT_EQ(scene.contacts.staticFriction, original.contacts.staticFriction);
  EXPECT_EQ(scene.contacts.kineticFriction, original.contacts.kineticFriction);
}

// The hierarchy toggle: off in cloth_fold; on, the solver layout has coarse levels; off again, none, even
// for a body that turns it on itself (the toggle applies to every body).
TEST(PanelSettings, HierarchyToggleRebuildsWithAndWithoutLevels) {
  SceneDesc scene = shipped("cloth_fold");
  PanelSettings panel = PanelSettings::from(scene);
  EXPECT_FALSE(panel.hierarchy);
  EXPECT_EQ(buildSolverLayout(buildModel(scene), scene.solver).hierarchy.levelCount(), 0u);
  panel.hierarchy = true;
  panel.applyTo(scene);
  EXPECT_TRUE(PanelSettings::from(scene).hierarchy);
  const Model model = buildModel(scene);
  const SolverLayout on = buildSolverLayout(model, scene.solver);
  ASSERT_GE(on.hierarchy.levelCount(), 1u);
  EXPECT_LT(on.hierarchy.levels[0].particleCount, model.particleCount());

  SceneDesc own = shipped("cloth_fold");
  own.cloths.at(0).hierarchy = HierarchySettings{};
  own.cloths.at(0).hierarchy->enabled = true;
  PanelSettings ownPanel = PanelSettings::from(own);
  EXPECT_TRUE(ownPanel.hierarchy);
  ownPanel.applyTo(own);  // unchanged: the body's own setting stays
  EXPECT_GE(buildSolverLayout(buildModel(own), own.solver).hierarchy.levelCount(), 1u);
  ownPanel.hierarchy = false;
  ownPanel.applyTo(own);
  EXPECT_FALSE(PanelSettings::from(own).hierarchy);
  EXPECT_EQ(buildSolverLayout(buildModel(own), own.solver).hierarchy.levelCount(), 0u);
}

// The "fuse small levels" toggle: on by default (the solver's default bound); off, every level gets its
// own passes (bound 0, no fused level); on again, the default bound. A scene's own bound is kept while the
// toggle is unchanged.
TEST(PanelSettings, FuseSmallLevelsToggle) {
  SceneDesc scene = shipped("soft_column");
  PanelSettings panel = PanelSettings::from(scene);
  EXPECT_TRUE(panel.hierarchy);
  EXPECT_TRUE(panel.fuseSmallLevels);
  const Model model = buildModel(scene);
  EXPECT_GE(buildSolverLayout(model, scene.solver).fusedLevel, 1u);
  panel.fuseSmallLevels = false;
  panel.applyTo(scene);
  EXPECT_EQ(scene.solver.fuseSmallLevels, 0u);
  EXPECT_FALSE(PanelSettings::from(scene).fuseSmallLevels);
  EXPECT_EQ(buildSolverLayout(model, scene.solver).fusedLevel, 0u);
  panel.fuseSmallLevels = true;
  panel.applyTo(scene);
  EXPECT_EQ(scene.solver.fuseSmallLevels, SolverSettings{}.fuseSmallLevels);

  scene.solver.fuseSmallLevels = 100;  // the scene's own bound
  PanelSettings own = PanelSettings::from(scene);
  own.applyTo(scene);
  EXPECT_EQ(scene.solver.fuseSmallLevels, 100u);
}

TEST(PanelSettings, ContactEditsBuild) {
  SceneDesc scene = shipped("cloth_fold");
  PanelSettings panel = PanelSettings::from(scene);
  ASSERT_TRUE(panel.contactsAvailable);
  // cloth_fold's search radius (0.028 m) is too small for triangles: turning them on derives one.
  panel.triangles = true;
  panel.rebuildInterval = 2;
  panel.contactFriction = {0.5f, 0.9f};  // kinetic above static: clamped to static
  panel.applyTo(scene);
  const Model model = buildModel(scene);
  EXPECT_TRUE(model.contacts.triangles);
  EXPECT_GE(model.contacts.triangleSearch, model.contacts.distance);
  EXPECT_EQ(model.contacts.rebuildInterval, 2u);
  EXPECT_EQ(model.contacts.kineticFriction, 0.5f);
  // A smaller distance: the radius follows it.
  panel.triangles = false;
  panel.contactDistance = 0.01f;
  panel.applyTo(scene);
  EXPECT_FLOAT_EQ(buildModel(scene).contacts.searchRadius, 0.015f);
  // Contacts off: the model has none.
  panel.contacts = false;
  panel.applyTo(scene);
  EXPECT_FALSE(buildModel(scene).contacts.enabled);
}

TEST(PanelSettings, AnInvalidContactDistanceIsRejectedNamingTheField) {
  SceneDesc scene = shipped("cloth_fold");
  PanelSettings panel = PanelSettings::from(scene);
  panel.contactDistance = 0.05f;  // above the 48×48 cloth's spacing (0.021 m)
  panel.applyTo(scene);
  try {
    buildModel(scene);
    FAIL() << "expected a SceneError";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("contacts.distance"), std::string::npos) << e.what();
  }
}

TEST(PanelSettings, WindSpeedAndDirectionRoundTrip) {
  SceneDesc scene = shipped("flag");
  ASSERT_TRUE(scene.wind.enabled);
  PanelSettings panel = PanelSettings::from(scene);
  EXPECT_TRUE(panel.wind);
  EXPECT_NEAR(panel.windSpeed, std::hypot(6.0f, 0.5f), 1e-5f);  // m/s: scenes/flag.json
  panel.windSpeed = 10.0f;
  panel.windDirection = 90.0f;  // towards +z
  panel.applyTo(scene);
  EXPECT_NEAR(scene.wind.field.velocity.x, 0.0f, 1e-5f);
  EXPECT_NEAR(scene.wind.field.velocity.z, 10.0f, 1e-5f);
  EXPECT_EQ(scene.wind.field.gust.x, 2.0f);  // the scene's gusts stay
  panel.wind = false;
  panel.applyTo(scene);
  EXPECT_FALSE(scene.wind.enabled);
  EXPECT_EQ(buildModel(scene).wind.enabled, false);
}

TEST(PanelSettings, ScenesWithoutContactsOfferNone) {
  SceneDesc scene = shipped("flag");
  PanelSettings panel = PanelSettings::from(scene);
  EXPECT_FALSE(panel.contactsAvailable);
  panel.contacts = true;  // ignored
  panel.applyTo(scene);
  EXPECT_FALSE(scene.contacts.enabled);
}

// The material combo: choosing a library material applies it to every cloth (areal density, compliances,
// dihedral bending, friction) and shows its compliances in the fields; a compliance edited after the choice
// overrides it; without a choice, edits leave the scene's own material keys alone (the garment's denim).
TEST(PanelSettings, MaterialChoiceReachesEveryCloth) {
  SceneDesc scene = shipped("flag");
  PanelSettings panel = PanelSettings::from(scene);
  EXPECT_EQ(panel.material, -1);
  const ClothMaterial* silk = findClothMaterial("silk");
  ASSERT_NE(silk, nullptr);
  const int index = static_cast<int>(silk - clothMaterials().data());
  panel.chooseMaterial(index);
  EXPECT_FLOAT_EQ(panel.complianceBend, silk->complianceBend);
  panel.complianceStretch = 2.0f * silk->complianceStretch;  // edited after the choice
  panel.applyTo(scene);
  const ClothDesc& cloth = scene.cloths.at(0);
  EXPECT_EQ(cloth.material, "silk");
  EXPECT_FLOAT_EQ(cloth.arealDensity, silk->arealDensity);
  EXPECT_FLOAT_EQ(cloth.complianceShear, silk->complianceShear);
  EXPECT_FLOAT_EQ(cloth.complianceBend, silk->complianceBend);
  EXPECT_FLOAT_EQ(cloth.complianceStretch, 2.0f * silk->complianceStretch);
  EXPECT_EQ(cloth.bending, ClothBending::Dihedral);
  ASSERT_TRUE(cloth.friction.has_value());
  EXPECT_EQ(*cloth.friction, silk->friction);
  const Model model = buildModel(scene);  // builds, with silk's mass: 1.5 m × 1 m × areal density
  double mass = 0.0;
  for (const glm::vec4& p : model.restPositions)
    if (p.w > 0.0f) mass += 1.0 / p.w;
  EXPECT_NEAR(mass, 1.5 * silk->arealDensity,
              0.01 * 1.5 * silk->arealDensity);  // kg (the pins' share is < 1%)

  SceneDesc garment = shipped("garment_drape");
  const SceneDesc original = garment;
  PanelSettings own = PanelSettings::from(garment);
  EXPECT_EQ(own.material, static_cast<int>(findClothMaterial("denim") - clothMaterials().data()));
  own.substeps += 1;  // another edit: the cloth stays as the scene gives it
  own.applyTo(garment);
  EXPECT_EQ(garment.cloths[0].arealDensity, original.cloths[0].arealDensity);
  EXPECT_EQ(garment.cloths[0].friction, original.cloths[0].friction);
}

}  // namespace
}  // namespace vkxpbd

namespace vkxpbd {
namespace {

// The tear strain control: offered for the shipped tearing scene, not for one without tearing; an edit
// reaches the model's tear body.
TEST(PanelSettings, TearStrainEditReachesTheModel) {
  EXPECT_FALSE(PanelSettings::from(shipped("cloth_fold")).tearAvailable);
  SceneDesc scene = shipped("cloth_tear");
  PanelSettings panel = PanelSettings::from(scene);
  ASSERT_TRUE(panel.tearAvailable);
  EXPECT_FLOAT_EQ(panel.tearStrain, scene.cloths[0].tear->strain);
  panel.tearStrain = 1.75f;
  panel.applyTo(scene);
  const Model model = buildModel(scene);
  ASSERT_EQ(model.tears.size(), 1u);
  EXPECT_FLOAT_EQ(model.tears[0].settings.strain, 1.75f);
}

}  // namespace
}  // namespace vkxpbd
