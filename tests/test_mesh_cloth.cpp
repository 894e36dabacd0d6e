// Cloth from a mesh (`cloths[].mesh`, sim/mesh_cloth_builder.h) and the material library
// (scene/cloth_materials.h): constraint counts against the mesh's edges and interior edges, warp / weft /
// shear from the UV directions, the mesh version of a grid cloth sagging like the grid (CPU reference,
// gs and jacobi), material lookup and override precedence, and strict errors for bad meshes.
//
// The test grid (nx × ny particles, UV (i/(nx−1), j/(ny−1))): E = (nx−1)·ny + nx·(ny−1) + (nx−1)·(ny−1)
// edges, of which 2·(nx−1) + 2·(ny−1) are on the boundary.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "export/animation_export.h"
#include "scene/cloth_materials.h"
#include "scene/scene.h"
#include "scene/sheet_conversions.h"
#include "scene_error_of.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/mesh_cloth_builder.h"
#include "sim/solver_layout.h"

namespace vkxpbd {
namespace {

namespace fs = std::filesystem;

class MeshCloth : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() / ("vkxpbd_mesh_cloth_test_" + std::to_string(::getpid()));
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

  // Writes `text` to DIR/name and returns the path.
  std::string file(const std::string& name, const std::string& text) const {
    const std::string path = (dir / name).string();
    std::ofstream(path) << text;
    return path;
  }

  // A scene with one cloth: `clothJson` is the cloth object's members after the mesh.
  SceneDesc meshScene(const std::string& obj, const std::string& clothJson) const {
    return parseScene(R"({"cloths": [{"name": "m", "mesh": {"file": ")" + obj + "\"}" +
                          (clothJson.empty() ? "" : ", " + clothJson) + "}]}",
                      (dir / "scene.json").string());
  }

  // An nx × ny grid as OBJ text (positions in the xz plane, 0.1 m apart), optionally with UVs.
  static std::string gridObj(uint32_t nx, uint32_t ny, bool uvs) {
    std::string text;
    for (uint32_t j = 0; j < ny; ++j)
      for (uint32_t i = 0; i < nx; ++i) {
        text += "v " + std::to_string(0.1 * i) + " 1 " + std::to_string(0.1 * j) + "\n";
        if (uvs)
          text += "vt " + std::to_string(double(i) / (nx - 1)) + " " + std::to_string(double(j) / (ny - 1)) +
                  "\n";
      }
    for (uint32_t j = 0; j + 1 < ny; ++j)
      for (uint32_t i = 0; i + 1 < nx; ++i) {
        const uint32_t a = j * nx + i + 1, b = a + 1, c = a + nx, d = c + 1;  // 1-based
        auto corner = [&](uint32_t v) {
          std::string item = std::to_string(v);
          if (uvs) item += '/' + std::to_string(v);  // "v/vt" (appended: GCC 12 warns on "/" + std::string)
          return item;
        };
        text += "f " + corner(a) + " " + corner(c) + " " + corner(b) + "\n";
        text += "f " + corner(b) + " " + corner(c) + " " + corner(d) + "\n";
      }
    return text;
  }

  fs::path dir;
};

size_t countKind(const Model& model, ConstraintKind kind) {
  size_t n = 0;
  for (const DistanceConstraint& c : model.distance) n += c.kind == static_cast<uint32_t>(kind);
  return n;
}

constexpr uint32_t kNx = 7, kNy = 5;
constexpr size_t kEdges = (kNx - 1) * kNy + kNx * (kNy - 1) + (kNx - 1) * (kNy - 1);  // 30 + 28 + 24
constexpr size_t kInterior = kEdges - 2 * (kNx - 1) - 2 * (kNy - 1);

TEST_F(MeshCloth, DistanceConstraintsAreTheEdgesAndBendingTheInteriorEdges) {
  const std::string obj = file("grid.obj", gridObj(kNx, kNy, false));
  const Model distance = buildModel(meshScene(obj, R"("bending": "distance")"));
  EXPECT_EQ(distance.particleCount(), kNx * kNy);
  EXPECT_EQ(countKind(distance, ConstraintKind::Stretch), kEdges);  // no UVs: every edge is stretch
  EXPECT_EQ(countKind(distance, ConstraintKind::Shear), 0u);
  EXPECT_EQ(countKind(distance, ConstraintKind::Bend), kInterior);
  EXPECT_TRUE(distance.elements.empty());
  for (const char* bending : {"dihedral", "isometric"}) {
    const Model m = buildModel(meshScene(obj, std::string(R"("bending": ")") + bending + "\""));
    EXPECT_EQ(m.distance.size(), kEdges) << bending;
    EXPECT_EQ(m.elements.size(), kInterior) << bending;
  }
  // Mass: areal density (default 0.1 kg/m²) × area 0.6 m × 0.4 m.
  double mass = 0.0;
  for (const glm::vec4& p : distance.restPositions) mass += 1.0 / p.w;
  EXPECT_NEAR(mass, 0.1 * 0.6 * 0.4, 1e-7);
}

TEST_F(MeshCloth, UvDirectionsGiveWarpWeftAndShearCompliances) {
  const std::string obj = file("grid_uv.obj", gridObj(kNx, kNy, true));
  const Model m = buildModel(meshScene(obj, R"("compliance": {"warp": 1e-3, "weft": 2e-3, "shear": 3e-3})"));
  std::map<float, size_t> byCompliance;
  for (const DistanceConstraint& c : m.distance)
    if (c.kind != static_cast<uint32_t>(ConstraintKind::Bend)) ++byCompliance[c.compliance];
  EXPECT_EQ(byCompliance[1e-3f], (kNx - 1) * kNy);        // along u
  EXPECT_EQ(byCompliance[2e-3f], kNx * (kNy - 1));        // along v
  EXPECT_EQ(byCompliance[3e-3f], (kNx - 1) * (kNy - 1));  // the diagonals
  EXPECT_EQ(countKind(m, ConstraintKind::Shear), (kNx - 1) * (kNy - 1));
  // The surface keeps the file's UVs per corner, and the export writes them: particle (i, j) of the grid
  // (file vertex j·nx + i, welded in order of first use) has (i/(nx−1), j/(ny−1)).
  const SurfaceMesh& surface = m.surfaces.at(0);
  ASSERT_EQ(surface.uvs.size(), surface.indices.size());
  const std::vector<ExportBody> bodies = exportBodies(m);
  ASSERT_EQ(bodies.size(), 1u);
  for (size_t c = 0; c < surface.indices.size(); ++c) {
    const glm::vec3 x(m.restPositions[surface.indices[c]]);  // (0.1 i, 1, 0.1 j) m
    const glm::vec2 expected(std::round(x.x / 0.1f) / (kNx - 1), std::round(x.z / 0.1f) / (kNy - 1));
    EXPECT_NEAR(surface.uvs[c].x, expected.x, 1e-6f) << "corner " << c;
    EXPECT_NEAR(surface.uvs[c].y, expected.y, 1e-6f) << "corner " << c;
    EXPECT_EQ(bodies[0].uvs.at(bodies[0].cornerUvs.at(c)), surface.uvs[c]) << "corner " << c;
  }
  EXPECT_EQ(classifyUvEdge({1.0f, 0.4f}), UvEdge::Warp);  // 21.8° from u
  EXPECT_EQ(classifyUvEdge({1.0f, 0.42f}), UvEdge::Shear);
  EXPECT_EQ(classifyUvEdge({-0.4f, 1.0f}), UvEdge::Weft);
}

// Mean height lost by the cloth's particles after `frames` frames of the CPU reference solver, m.
double meanSag(const SceneDesc& scene, uint32_t frames) {
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  for (uint32_t f = 0; f < frames; ++f) solver.stepFrame(state);
  double sag = 0.0;
  for (size_t p = 0; p < state.positions.size(); ++p) sag += model.restPositions[p].y - state.positions[p].y;
  return sag / static_cast<double>(state.positions.size());
}

// The grid cloth exported as OBJ (engine/export: v, vt, vn in the grid's particle order) and loaded back
// as a mesh cloth has the grid's stretch edges and dihedral elements: it sags like the grid within 1%.
TEST_F(MeshCloth, MeshVersionOfAGridClothSagsLikeTheGrid) {
  for (const char* mode : {"gs", "jacobi"}) {
    const std::string common =
        std::string(R"("solver": {"mode": ")") + mode + R"(", "substeps": 10, "damping": 5})";
    const std::string cloth =
        R"("bending": "dihedral", "shear": false, "compliance": {"stretch": 1e-6, "bend": 1.0})";
    const SceneDesc grid = parseScene(
        "{" + common +
            R"(, "cloths": [{"name": "g", "resolution": [12, 12], "size": [0.5, 0.5], "plane": "xz",
                      "center": [0, 1, 0], "pins": [{"i": 0, "j": 0}, {"i": -1, "j": 0}], )" +
            cloth + "}]}",
        "grid.json");
    {
      const Model gridModel = buildModel(grid);
      AnimationExporter exporter(dir.string(), gridModel, grid.solver.frameDt, 0);
      exporter.write(0, gridModel.restPositions, gridModel);
      exporter.close();
    }
    const SceneDesc mesh = parseScene("{" + common + R"(, "cloths": [{"name": "m", "mesh": {"file": ")" +
                                          (dir / "g" / "g_0000.obj").string() +
                                          R"("}, "pins": [{"vertex": 0}, {"vertex": 11}], )" + cloth + "}]}",
                                      "mesh.json");
    const double gridSag = meanSag(grid, 240), meshSag = meanSag(mesh, 240);  // at rest (damped)
    std::printf("%s: mean sag at rest, grid %.5f m, mesh %.5f m\n", mode, gridSag, meshSag);
    EXPECT_GT(gridSag, 0.05) << mode;  // it does sag
    EXPECT_NEAR(meshSag, gridSag, 0.01 * gridSag) << mode;
  }
}

TEST(ClothMaterials, LookupByNameAndEveryMaterialIsPhysical) {
  for (const char* name : {"cotton", "denim", "silk", "leather", "jersey", "rubber_sheet", "paper"}) {
    const ClothMaterial* m = findClothMaterial(name);
    ASSERT_NE(m, nullptr) << name;
    EXPECT_GT(m->arealDensity, 0.0f) << name;
    EXPECT_GT(m->complianceStretch, 0.0f) << name;
    EXPECT_GT(m->complianceShear, m->complianceStretch) << name << ": shearing is easier than stretching";
    EXPECT_GT(m->complianceBend, 0.0f) << name;
    EXPECT_LE(m->friction.y, m->friction.x) << name << ": μk <= μs";
  }
  EXPECT_EQ(findClothMaterial("velvet"), nullptr);
  EXPECT_EQ(clothMaterials().size(), 7u);
  // Denim from its KES-F source: EMT 5.515 % at 490.3 N/m, G 2.18 gf/cm/deg, B 0.172 gf·cm²/cm.
  const ClothMaterial& denim = *findClothMaterial("denim");
  EXPECT_NEAR(denim.complianceStretch, 0.05515 / 490.3, 1e-6);
  EXPECT_NEAR(denim.complianceShear, 1.0 / (2.18 * 56.19), 1e-5);
  EXPECT_NEAR(denim.complianceBend, 4.0 / (5.0 * 0.172 * 9.80665e-5), 50.0);
}

TEST(ClothMaterials, SceneMaterialSetsValuesAndExplicitKeysOverrideThem) {
  const SceneDesc scene =
      parseScene(R"({"cloths": [{"compliance": {"stretch": 1e-3}, "material": "silk"}]})", "t.json");
  const ClothDesc& cloth = scene.cloths.at(0);
  const ClothMaterial& silk = *findClothMaterial("silk");
  EXPECT_EQ(cloth.material, "silk");
  EXPECT_EQ(cloth.complianceStretch, 1e-3f);  // explicit, although written before "material"
  EXPECT_EQ(cloth.complianceShear, silk.complianceShear);
  EXPECT_EQ(cloth.complianceBend, silk.complianceBend);
  EXPECT_EQ(cloth.arealDensity, silk.arealDensity);
  EXPECT_EQ(cloth.bending, ClothBending::Dihedral);
  EXPECT_EQ(cloth.friction.value(), silk.friction);
  const SceneDesc overridden = parseScene(
      R"({"cloths": [{"material": "denim", "areal_density": 0.5, "bending": "distance", "friction": {"static": 0.1}}]})",
      "t.json");
  EXPECT_EQ(overridden.cloths[0].arealDensity, 0.5f);
  EXPECT_EQ(overridden.cloths[0].bending, ClothBending::Distance);
  EXPECT_EQ(overridden.cloths[0].friction->x, 0.1f);
  // The model gets the material's mass: 0.0825 kg/m² × 1 m².
  double mass = 0.0;
  for (const glm::vec4& p : buildModel(scene).restPositions) mass += 1.0 / p.w;
  EXPECT_NEAR(mass, silk.arealDensity, 1e-6);
}

// Each row holds its published values and its SI columns are their conversions. The conversions are
// written out here again, with the units spelled in full, and anchored on the unit identities; the
// published values are copied from the sources named in docs/materials.md.
TEST(ClothMaterials, SourcedRowsEqualTheConversionsOfTheirCitedValues) {
  const double g = 9.80665;                                        // m/s²
  const double gfPerCm = g * 1e-3 / 1e-2;                          // N/m in 1 gf/cm
  const double perDegree = 180.0 / 3.14159265358979;               // a stiffness per degree, per radian
  const double gfCm2PerCm = g * 1e-3 * 1e-2;                       // N·m in 1 gf·cm²/cm
  EXPECT_NEAR(sheet::kesTensileStiffness(100.0), 490.3325, 1e-9);  // 500 gf/cm at 100 % extension
  EXPECT_NEAR(sheet::kesShearStiffness(1.0), 56.187, 1e-3);
  EXPECT_NEAR(sheet::kesBendingRigidity(1.0), 9.80665e-5, 1e-15);
  EXPECT_NEAR(sheet::ouncesPerSquareYard(1.0), 0.0339057, 1e-7);
  EXPECT_NEAR(sheet::mommes(1.0), 4.340e-3, 0.5e-6);  // the momme's published 4.340 g/m²
  EXPECT_DOUBLE_EQ(sheet::youngFromShearModulus(0.5e6, 0.5), 1.5e6);
  auto rel = [](double a, double b) { return std::abs(a - b) / std::abs(b); };

  // Denim: Kumari & Khurana 2016, Table 5, fabric A; 0.324 kg/m² measured (Wang et al. 2011).
  const ClothMaterial& denim = *findClothMaterial("denim");
  EXPECT_EQ(denim.source.kind, SheetKind::KesFabric);
  EXPECT_EQ(denim.source.emtPercent, 5.515);
  EXPECT_EQ(denim.source.shearGfPerCmDegree, 2.180);
  EXPECT_EQ(denim.source.bendGfCm2PerCm, 0.172);
  EXPECT_LT(rel(denim.arealDensity, 0.324), 1e-6);  // measured (Wang et al. 2011 data)
  // ... and consistent with its name: 11 oz/yd² = 0.373 kg/m², within 15 %.
  EXPECT_LT(rel(denim.arealDensity, 11.0 * 28.349523125e-3 / (0.9144 * 0.9144)), 0.15);
  EXPECT_LT(rel(denim.complianceStretch, 0.05515 / (500.0 * gfPerCm)), 1e-6);
  EXPECT_LT(rel(denim.complianceShear, 1.0 / (2.180 * gfPerCm * perDegree)), 1e-6);
  EXPECT_LT(rel(denim.complianceBend, 4.0 / (5.0 * 0.172 * gfCm2PerCm)), 1e-6);
  EXPECT_EQ(std::string(denim.source.estimates), "static friction");
  EXPECT_FLOAT_EQ(denim.friction.y, 0.28f);  // measured in sliding (preprint rs-7719155/v1)

  // Jersey: the areal density measured for Wang et al.'s t-shirt knit (gray-interlock), 0.187 kg/m².
  EXPECT_LT(rel(findClothMaterial("jersey")->arealDensity, 0.187), 1e-6);

  // Silk: 19 momme, the momme written out again (1 lb over 45 in × 100 yd): 82.46 g/m²; 19 momme lies in
  // the trade's range for charmeuse, 12–40 momme. Its KES-F values are estimates.
  const double momme = 0.45359237 / ((45.0 * 0.0254) * (100.0 * 0.9144));
  EXPECT_LT(rel(findClothMaterial("silk")->arealDensity, 19.0 * momme), 1e-6);
  EXPECT_NEAR(findClothMaterial("silk")->arealDensity, 0.08246, 0.00001);
  EXPECT_GE(findClothMaterial("silk")->arealDensity / momme, 12.0 - 1e-6);
  EXPECT_LE(findClothMaterial("silk")->arealDensity / momme, 40.0 + 1e-6);

  // Cotton: friction of a cotton textile on the dorsal forearm, static 0.31 ± 0.07 and dynamic 0.25 ± 0.05
  // (Temel, Johnson & Lloyd 2022); its KES-F values and grammage are still estimates.
  const ClothMaterial& cotton = *findClothMaterial("cotton");
  EXPECT_EQ(cotton.friction, glm::vec2(0.31f, 0.25f));
  EXPECT_EQ(std::string(cotton.source.estimates), "EMT, G, B, areal density");

  // Leather: Inpelle's 1.31 mm and 863 g/m² (their 0.65 g/cm³ agrees: 659 kg/m³), E = 20 MPa and ν = 0.4
  // estimates: B = E t³ / (12 (1 − ν²)).
  const ClothMaterial& leather = *findClothMaterial("leather");
  EXPECT_LT(rel(leather.arealDensity, 0.863), 1e-6);
  EXPECT_NEAR(leather.arealDensity / leather.source.thickness, 650.0, 15.0);
  EXPECT_LT(rel(leather.complianceBend, 4.0 * 12.0 * (1.0 - 0.16) / (5.0 * 20e6 * std::pow(1.31e-3, 3.0))),
            1e-6);
  // Static friction of leather on metals, 0.56 (Elert's table); the kinetic 0.5 is an estimate below it.
  EXPECT_FLOAT_EQ(leather.friction.x, 0.56f);
  EXPECT_EQ(std::string(leather.source.estimates), "E, Poisson's ratio, kinetic friction");

  // Natural rubber: MatWeb, G = 0.0005 GPa, ρ = 0.950 g/cc; E = 3 G; a 1 mm sheet.
  const ClothMaterial& rubber = *findClothMaterial("rubber_sheet");
  EXPECT_EQ(rubber.source.kind, SheetKind::SolidSheet);
  EXPECT_DOUBLE_EQ(rubber.source.youngPa, 3.0 * 0.0005e9);
  EXPECT_EQ(rubber.source.density, 950.0);
  EXPECT_LT(rel(rubber.arealDensity, 0.95), 1e-6);
  EXPECT_LT(rel(rubber.complianceStretch, 1.0 / 1500.0), 1e-6);                   // E t = 1500 N/m
  EXPECT_LT(rel(rubber.complianceShear, 1.0 / 500.0), 1e-6);                      // E t / 3
  EXPECT_LT(rel(rubber.complianceBend, 4.0 / (5.0 * 1.5e6 * 1e-9 / 9.0)), 1e-6);  // B = E t³ / (12 · 0.75)
  // Friction of rubber on dry concrete, Hill's table: μs 1.0, μk 0.7.
  EXPECT_EQ(rubber.friction, glm::vec2(1.0f, 0.7f));

  // Paper: E in Ashby's 3–8.9 GPa (log middle 5.167 GPa), t = 110 µm, 80 g/m², ν = 1/3 (Schulgasser 1983).
  const ClothMaterial& paper = *findClothMaterial("paper");
  const double e = std::sqrt(3e9 * 8.9e9), t = 110e-6;
  EXPECT_NEAR(paper.source.youngPa, 5.1672e9, 1e5);
  EXPECT_EQ(paper.source.thickness, t);
  EXPECT_LT(rel(paper.arealDensity, 0.080), 1e-6);
  EXPECT_LT(rel(paper.complianceStretch, 1.0 / (e * t)), 1e-6);
  EXPECT_EQ(paper.source.poisson, 1.0 / 3.0);
  EXPECT_LT(rel(paper.complianceShear, 2.0 * (4.0 / 3.0) / (e * t)), 1e-6);
  EXPECT_LT(rel(paper.complianceBend, 4.0 * 12.0 * (1.0 - 1.0 / 9.0) / (5.0 * e * t * t * t)), 1e-6);
  // 80 g/m² over 110 µm: 727 kg/m³, inside Ashby's 480–860 kg/m³ for paper (the sources agree).
  EXPECT_GT(paper.arealDensity / t, 480.0);
  EXPECT_LT(paper.arealDensity / t, 860.0);

  // Every row, estimated ones included, is the conversion of the values it stores (written out again here,
  // not through sheet_conversions.h), has a citation and names its estimates; the rows without a source
  // say that every value is one.
  for (const ClothMaterial& m : clothMaterials()) {
    const SheetSource& s = m.source;
    double tensile = 0.0, shear = 0.0, bend = 0.0, areal = s.arealDensity;
    if (s.kind == SheetKind::KesFabric) {
      tensile = 500.0 * gfPerCm / (s.emtPercent / 100.0);
      shear = s.shearGfPerCmDegree * gfPerCm * perDegree;
      bend = s.bendGfCm2PerCm * gfCm2PerCm;
    } else {
      const double h = s.thickness, nu = s.poisson;
      tensile = s.youngPa * h;
      shear = s.youngPa * h / (2.0 + 2.0 * nu);
      bend = s.youngPa * h * h * h / (12.0 - 12.0 * nu * nu);
      if (s.density > 0.0) areal = s.density * h;
    }
    EXPECT_LT(rel(m.arealDensity, areal), 1e-6) << m.name;
    EXPECT_LT(rel(m.complianceStretch, 1.0 / tensile), 1e-6) << m.name;
    EXPECT_LT(rel(m.complianceShear, 1.0 / shear), 1e-6) << m.name;
    EXPECT_LT(rel(m.complianceBend, 4.0 / (5.0 * bend)), 1e-6) << m.name;  // α = 4/(5B)
    EXPECT_EQ(m.friction, s.friction) << m.name;
    EXPECT_FALSE(std::string(s.citation).empty()) << m.name;
    const bool representative = std::string(s.citation).rfind("representative", 0) == 0;
    EXPECT_EQ(representative, std::string(s.estimates) == "every value") << m.name;
  }
}

// "1.12 × 10⁻⁴" or "0.373" → the number; NaN if the text is neither.
double parseDocNumber(std::string text) {
  while (!text.empty() && text.back() == ' ') text.pop_back();
  while (!text.empty() && text.front() == ' ') text.erase(0, 1);
  const std::string times = " × 10";
  const size_t at = text.find(times);
  size_t used = 0;
  const double mantissa = std::stod(text.substr(0, at), &used);
  if (at == std::string::npos) return used == text.size() ? mantissa : std::nan("");
  const std::map<std::string, char> superscripts = {{"⁰", '0'}, {"¹", '1'}, {"²", '2'}, {"³", '3'},
                                                    {"⁴", '4'}, {"⁵", '5'}, {"⁶", '6'}, {"⁷", '7'},
                                                    {"⁸", '8'}, {"⁹", '9'}, {"⁻", '-'}};
  std::string exponent;
  for (size_t i = at + times.size(); i < text.size();) {
    bool found = false;
    for (const auto& [glyph, c] : superscripts)
      if (text.compare(i, glyph.size(), glyph) == 0) {
        exponent += c;
        i += glyph.size();
        found = true;
      }
    if (!found) return std::nan("");
  }
  return mantissa * std::pow(10.0, std::stoi(exponent));
}

// The table of docs/materials.md, parsed: every row in the library's order, its numbers equal to the
// library's to the 3 significant figures it prints, and its estimate marks (*) where the library has
// estimates.
TEST(ClothMaterials, DocTableMatchesTheLibrary) {
  EXPECT_NEAR(parseDocNumber("1.12 × 10⁻⁴"), 1.12e-4, 1e-18);
  EXPECT_NEAR(parseDocNumber("2.00 × 10³"), 2000.0, 1e-9);
  EXPECT_TRUE(std::isnan(parseDocNumber("1.12 x 10^-4")));
  std::ifstream file(VKXPBD_SOURCE_DIR "/docs/materials.md");
  ASSERT_TRUE(file) << "docs/materials.md";
  std::vector<std::vector<std::string>> rows;
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    size_t start = 1;
    for (size_t bar; (bar = line.find(" |", start)) != std::string::npos; start = bar + 2)
      cells.push_back(line.substr(start + 1, bar - start - 1));
    rows.push_back(cells);
  }
  const std::vector<ClothMaterial>& library = clothMaterials();
  ASSERT_EQ(rows.size(), library.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const ClothMaterial& m = library[i];
    const std::vector<std::string>& cells = rows[i];
    ASSERT_EQ(cells.size(), 8u) << "row " << i;
    std::string quoted(1, '`');  // appended, not `+`: GCC 12 warns (-Wrestrict) on "`" + std::string
    quoted.append(m.name).push_back('`');
    EXPECT_EQ(cells[0], quoted);
    const double columns[4] = {m.arealDensity, m.complianceStretch, m.complianceShear, m.complianceBend};
    for (int c = 0; c < 4; ++c) {
      const double doc = parseDocNumber(cells[1 + c]);
      EXPECT_NEAR(doc, columns[c], 0.0051 * columns[c])
          << m.name << " column " << 1 + c << ": " << cells[1 + c];
    }
    const std::string friction = cells[5];
    const size_t comma = friction.find(',');
    ASSERT_NE(comma, std::string::npos) << m.name;
    EXPECT_FLOAT_EQ(std::stof(friction.substr(0, comma)), m.friction.x) << m.name;
    EXPECT_FLOAT_EQ(std::stof(friction.substr(comma + 1)), m.friction.y) << m.name;
    const std::string estimates = m.source.estimates;
    const bool frictionEstimated =
        estimates == "every value" || estimates.find("friction") != std::string::npos;
    EXPECT_EQ(friction.find("(*)") != std::string::npos, frictionEstimated) << m.name << ": " << friction;
    EXPECT_EQ(cells[6].find("(*)") != std::string::npos, !estimates.empty()) << m.name << ": " << cells[6];
  }
}

std::string sceneError(const std::string& json) {
  return errorOf([&] { parseScene(json, "t.json"); });
}

TEST(ClothMaterials, UnknownNameIsAnErrorWithDidYouMean) {
  EXPECT_EQ(sceneError(R"({"cloths": [{"material": "denin"}]})"),
            "t.json: cloths[0].material: unknown material 'denin' (did you mean 'denim'?); the materials are "
            "'denim', 'cotton', 'silk', 'leather', 'jersey', 'rubber_sheet' or 'paper'");
  EXPECT_NE(sceneError(R"({"cloths": [{"material": "rubber sheet"}]})").find("did you mean 'rubber_sheet'"),
            std::string::npos);
}

std::string buildError(const SceneDesc& scene) {
  return errorOf([&] { buildModel(scene); });
}

TEST_F(MeshCloth, BadMeshesAreErrorsNamingTheFileAndTheElement) {
  // Three triangles on the edge (1, 2): non-manifold.
  const std::string fan =
      file("fan.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 2 0 1\nv 2 1 -1\nf 1 2 3\nf 2 4 3\nf 2 5 3\n");
  EXPECT_EQ(
      buildError(meshScene(fan, "")),
      fan +
          ": edge (vertices 1, 2) of triangle 2 is on more than two triangles (non-manifold); a cloth needs "
          "every edge on one or two");
  const std::string flat = file("flat.obj", "v 0 0 0\nv 1 0 0\nv 2 0 0\nf 1 2 3\n");
  EXPECT_NE(buildError(meshScene(flat, "")).find(flat + ": triangle 0 (vertices 0, 1, 2) is degenerate"),
            std::string::npos);
  const std::string none = file("none.obj", "v 0 0 0\nv 1 0 0\nv 2 0 0\n");
  EXPECT_EQ(buildError(meshScene(none, "")), none + ": no triangles");
  const std::string missing = (dir / "missing.obj").string();
  EXPECT_NE(buildError(meshScene(missing, "")).find(missing), std::string::npos);
  // Pins, grid keys.
  const std::string grid = file("g.obj", gridObj(3, 3, false));
  EXPECT_NE(buildError(meshScene(grid, R"("pins": [{"vertex": 9}])"))
                .find("cloths[0].pins[0].vertex: 9 is not a vertex"),
            std::string::npos);
  EXPECT_NE(sceneError(R"({"cloths": [{"mesh": {"file": "x.obj"}, "resolution": [4, 4]}]})")
                .find("cloths[0].resolution: not used by a cloth made from a mesh"),
            std::string::npos);
  EXPECT_NE(
      sceneError(R"({"cloths": [{"compliance": {"warp": 1}}]})").find("warp and weft apply to a cloth made"),
      std::string::npos);
}

TEST_F(MeshCloth, PinsByVertexAndByBox) {
  const std::string obj = file("g.obj", gridObj(kNx, kNy, false));
  const Model byVertex = buildModel(meshScene(obj, R"("pins": [{"vertex": 0}, {"vertex": 6}])"));
  ASSERT_EQ(byVertex.pins.size(), 2u);
  EXPECT_EQ(glm::vec3(byVertex.restPositions[byVertex.pins[1].particle]), glm::vec3(0.6f, 1.0f, 0.0f));
  EXPECT_EQ(byVertex.restPositions[byVertex.pins[1].particle].w, 0.0f);
  // The row z = 0 (x from 0 to 0.6 m): kNx particles.
  const Model byBox =
      buildModel(meshScene(obj, R"("pin_box": {"min": [-1, 0.9, -0.01], "max": [1, 1.1, 0.01]})"));
  EXPECT_EQ(byBox.pins.size(), kNx);
}

}  // namespace
}  // namespace vkxpbd
