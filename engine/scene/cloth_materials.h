// The cloth material library (docs/materials.md): named sets of areal density, compliances and friction in
// SI units that a cloth starts from (`"material": "denim"`); the cloth's own keys override them.
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "scene/scene.h"

namespace vkxpbd {

struct ClothMaterial {
  const char* name;
  float arealDensity;       // kg/m²
  float complianceStretch;  // m/N: 1 / tensile stiffness (N/m) of the sheet
  float complianceShear;    // m/N: 1 / in-plane shear stiffness (N/m) of the sheet
  float complianceBend;     // 1/(N·m): dihedral bending, 1 / (3 B) with B the bending rigidity (N·m)
  glm::vec2 friction;       // μs, μk
  const char* source;       // where the numbers come from (docs/materials.md has the full references)
};

// Every material, in the order of docs/materials.md.
const std::vector<ClothMaterial>& clothMaterials();

// The material of that name, or nullptr.
const ClothMaterial* findClothMaterial(const std::string& name);

// Sets the cloth's areal density, stretch, shear and bend compliance, dihedral bending and friction from
// the material, and remembers its name.
void applyClothMaterial(const ClothMaterial& material, ClothDesc& cloth);

}  // namespace vkxpbd
