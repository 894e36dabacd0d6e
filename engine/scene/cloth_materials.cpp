// The material table. Conversions used (docs/materials.md):
//   tensile stiffness k_t = 490.3 N/m / EMT (KES-F extension EMT at 500 gf/cm = 490.3 N/m), α_stretch =
//   1/k_t; shear stiffness k_s = G × 56.19 N/m (KES-F G in gf/cm/degree), α_shear = 1/k_s; bending rigidity B
//   = KES-F B × 9.807e-5 N·m (B in gf·cm²/cm), or E t³ / (12 (1 − ν²)) for a solid sheet of thickness t;
//   α_bend = 1/(3 B) (dihedral constraints on a near-regular mesh); a solid sheet: k_t = E t, k_s = E t / (2
//   (1 + ν)), areal density ρ t.
#include "scene/cloth_materials.h"

namespace vkxpbd {

const std::vector<ClothMaterial>& clothMaterials() {
  static const std::vector<ClothMaterial> materials = {
      // Denim: KES-F measurement of fabric A of Table 5 in "Regenerated cellulose-based denim fabric
      // for tropical regions" (Journal of Textiles, Hindawi, 2016): EMT 5.515 %, G 2.180 gf/cm/deg,
      // B 0.172 gf·cm²/cm. Areal density 11 oz/yd² = 0.373 kg/m² (the "11oz denim" of Wang, O'Brien and
      // Ramamoorthi, SIGGRAPH 2011). Friction: representative value, not from a checked measurement.
      {"denim", 0.373f, 1.12e-4f, 8.16e-3f, 1.98e4f, {0.6f, 0.5f}, "KES-F, J. Textiles 2016 (Table 5, A)"},
      // The following are representative values of the fabric class (docs/materials.md says so for
      // each); their primary measurements were not checked in this project.
      // Cotton shirting 0.12 kg/m²; EMT 4 %, G 1.0 gf/cm/deg, B 0.10 gf·cm²/cm.
      {"cotton", 0.12f, 8.16e-5f, 1.78e-2f, 3.40e4f, {0.5f, 0.4f}, "representative KES-F values"},
      // Silk charmeuse 19 momme = 19 × 4.306 g/m² = 0.0818 kg/m²; EMT 5 %, G 0.5 gf/cm/deg, B 0.03 gf·cm²/cm.
      {"silk", 0.0818f, 1.02e-4f, 3.56e-2f, 1.13e5f, {0.3f, 0.25f}, "representative KES-F values; momme"},
      // Garment leather, t = 1.0 mm, ρ = 850 kg/m³, E = 20 MPa, ν = 0.4.
      {"leather", 0.85f, 5.0e-5f, 1.4e-4f, 1.68e2f, {0.6f, 0.5f}, "representative solid-sheet values"},
      // Cotton single jersey (knit) 0.16 kg/m²; EMT 30 %, G 0.4 gf/cm/deg, B 0.02 gf·cm²/cm.
      {"jersey", 0.16f, 6.1e-4f, 4.45e-2f, 1.70e5f, {0.5f, 0.4f}, "representative KES-F values"},
      // Natural rubber sheet, t = 1.0 mm, ρ = 920 kg/m³, E = 1.5 MPa, ν = 0.5.
      {"rubber_sheet", 0.92f, 6.67e-4f, 2.0e-3f, 2.0e3f, {1.0f, 0.8f}, "representative solid-sheet values"},
      // Office paper 80 g/m², t = 0.1 mm, E = 4 GPa, ν = 0.3.
      {"paper", 0.08f, 2.5e-6f, 6.5e-6f, 9.1e2f, {0.4f, 0.3f}, "grammage 80 g/m²; representative E"},
  };
  return materials;
}

const ClothMaterial* findClothMaterial(const std::string& name) {
  for (const ClothMaterial& m : clothMaterials())
    if (name == m.name) return &m;
  return nullptr;
}

void applyClothMaterial(const ClothMaterial& material, ClothDesc& cloth) {
  cloth.material = material.name;
  cloth.arealDensity = material.arealDensity;
  cloth.complianceStretch = material.complianceStretch;
  cloth.complianceShear = material.complianceShear;
  cloth.complianceBend = material.complianceBend;
  cloth.bending = ClothBending::Dihedral;  // the bend compliance is a dihedral one, 1/(N·m)
  cloth.friction = material.friction;
}

}  // namespace vkxpbd
