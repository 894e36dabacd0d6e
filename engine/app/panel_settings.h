// The window panel's editable copy of a scene's solver settings, cloth compliances and contact settings,
// and how an edit goes back into the scene before the simulation is rebuilt. No UI code: the window
// app draws the controls; this is what they change (tested in tests/test_panel_settings.cpp).
#pragma once

#include <glm/glm.hpp>

#include "scene/scene.h"

namespace vkxpbd {

struct PanelSettings {
  int mode = 0;        // 0 gs, 1 jacobi
  int model = 0;       // 0 xpbd, 1 pbd
  int integrator = 0;  // 0 implicit Euler, 1 BDF2
  int substeps = 10;
  int iterations = 1;
  float omega = 1.0f;
  float complianceStretch = 0.0f;  // m/N, every cloth
  float complianceShear = 0.0f;
  float complianceBend = 0.0f;
  glm::vec3 gravity{0.0f};  // m/s²
  // Hierarchical XPBD (docs/hierarchy.md): on when the solver or any body turns it on. A change applies
  // to every body, as --hierarchy / --no-hierarchy do; unchanged, the scene's own settings stay.
  bool hierarchy = false;
  // The hierarchy's small levels in one dispatch (solver "fuse_small_levels" > 0). Turned off, the bound
  // becomes 0; turned on again, the default (2048). Unchanged, the scene's own bound stays.
  bool fuseSmallLevels = true;

  // Contacts, editable when the loaded scene has a "contacts" object.
  bool contactsAvailable = false;
  bool contacts = false;            // on or off
  bool triangles = false;           // point–triangle contacts
  float contactDistance = 0.0f;     // m
  int rebuildInterval = 1;          // substeps
  glm::vec2 contactFriction{0.0f};  // μs, μk between particles
  // Tearing (docs/tearing.md), editable when a cloth tears: the tear strain (stretch ratio, > 1) of every
  // tearing cloth.
  bool tearAvailable = false;
  float tearStrain = 1.5f;

  // Wind (docs/wind.md): on or off, its horizontal speed (m/s) and direction (degrees from +x towards +z);
  // the vertical component, the density and the gusts stay the scene's.
  bool wind = false;
  float windSpeed = 0.0f;      // m/s
  float windDirection = 0.0f;  // degrees

  // Cloth material (docs/materials.md): the library entry (index into clothMaterials()) the first cloth
  // names, or −1. Choosing one (chooseMaterial) applies it to every cloth at the next applyTo, as
  // `"material"` in the scene would (areal density, compliances, dihedral bending, friction), with the
  // compliance fields set to its values so that they show it (and, edited after the choice, override it).
  // Without a choice the cloths keep what the scene gives them.
  int material = -1;
  bool materialChosen = false;
  void chooseMaterial(int index);

  static PanelSettings from(const SceneDesc& scene);
  // Writes the settings into `scene`, clamped to valid ranges. A new contact distance, or triangles turned
  // on, lets buildModel derive the search radius again (the scene's own may be too small for them).
  // buildModel may still reject the result (a distance above the shortest rest distance): callers catch
  // SceneError.
  void applyTo(SceneDesc& scene) const;
};

}  // namespace vkxpbd
