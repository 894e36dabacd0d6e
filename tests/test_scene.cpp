// Scene files: every shipped scene loads and builds; every kind of bad input is rejected with a message
// naming the file and the field.
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "scene/scene.h"
#include "sim/cloth_builder.h"

namespace vkxpbd {
namespace {

const std::string kSourceDir = VKXPBD_SOURCE_DIR;
const std::string kFile = "scenes/test.json";  // name used in error messages of in-memory scenes

std::vector<std::filesystem::path> shippedScenes() {
  std::vector<std::filesystem::path> scenes;
  for (const auto& entry : std::filesystem::directory_iterator(kSourceDir + "/scenes")) {
    if (entry.path().extension() == ".json") scenes.push_back(entry.path());
  }
  return scenes;
}

// The message of the SceneError thrown by parsing `json`, or "" if none was thrown.
std::string parseError(const std::string& json) {
  try {
    parseScene(json, kFile);
  } catch (const SceneError& e) {
    return e.what();
  }
  return "";
}

// A valid scene with `clothFields` added to its only cloth (an 8 x 8 grid unless they set "resolution") and
// `topFields` to the top level.
std::string sceneWith(const std::string& clothFields, const std::string& topFields = "") {
  std::string cloth = "{";
  if (clothFields.find("\"resolution\"") == std::string::npos) {
    cloth += R"("resolution": [8, 8])";
    if (!clothFields.empty()) cloth += ", ";
  }
  cloth += clothFields + "}";
  std::string json = R"({"cloths": [)" + cloth + "]";
  if (!topFields.empty()) json += ", " + topFields;
  return json + "}";
}

TEST(SceneFiles, EveryShippedSceneLoadsAndBuilds) {
  const auto scenes = shippedScenes();
  EXPECT_GE(scenes.size(), 11u);
  for (const auto& path : scenes) {
    SCOPED_TRACE(path.string());
    SceneDesc scene;
    ASSERT_NO_THROW(scene = loadScene(path.string()));
    EXPECT_EQ(scene.name, path.stem().string());
    Model model;
    ASSERT_NO_THROW(model = buildModel(scene));
    EXPECT_GT(model.particleCount(), 0u);
    EXPECT_GT(model.constraintCount(), 0u);
  }
}

TEST(SceneFiles, StandardClothMatchesTheBenchmarkDefinition) {
  for (uint32_t n : {64u, 128u, 256u}) {
    const std::string name = "standard_cloth_" + std::to_string(n);
    SCOPED_TRACE(name);
    const SceneDesc scene = loadScene(kSourceDir + "/scenes/" + name + ".json");
    EXPECT_EQ(scene.name, name);
    EXPECT_FLOAT_EQ(scene.solver.frameDt, 1.0f / 60.0f);
    EXPECT_EQ(scene.solver.substeps, 10u);
    EXPECT_EQ(scene.solver.iterations, 1u);
    EXPECT_EQ(scene.solver.damping, 0.0f);
    EXPECT_EQ(scene.solver.gravity, glm::vec3(0.0f, -9.81f, 0.0f));
    EXPECT_TRUE(scene.colliders.empty());
    ASSERT_EQ(scene.cloths.size(), 1u);
    const ClothDesc& cloth = scene.cloths[0];
    EXPECT_EQ(cloth.resolution, glm::uvec2(n, n));
    EXPECT_EQ(cloth.size, glm::vec2(1.0f, 1.0f));
    EXPECT_EQ(cloth.center, glm::vec3(0.0f, 1.0f, 0.0f));
    EXPECT_EQ(cloth.plane, ClothPlane::XZ);
    EXPECT_EQ(cloth.massDistribution, MassDistribution::Uniform);
    EXPECT_EQ(cloth.arealDensity, 1.0f);  // 1 kg over 1 m²
    EXPECT_TRUE(cloth.shear);
    EXPECT_TRUE(cloth.bend);
    EXPECT_EQ(cloth.complianceStretch, 0.0f);
    EXPECT_EQ(cloth.complianceShear, 0.0f);
    EXPECT_EQ(cloth.complianceBend, 0.0f);
    ASSERT_EQ(cloth.pins.size(), 2u);
    EXPECT_EQ(cloth.pins[0].i, 0);
    EXPECT_EQ(cloth.pins[0].j, 0);
    EXPECT_EQ(cloth.pins[1].i, -1);
    EXPECT_EQ(cloth.pins[1].j, 0);
  }
}

TEST(SceneParse, MinimalSceneTakesTheDefaults) {
  const SceneDesc scene = parseScene(R"({"cloths": [{}]})", "dir/minimal.json");
  const SolverSettings defaultSolver;
  const ClothDesc defaultCloth;
  EXPECT_EQ(scene.path, "dir/minimal.json");
  EXPECT_EQ(scene.name, "minimal");
  EXPECT_EQ(scene.solver.frameDt, defaultSolver.frameDt);
  EXPECT_EQ(scene.solver.substeps, defaultSolver.substeps);
  EXPECT_EQ(scene.solver.iterations, defaultSolver.iterations);
  EXPECT_EQ(scene.solver.mode, defaultSolver.mode);
  EXPECT_EQ(scene.solver.constraintModel, defaultSolver.constraintModel);
  EXPECT_EQ(scene.solver.colouring.maxColours, defaultSolver.colouring.maxColours);
  EXPECT_EQ(scene.thickness, SceneDesc{}.thickness);
  ASSERT_EQ(scene.cloths.size(), 1u);
  const ClothDesc& cloth = scene.cloths[0];
  EXPECT_EQ(cloth.name, defaultCloth.name);
  EXPECT_EQ(cloth.resolution, defaultCloth.resolution);
  EXPECT_EQ(cloth.size, defaultCloth.size);
  EXPECT_EQ(cloth.arealDensity, defaultCloth.arealDensity);
  EXPECT_EQ(cloth.massDistribution, defaultCloth.massDistribution);
  EXPECT_TRUE(cloth.pins.empty());
  EXPECT_TRUE(scene.colliders.empty());
}

TEST(SceneParse, ReadsEveryField) {
  const std::string json = R"({
    "name": "everything",
    "solver": {"dt": 0.01, "substeps": 4, "iterations": 3, "mode": "jacobi", "model": "pbd", "omega": 1.5,
               "damping": 0.25, "gravity": [0, 0, -1], "max_colours": 16, "min_colour_size": 100,
               "fuse_small_levels": 2048},
    "thickness": 0.01,
    "cloths": [{"name": "sheet", "size": [2, 0.5], "resolution": [10, 20], "center": [1, 2, 3], "plane": "xy",
                "areal_density": 0.3, "mass_distribution": "uniform", "shear": false, "bend": false,
                "compliance": {"stretch": 1e-6, "shear": 1e-5, "bend": 1e-4},
                "stiffness": {"stretch": 0.9, "shear": 0.8, "bend": 0.7},
                "pins": [{"i": 0, "j": -1},
                         {"i": -1, "j": -1, "motion": {"type": "sine", "vector": [0.1, 0, 0], "frequency": 0.5}},
                         {"i": 3, "j": 4, "motion": {"type": "linear", "vector": [0, 1, 0]}}]}],
    "colliders": [{"type": "plane", "normal": [0, 2, 0], "offset": -0.5},
                  {"type": "sphere", "center": [0, 0.5, 0], "radius": 0.3}]
  })";
  const SceneDesc scene = parseScene(json, kFile);
  EXPECT_EQ(scene.name, "everything");
  EXPECT_FLOAT_EQ(scene.solver.frameDt, 0.01f);
  EXPECT_EQ(scene.solver.substeps, 4u);
  EXPECT_EQ(scene.solver.iterations, 3u);
  EXPECT_EQ(scene.solver.mode, SolverMode::Jacobi);
  EXPECT_EQ(scene.solver.constraintModel, ConstraintModel::Pbd);
  EXPECT_FLOAT_EQ(scene.solver.omega, 1.5f);
  EXPECT_FLOAT_EQ(scene.solver.damping, 0.25f);
  EXPECT_EQ(scene.solver.gravity, glm::vec3(0.0f, 0.0f, -1.0f));
  EXPECT_EQ(scene.solver.colouring.maxColours, 16u);
  EXPECT_EQ(scene.solver.colouring.minColourSize, 100u);
  EXPECT_EQ(scene.solver.fuseSmallLevels, 2048u);
  EXPECT_FLOAT_EQ(scene.thickness, 0.01f);

  ASSERT_EQ(scene.cloths.size(), 1u);
  const ClothDesc& cloth = scene.cloths[0];
  EXPECT_EQ(cloth.name, "sheet");
  EXPECT_EQ(cloth.size, glm::vec2(2.0f, 0.5f));
  EXPECT_EQ(cloth.resolution, glm::uvec2(10u, 20u));
  EXPECT_EQ(cloth.center, glm::vec3(1.0f, 2.0f, 3.0f));
  EXPECT_EQ(cloth.plane, ClothPlane::XY);
  EXPECT_FLOAT_EQ(cloth.arealDensity, 0.3f);
  EXPECT_EQ(cloth.massDistribution, MassDistribution::Uniform);
  EXPECT_FALSE(cloth.shear);
  EXPECT_FALSE(cloth.bend);
  EXPECT_FLOAT_EQ(cloth.complianceStretch, 1e-6f);
  EXPECT_FLOAT_EQ(cloth.complianceShear, 1e-5f);
  EXPECT_FLOAT_EQ(cloth.complianceBend, 1e-4f);
  EXPECT_FLOAT_EQ(cloth.stiffnessStretch, 0.9f);
  EXPECT_FLOAT_EQ(cloth.stiffnessShear, 0.8f);
  EXPECT_FLOAT_EQ(cloth.stiffnessBend, 0.7f);
  ASSERT_EQ(cloth.pins.size(), 3u);
  EXPECT_FALSE(cloth.pins[0].motion.has_value());
  ASSERT_TRUE(cloth.pins[1].motion.has_value());
  EXPECT_EQ(cloth.pins[1].motion->type, VKXPBD_MOTION_SINE);
  EXPECT_EQ(cloth.pins[1].motion->vector, glm::vec3(0.1f, 0.0f, 0.0f));
  EXPECT_FLOAT_EQ(cloth.pins[1].motion->frequency, 0.5f);
  ASSERT_TRUE(cloth.pins[2].motion.has_value());
  EXPECT_EQ(cloth.pins[2].motion->type, VKXPBD_MOTION_LINEAR);
  EXPECT_EQ(cloth.pins[2].motion->vector, glm::vec3(0.0f, 1.0f, 0.0f));

  ASSERT_EQ(scene.colliders.size(), 2u);
  EXPECT_EQ(scene.colliders[0].type, VKXPBD_COLLIDER_PLANE);
  EXPECT_EQ(scene.colliders[0].shape, glm::vec4(0.0f, 1.0f, 0.0f, -0.5f));  // normal normalized
  EXPECT_EQ(scene.colliders[1].type, VKXPBD_COLLIDER_SPHERE);
  EXPECT_EQ(scene.colliders[1].position, glm::vec4(0.0f, 0.5f, 0.0f, 0.0f));
  EXPECT_EQ(scene.colliders[1].shape.w, 0.3f);
}

TEST(SceneParse, UnnamedClothsGetDistinctNames) {
  const SceneDesc scene = parseScene(R"({"cloths": [{}, {}]})", kFile);
  ASSERT_EQ(scene.cloths.size(), 2u);
  EXPECT_NE(scene.cloths[0].name, scene.cloths[1].name);
}

// "hierarchy": a bool or an object, in the solver and per body; bad values name the field.
TEST(SceneParse, HierarchyKeys) {
  const SceneDesc off = parseScene(sceneWith(""), kFile);
  EXPECT_FALSE(off.solver.hierarchy.enabled);
  EXPECT_FALSE(off.cloths[0].hierarchy.has_value());
  const SceneDesc on = parseScene(sceneWith("", R"("solver": {"hierarchy": true})"), kFile);
  EXPECT_TRUE(on.solver.hierarchy.enabled);
  EXPECT_EQ(on.solver.hierarchy.parents, HierarchySettings{}.parents);
  const SceneDesc detailed = parseScene(
      sceneWith(R"("hierarchy": {"levels": 3, "min_particles": 20, "parents": 3, "bilateral": false})"),
      kFile);
  ASSERT_TRUE(detailed.cloths[0].hierarchy.has_value());
  const HierarchySettings& h = *detailed.cloths[0].hierarchy;
  EXPECT_TRUE(h.enabled);
  EXPECT_EQ(h.maxLevels, 3u);
  EXPECT_EQ(h.minParticles, 20u);
  EXPECT_EQ(h.parents, 3u);
  EXPECT_EQ(h.bilateral, std::optional<bool>(false));
  EXPECT_FALSE(
      parseScene(sceneWith(R"("hierarchy": {"enabled": false})"), kFile).cloths[0].hierarchy->enabled);
  // The body's setting reaches the model.
  EXPECT_TRUE(buildModel(detailed).bodies.at(0).hierarchy.has_value());
  EXPECT_NE(parseError(sceneWith(R"("hierarchy": {"parents": 5})")).find("cloths[0].hierarchy.parents"),
            std::string::npos);
  EXPECT_NE(parseError(sceneWith(R"("hierarchy": 1)")).find("cloths[0].hierarchy"), std::string::npos);
  const SceneDesc compression =
      parseScene(sceneWith("", R"("solver": {"hierarchy": {"compression_compliance": 0.01}})"), kFile);
  EXPECT_FLOAT_EQ(compression.solver.hierarchy.compressionCompliance, 0.01f);
  EXPECT_LT(HierarchySettings{}.compressionCompliance, 0.0f);  // off by default
  const SceneDesc stiffness = parseScene(
      sceneWith("", R"("solver": {"hierarchy": {"stiffness_scale": 0.03, "stiffness_growth": 2.35}})"),
      kFile);
  EXPECT_FLOAT_EQ(stiffness.solver.hierarchy.stiffnessScale, 0.03f);
  EXPECT_FLOAT_EQ(stiffness.solver.hierarchy.stiffnessGrowth, 2.35f);
  EXPECT_EQ(HierarchySettings{}.stiffnessScale, 1.0f);  // the rule unchanged by default
  EXPECT_EQ(HierarchySettings{}.stiffnessGrowth, 1.0f);
  const SceneDesc frequency =
      parseScene(sceneWith("", R"("solver": {"hierarchy": {"natural_frequency": 226}})"), kFile);
  EXPECT_FLOAT_EQ(frequency.solver.hierarchy.naturalFrequency, 226.0f);
  EXPECT_EQ(HierarchySettings{}.naturalFrequency, 0.0f);  // the series rule by default
  const SceneDesc solveFrom = parseScene(sceneWith(R"("hierarchy": {"solve_from_level": 3})"), kFile);
  EXPECT_EQ(solveFrom.cloths[0].hierarchy->solveFromLevel, 3u);
  EXPECT_EQ(HierarchySettings{}.solveFromLevel, 0u);  // automatic by default
  for (const char* bad : {"13", "-1", "1.5", "\"2\""})
    EXPECT_NE(parseError(sceneWith(std::string(R"("hierarchy": {"solve_from_level": )") + bad + "}"))
                  .find("cloths[0].hierarchy.solve_from_level"),
              std::string::npos)
        << bad;
  EXPECT_NE(parseError(sceneWith(R"("hierarchy": {"natural_frequency": -1})"))
                .find("cloths[0].hierarchy.natural_frequency"),
            std::string::npos);
  EXPECT_NE(parseError(sceneWith(R"("hierarchy": {"stiffness_scale": 0})"))
                .find("cloths[0].hierarchy.stiffness_scale"),
            std::string::npos);
  EXPECT_NE(parseError(sceneWith(R"("hierarchy": {"stiffness_growth": 1000})"))
                .find("cloths[0].hierarchy.stiffness_growth"),
            std::string::npos);
  EXPECT_EQ(parseError(sceneWith(R"("hierarchy": {"bilateral": true, "compression_compliance": 0.01})")),
            kFile +
                ": cloths[0].hierarchy.compression_compliance: cannot be combined with \"bilateral\": true "
                "(bilateral coarse constraints resist compression rigidly)");
  EXPECT_NE(parseError(sceneWith(R"("hierarchy": {"compression_compliance": -1})"))
                .find("cloths[0].hierarchy.compression_compliance"),
            std::string::npos);
  EXPECT_NE(
      parseError(sceneWith("", R"("solver": {"hierarchy": {"level": 2}})")).find("did you mean 'levels'"),
      std::string::npos);
}

TEST(SceneErrors, MissingFileIsNamed) {
  const std::string path = kSourceDir + "/scenes/no_such_scene.json";
  try {
    loadScene(path);
    FAIL() << "no SceneError";
  } catch (const SceneError& e) {
    EXPECT_EQ(std::string(e.what()), path + ": cannot open scene file");
  }
}

TEST(SceneErrors, ExactMessages) {
  EXPECT_EQ(parseError(sceneWith(R"("resolution": [8, 1])")),
            kFile + ": cloths[0].resolution[1]: must be an integer >= 2, got 1");
  EXPECT_EQ(parseError(sceneWith("", R"("solver": {"mode": "foo"})")),
            kFile + ": solver.mode: unknown solver 'foo' (expected 'gs' or 'jacobi')");
  EXPECT_EQ(parseError(sceneWith("", R"("solver": {"dt": "fast"})")),
            kFile + R"(: solver.dt: must be a number, got "fast")");
  EXPECT_EQ(parseError(R"({"name": "x"})"),
            kFile + ": (top level): needs at least one body in 'cloths', 'soft_bodies' or 'shells'");
}

struct BadInput {
  const char* what;   // the case
  std::string json;   // the scene text
  const char* field;  // the field path the message must name
};
void PrintTo(const BadInput& c, std::ostream* os) {
  *os << c.what << " (" << c.field << ")";
}

class SceneBadInput : public testing::TestWithParam<BadInput> {};

TEST_P(SceneBadInput, IsRejectedNamingFileAndField) {
  const BadInput& input = GetParam();
  const std::string message = parseError(input.json);
  ASSERT_FALSE(message.empty()) << input.what << ": accepted " << input.json;
  EXPECT_EQ(message.rfind(kFile + ": ", 0), 0u) << message;
  EXPECT_NE(message.find(kFile + ": " + input.field + ": "), std::string::npos)
      << input.what << ": expected field '" << input.field << "' in: " << message;
}

std::string pinJson(const std::string& pin) {
  return sceneWith(R"("pins": [)" + pin + "]");
}

std::string solverJson(const std::string& solver) {
  return sceneWith("", R"("solver": {)" + solver + "}");
}

std::string colliderJson(const std::string& collider) {
  return sceneWith("", R"("colliders": [)" + collider + "]");
}

const BadInput kBadInputs[] = {
    // Syntax and structure.
    {"malformed JSON", R"({"cloths": [{}, ]})", "JSON parse error"},
    {"not an object", R"([1, 2])", "(top level)"},
    {"duplicate key", solverJson(R"("substeps": 4, "substeps": 5)"), "solver.substeps"},
    // Missing fields.
    {"missing bodies", R"({"name": "x"})", "(top level)"},
    {"no cloth", R"({"cloths": []})", "(top level)"},
    {"missing pin j", pinJson(R"({"i": 0})"), "cloths[0].pins[0].j"},
    {"missing sphere radius", colliderJson(R"({"type": "sphere", "center": [0, 0, 0]})"),
     "colliders[0].radius"},
    {"missing collider type", colliderJson(R"({"normal": [0, 1, 0]})"), "colliders[0].type"},
    {"missing motion vector", pinJson(R"({"i": 0, "j": 0, "motion": {"type": "linear"}})"),
     "cloths[0].pins[0].motion.vector"},
    {"missing sine frequency",
     pinJson(R"({"i": 0, "j": 0, "motion": {"type": "sine", "vector": [1, 0, 0]}})"),
     "cloths[0].pins[0].motion.frequency"},
    // Wrong types.
    {"dt not a number", solverJson(R"("dt": "fast")"), "solver.dt"},
    {"substeps not an integer", solverJson(R"("substeps": 2.5)"), "solver.substeps"},
    {"shear not a bool", sceneWith(R"("shear": 1)"), "cloths[0].shear"},
    {"name not a string", sceneWith(R"("name": 3)"), "cloths[0].name"},
    {"empty name", R"({"name": "", "cloths": [{}]})", "name"},
    {"size not an array", sceneWith(R"("size": 1)"), "cloths[0].size"},
    {"center too short", sceneWith(R"("center": [0, 1])"), "cloths[0].center"},
    {"gravity element not a number", solverJson(R"("gravity": [0, null, 0])"), "solver.gravity[1]"},
    {"solver not an object", R"({"solver": 1, "cloths": [{}]})", "solver"},
    {"pins not an array", sceneWith(R"("pins": {"i": 0})"), "cloths[0].pins"},
    // Negative or out-of-range values.
    {"negative dt", solverJson(R"("dt": -0.01)"), "solver.dt"},
    {"zero dt", solverJson(R"("dt": 0)"), "solver.dt"},
    {"zero substeps", solverJson(R"("substeps": 0)"), "solver.substeps"},
    {"too many substeps", solverJson(R"("substeps": 1001)"), "solver.substeps"},
    {"zero iterations", solverJson(R"("iterations": 0)"), "solver.iterations"},
    {"negative substeps", solverJson(R"("substeps": -3)"), "solver.substeps"},
    {"omega zero", solverJson(R"("omega": 0)"), "solver.omega"},
    {"omega above 2", solverJson(R"("omega": 2.5)"), "solver.omega"},
    {"negative damping", solverJson(R"("damping": -1)"), "solver.damping"},
    {"zero max colours", solverJson(R"("max_colours": 0)"), "solver.max_colours"},
    {"too many colours", solverJson(R"("max_colours": 65)"), "solver.max_colours"},
    {"negative min colour size", solverJson(R"("min_colour_size": -1)"), "solver.min_colour_size"},
    {"negative fuse bound", solverJson(R"("fuse_small_levels": -1)"), "solver.fuse_small_levels"},
    {"fractional fuse bound", solverJson(R"("fuse_small_levels": 1.5)"), "solver.fuse_small_levels"},
    {"huge fuse bound", solverJson(R"("fuse_small_levels": 1e9)"), "solver.fuse_small_levels"},
    {"negative thickness", sceneWith("", R"("thickness": -0.001)"), "thickness"},
    {"resolution 1", sceneWith(R"("resolution": [8, 1])"), "cloths[0].resolution[1]"},
    {"resolution too large", sceneWith(R"("resolution": [5000, 8])"), "cloths[0].resolution[0]"},
    {"zero size", sceneWith(R"("size": [1, 0])"), "cloths[0].size[1]"},
    {"negative density", sceneWith(R"("areal_density": -0.1)"), "cloths[0].areal_density"},
    {"zero density", sceneWith(R"("areal_density": 0)"), "cloths[0].areal_density"},
    {"negative compliance", sceneWith(R"("compliance": {"bend": -1e-3})"), "cloths[0].compliance.bend"},
    {"stiffness above 1", sceneWith(R"("stiffness": {"shear": 1.5})"), "cloths[0].stiffness.shear"},
    {"negative stiffness", sceneWith(R"("stiffness": {"stretch": -0.5})"), "cloths[0].stiffness.stretch"},
    {"zero plane normal", colliderJson(R"({"type": "plane", "normal": [0, 0, 0]})"), "colliders[0].normal"},
    {"zero sphere radius", colliderJson(R"({"type": "sphere", "center": [0, 0, 0], "radius": 0})"),
     "colliders[0].radius"},
    {"zero sine frequency",
     pinJson(R"({"i": 0, "j": 0, "motion": {"type": "sine", "vector": [1, 0, 0], "frequency": 0}})"),
     "cloths[0].pins[0].motion.frequency"},
    // Non-finite values.
    {"infinite dt", solverJson(R"("dt": 1e999)"), "solver.dt"},
    {"infinite gravity", solverJson(R"("gravity": [0, -1e999, 0])"), "solver.gravity[1]"},
    {"infinite compliance", sceneWith(R"("compliance": {"shear": 1e999})"), "cloths[0].compliance.shear"},
    {"beyond float range", sceneWith(R"("center": [0, 1e300, 0])"), "cloths[0].center[1]"},
    // Unknown names.
    {"unknown solver mode", solverJson(R"("mode": "foo")"), "solver.mode"},
    {"unknown constraint model", solverJson(R"("model": "fem")"), "solver.model"},
    {"unknown plane", sceneWith(R"("plane": "yz")"), "cloths[0].plane"},
    {"unknown mass distribution", sceneWith(R"("mass_distribution": "random")"),
     "cloths[0].mass_distribution"},
    {"unknown motion type", pinJson(R"({"i": 0, "j": 0, "motion": {"type": "spin", "vector": [0, 0, 0]}})"),
     "cloths[0].pins[0].motion.type"},
    {"unknown collider type", colliderJson(R"({"type": "cone"})"), "colliders[0].type"},
    // Unknown keys.
    {"unknown top-level key", sceneWith("", R"("gravity": [0, -9.81, 0])"), "gravity"},
    {"unknown solver key", solverJson(R"("substep": 4)"), "solver.substep"},
    {"unknown cloth key", sceneWith(R"("sheer": true)"), "cloths[0].sheer"},
    {"unknown compliance key", sceneWith(R"("compliance": {"stretching": 0})"),
     "cloths[0].compliance.stretching"},
    {"unknown pin key", pinJson(R"({"i": 0, "j": 0, "k": 0})"), "cloths[0].pins[0].k"},
    {"sphere key on a plane", colliderJson(R"({"type": "plane", "radius": 1})"), "colliders[0].radius"},
    {"frequency on a linear motion",
     pinJson(R"({"i": 0, "j": 0, "motion": {"type": "linear", "vector": [0, 0, 0], "frequency": 1}})"),
     "cloths[0].pins[0].motion.frequency"},
    // Pins outside the grid (resolution 8 x 8: valid indices -8..7).
    {"pin i too large", pinJson(R"({"i": 8, "j": 0})"), "cloths[0].pins[0].i"},
    {"pin j too negative", pinJson(R"({"i": 0, "j": -9})"), "cloths[0].pins[0].j"},
    {"second pin out of range", pinJson(R"({"i": 0, "j": 0}, {"i": 100, "j": 0})"), "cloths[0].pins[1].i"},
    {"duplicate pin", pinJson(R"({"i": 0, "j": 7}, {"i": 0, "j": -1})"), "cloths[0].pins[1]"},
};

INSTANTIATE_TEST_SUITE_P(Scene, SceneBadInput, testing::ValuesIn(kBadInputs),
                         [](const testing::TestParamInfo<BadInput>& testInfo) {
                           std::string name;
                           for (const char* c = testInfo.param.what; *c; ++c) {
                             if (std::isalnum(static_cast<unsigned char>(*c))) name += *c;
                           }
                           return name;
                         });

TEST(SceneErrors, MalformedJsonQuotesTheParser) {
  const std::string message = parseError(R"({"cloths": [)");
  EXPECT_EQ(message.rfind(kFile + ": JSON parse error: ", 0), 0u) << message;
  EXPECT_GT(message.size(), (kFile + ": JSON parse error: ").size());
}

TEST(SceneErrors, UnknownKeySuggestsTheClosestKnownKey) {
  EXPECT_NE(parseError(sceneWith(R"("sheer": true)")).find("did you mean 'shear'?"), std::string::npos);
}

TEST(SceneErrors, NonFiniteValueSaysSo) {
  EXPECT_NE(parseError(solverJson(R"("dt": 1e999)")).find("must be finite"), std::string::npos);
}

}  // namespace
}  // namespace vkxpbd

namespace vkxpbd {
namespace {

TEST(SceneParse, ReadsTethers) {
  const SceneDesc on = parseScene(R"({"cloths": [{"tethers": true}]})", "t.json");
  EXPECT_TRUE(on.cloths.at(0).tethers);
  const SceneDesc off = parseScene(R"({"cloths": [{}]})", "t.json");
  EXPECT_FALSE(off.cloths.at(0).tethers);
  try {
    parseScene(R"({"cloths": [{"tethers": 1}]})", "t.json");
    FAIL() << "a number for tethers was accepted";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("t.json: cloths[0].tethers"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace vkxpbd
