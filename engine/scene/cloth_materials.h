// The cloth material library (docs/materials.md): named sets of areal density, compliances and friction in
// SI units that a cloth starts from (`"material": "denim"`); the cloth's own keys override them. Every row
// stores the values as published, with their citation; the SI columns are derived from them in code
// (scene/sheet_conversions.h).
#pragma once

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "scene/scene.h"

namespace vkxpbd {

// What a row was measured as: a fabric on the KES-F (Kawabata) instruments, or a solid sheet of known
// thickness and elastic constants.
enum class SheetKind { KesFabric, SolidSheet };

// The published values of one material, as read in its sources (docs/materials.md lists them in full).
// Values without a source that could be re-read are estimates: `estimates` names them, and docs/materials.md
// marks the row with (*).
struct SheetSource {
  SheetKind kind = SheetKind::KesFabric;
  // KES-F fabric: extension EMT (%) at 500 gf/cm, shear rigidity G (gf/cm/degree), bending rigidity B
  // (gf·cm²/cm), and the areal density (kg/m²) from the fabric's grammage.
  double emtPercent = 0.0;
  double shearGfPerCmDegree = 0.0;
  double bendGfCm2PerCm = 0.0;
  double arealDensity = 0.0;  // kg/m² (KES-F rows)
  // Solid sheet: Young's modulus E (Pa), Poisson's ratio ν, thickness t (m), density ρ (kg/m³), or the
  // areal density (kg/m²) when the grammage is what is given (then `density` is 0).
  double youngPa = 0.0;
  double poisson = 0.0;
  double thickness = 0.0;
  double density = 0.0;
  glm::vec2 friction{0.0f};    // μs, μk
  const char* citation = "";   // author, title, year, table/page of the cited values
  const char* estimates = "";  // the values that are estimates (*), or "" when every value is cited
};

struct ClothMaterial {
  const char* name;
  float arealDensity;       // kg/m²
  float complianceStretch;  // m/N: 1 / tensile stiffness (N/m) of the sheet
  float complianceShear;    // m/N: 1 / in-plane shear stiffness (N/m) of the sheet
  float complianceBend;     // 1/(N·m): dihedral bending, 4 / (5 B) with B the bending rigidity (N·m)
  glm::vec2 friction;       // μs, μk
  SheetSource source;       // the published values the columns above are derived from
};

// The SI columns of a material from its published values (docs/materials.md, "From measurements to
// compliances").
ClothMaterial deriveClothMaterial(const char* name, const SheetSource& source);

// Every material, in the order of docs/materials.md.
const std::vector<ClothMaterial>& clothMaterials();

// The material of that name, or nullptr.
const ClothMaterial* findClothMaterial(const std::string& name);

// Sets the cloth's areal density, stretch, shear and bend compliance, dihedral bending and friction from
// the material, and remembers its name.
void applyClothMaterial(const ClothMaterial& material, ClothDesc& cloth);

}  // namespace vkxpbd
