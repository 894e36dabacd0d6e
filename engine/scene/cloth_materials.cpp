// The material table: each row holds the published values as read in its source (docs/materials.md has
// the references in full) and the SI columns are derived from them by scene/sheet_conversions.h, so no
// compliance is typed by hand. Values marked as estimates had no source that could be re-read.
#include "scene/cloth_materials.h"

#include "scene/sheet_conversions.h"

namespace vkxpbd {

namespace {

SheetSource kes(double emtPercent, double g, double b, double arealDensity, glm::vec2 friction,
                const char* citation, const char* estimates) {
  SheetSource s;
  s.kind = SheetKind::KesFabric;
  s.emtPercent = emtPercent;
  s.shearGfPerCmDegree = g;
  s.bendGfCm2PerCm = b;
  s.arealDensity = arealDensity;
  s.friction = friction;
  s.citation = citation;
  s.estimates = estimates;
  return s;
}

// A solid sheet; `density` 0 means `arealDensity` (kg/m², from the grammage) is given instead.
SheetSource solid(double youngPa, double poisson, double thickness, double density, double arealDensity,
                  glm::vec2 friction, const char* citation, const char* estimates) {
  SheetSource s;
  s.kind = SheetKind::SolidSheet;
  s.youngPa = youngPa;
  s.poisson = poisson;
  s.thickness = thickness;
  s.density = density;
  s.arealDensity = arealDensity;
  s.friction = friction;
  s.citation = citation;
  s.estimates = estimates;
  return s;
}

std::vector<ClothMaterial> buildLibrary() {
  using namespace sheet;
  std::vector<ClothMaterial> m;
  // Denim: fabric A of Table 5 in Kumari and Khurana 2016 (KES-F). The table's weight (104 mg/cm²) and MIU
  // (1.765) are far outside denim's range and are not used; the areal density is the one measured for the
  // "11oz Black Denim" of Wang, O'Brien and Ramamoorthi 2011, as their data set gives it (ARCSim's
  // materials/11oz-black-denim.json, "density": 0.324, kg/m²). The kinetic friction is the 0.28 ± 0.01
  // measured in sliding on the untreated (starched) denim of the Research Square preprint "Friction Dynamics
  // of Denim Fabrics with Washing or Polishing Treatment" (rs-7719155/v1).
  m.push_back(deriveClothMaterial(
      "denim",
      kes(5.515, 2.180, 0.172, 0.324, {0.6f, 0.28f},
          "Kumari & Khurana, J. Textiles 2016, Table 5 (A); Wang et al. 2011 data (ARCSim); Friction "
          "Dynamics of Denim Fabrics (preprint rs-7719155/v1)",
          "static friction")));
  // Cotton: the friction is the one measured for a cotton textile on the dorsal forearm (Temel, Johnson and
  // Lloyd 2022, Tribology Letters 70: static 0.31 ± 0.07, dynamic 0.25 ± 0.05, the lowest of six body
  // sites); the KES-F values and the grammage are representative of a shirting.
  m.push_back(deriveClothMaterial(
      "cotton", kes(4.0, 1.0, 0.10, gramsPerSquareMetre(120.0), {0.31f, 0.25f},
                    "Temel, Johnson & Lloyd, Tribol. Lett. 70 (2022): friction on skin (dorsal forearm); the "
                    "rest representative shirting",
                    "EMT, G, B, areal density")));
  // 19 momme charmeuse (a weight chosen inside the trade's 12–40 momme for charmeuse); the momme is the silk
  // trade's unit, the weight in pounds of 45 in × 100 yd (sheet::mommes).
  m.push_back(deriveClothMaterial(
      "silk", kes(5.0, 0.5, 0.03, mommes(19.0), {0.3f, 0.25f}, "representative charmeuse", "every value")));
  // Leather: thickness and weight measured for an interior leather (Inpelle's technical data report:
  // 1.31 mm, 863 g/m², gross density 0.65 g/cm³); static friction 0.56, leather on metals, in the table of
  // Elert's Physics Hypertextbook ("Friction"); E, ν and the kinetic friction are representative values.
  m.push_back(deriveClothMaterial(
      "leather", solid(20e6, 0.4, 1.31e-3, 0.0, gramsPerSquareMetre(863.0), {0.56f, 0.5f},
                       "Inpelle, technical data report - leather: thickness, weight; Elert, The Physics "
                       "Hypertextbook, Friction: static friction (leather on metals)",
                       "E, Poisson's ratio, kinetic friction")));
  // Jersey: the stiffnesses are representative of a cotton single jersey; the areal density is the one
  // measured for the t-shirt knit "gray-interlock" (60 % cotton, 40 % polyester) of Wang et al. 2011
  // (ARCSim's materials/gray-interlock.json, "density": 0.187), an interlock rather than a single jersey.
  m.push_back(deriveClothMaterial(
      "jersey", kes(30.0, 0.4, 0.02, 0.187, {0.5f, 0.4f},
                    "Wang et al. 2011 data (ARCSim), gray-interlock: areal density", "EMT, G, B, friction")));
  // Natural rubber: MatWeb gives the shear modulus 0.0005 GPa and the density 0.950 g/cc; E = 2 G (1 + ν)
  // = 3 G for rubber, which is nearly incompressible. Friction: rubber on dry concrete, μs 1.0 and μk 0.7, in
  // S. A. Hill's table "Coefficients of Friction".
  m.push_back(deriveClothMaterial(
      "rubber_sheet",
      solid(youngFromShearModulus(0.5e6, 0.5), 0.5, 1.0e-3, 950.0, 0.0, {1.0f, 0.7f},
            "MatWeb, Natural Rubber, Vulcanized (NR, IR, Polyisoprene); Hill, Coefficients of "
            "Friction (rubber on dry concrete)",
            "thickness 1 mm (a chosen sheet)")));
  // Paper: Young's modulus from Ashby's range for paper (3–8.9 GPa, newsprint to Kraft), its middle on a log
  // scale; thickness ~110 µm of printing paper (Scientific Reports 2014, Table 2); 80 g/m² names the product;
  // the in-plane Poisson's ratio 1/3 of isotropic sheets (Schulgasser 1983).
  m.push_back(deriveClothMaterial(
      "paper",
      solid(logMidpoint(3e9, 8.9e9), 1.0 / 3.0, 110e-6, 0.0, gramsPerSquareMetre(80.0), {0.4f, 0.3f},
            "Ashby, Materials and the Environment, 'Paper and cardboard'; Sci. Rep. 4, 6275, Table 2; "
            "Schulgasser, The in-plane Poisson ratio of paper, 1983",
            "friction")));
  return m;
}

}  // namespace

ClothMaterial deriveClothMaterial(const char* name, const SheetSource& s) {
  using namespace sheet;
  double tensile = 0.0, shear = 0.0, bend = 0.0, areal = s.arealDensity;
  if (s.kind == SheetKind::KesFabric) {
    tensile = kesTensileStiffness(s.emtPercent);
    shear = kesShearStiffness(s.shearGfPerCmDegree);
    bend = kesBendingRigidity(s.bendGfCm2PerCm);
  } else {
    tensile = solidTensileStiffness(s.youngPa, s.thickness);
    shear = solidShearStiffness(s.youngPa, s.poisson, s.thickness);
    bend = solidBendingRigidity(s.youngPa, s.poisson, s.thickness);
    if (s.density > 0.0) areal = solidArealDensity(s.density, s.thickness);
  }
  return {name,
          static_cast<float>(areal),
          static_cast<float>(stretchCompliance(tensile)),
          static_cast<float>(shearCompliance(shear)),
          static_cast<float>(bendCompliance(bend)),
          s.friction,
          s};
}

const std::vector<ClothMaterial>& clothMaterials() {
  static const std::vector<ClothMaterial> materials = buildLibrary();
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
