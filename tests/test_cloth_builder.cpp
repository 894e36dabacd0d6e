// buildModel(): particle grids, masses, constraints, triangles and pins.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "scene/scene.h"
#include "scene_error_of.h"
#include "sim/cloth_builder.h"

namespace vkxpbd {
namespace {

// The benchmark's standard cloth (docs/benchmarks.md): 1 m × 1 m, N × N, 1 kg, two corners of one edge
// pinned.
SceneDesc standardCloth(uint32_t n) {
  SceneDesc scene;
  scene.path = "standard.json";
  scene.name = "standard";
  ClothDesc cloth;
  cloth.resolution = {n, n};
  cloth.arealDensity = 1.0f;
  cloth.massDistribution = MassDistribution::Uniform;
  cloth.pins = {PinDesc{0, 0, std::nullopt}, PinDesc{-1, 0, std::nullopt}};
  scene.cloths.push_back(cloth);
  return scene;
}

SceneDesc singleCloth(const ClothDesc& cloth) {
  SceneDesc scene;
  scene.path = "single.json";
  scene.name = "single";
  scene.cloths.push_back(cloth);
  return scene;
}

size_t countKind(const Model& model, ConstraintKind kind) {
  return static_cast<size_t>(std::count_if(model.distance.begin(), model.distance.end(), [&](const auto& c) {
    return c.kind == static_cast<uint32_t>(kind);
  }));
}

double totalMass(const Model& model) {
  double mass = 0.0;  // kg
  for (const glm::vec4& p : model.restPositions) mass += p.w > 0.0f ? 1.0 / p.w : 0.0;
  return mass;
}

std::string buildError(const SceneDesc& scene) {
  return errorOf([&] { buildModel(scene); });
}

TEST(ClothBuilder, StandardClothConstraintCounts) {
  const struct {
    uint32_t n;
    size_t total;
  } cases[] = {{64, 23938}, {128, 97026}, {256, 390658}};
  for (const auto& c : cases) {
    SCOPED_TRACE(c.n);
    const Model model = buildModel(standardCloth(c.n));
    const size_t n = c.n;
    EXPECT_EQ(model.particleCount(), n * n);
    EXPECT_EQ(model.distance.size(), c.total);
    EXPECT_EQ(countKind(model, ConstraintKind::Stretch), 2 * n * (n - 1));
    EXPECT_EQ(countKind(model, ConstraintKind::Shear), 2 * (n - 1) * (n - 1));
    EXPECT_EQ(countKind(model, ConstraintKind::Bend), 2 * n * (n - 2));
  }
}

TEST(ClothBuilder, ShippedStandardClothHasTheBenchmarkConstraintCount) {
  const Model model =
      buildModel(loadScene(std::string(VKXPBD_SOURCE_DIR) + "/scenes/standard_cloth_64.json"));
  EXPECT_EQ(model.distance.size(), 23938u);
  EXPECT_EQ(model.name, "standard_cloth_64");
  EXPECT_NEAR(totalMass(model), 1.0 * (64.0 * 64.0 - 2.0) / (64.0 * 64.0), 1e-5);  // 1 kg less the two pins
}

TEST(ClothBuilder, ShearAndBendCanBeSwitchedOff) {
  ClothDesc cloth;
  cloth.resolution = {6, 4};
  cloth.shear = false;
  cloth.bend = false;
  const Model model = buildModel(singleCloth(cloth));
  EXPECT_EQ(model.distance.size(), size_t{5 * 4 + 6 * 3});
  EXPECT_EQ(countKind(model, ConstraintKind::Stretch), model.distance.size());
}

TEST(ClothBuilder, ConstraintsAreOrderedStretchShearBend) {
  const Model model = buildModel(standardCloth(9));
  EXPECT_TRUE(std::is_sorted(model.distance.begin(), model.distance.end(),
                             [](const auto& x, const auto& y) { return x.kind < y.kind; }));
  // The first constraints are the edges of particle (0, 0): to (1, 0), then to (0, 1).
  EXPECT_EQ(model.distance[0].a, 0u);
  EXPECT_EQ(model.distance[0].b, 1u);
  EXPECT_EQ(model.distance[1].a, 0u);
  EXPECT_EQ(model.distance[1].b, 9u);
  const Model again = buildModel(standardCloth(9));
  ASSERT_EQ(again.distance.size(), model.distance.size());
  for (size_t c = 0; c < model.distance.size(); ++c) {
    EXPECT_EQ(again.distance[c].a, model.distance[c].a);
    EXPECT_EQ(again.distance[c].b, model.distance[c].b);
  }
}

TEST(ClothBuilder, TotalMassIsDensityTimesAreaForBothDistributions) {
  for (MassDistribution distribution : {MassDistribution::Uniform, MassDistribution::Area}) {
    SCOPED_TRACE(distribution == MassDistribution::Uniform ? "uniform" : "area");
    ClothDesc cloth;
    cloth.resolution = {7, 5};
    cloth.size = {1.3f, 0.7f};   // m
    cloth.arealDensity = 0.37f;  // kg/m²
    cloth.massDistribution = distribution;
    const Model model = buildModel(singleCloth(cloth));
    const double expected = 0.37 * 1.3 * 0.7;  // kg
    EXPECT_NEAR(totalMass(model), expected, 1e-5 * expected);
  }
}

TEST(ClothBuilder, UniformMassesAreEqual) {
  ClothDesc cloth;
  cloth.resolution = {10, 10};
  cloth.arealDensity = 2.0f;
  cloth.massDistribution = MassDistribution::Uniform;
  const Model model = buildModel(singleCloth(cloth));
  for (const glm::vec4& p : model.restPositions) EXPECT_FLOAT_EQ(p.w, 50.0f);  // 1/(2 kg / 100)
}

TEST(ClothBuilder, AreaMassOfAnInteriorParticleIsOneCell) {
  ClothDesc cloth;
  cloth.resolution = {5, 5};
  cloth.size = {2.0f, 1.0f};  // cells of 0.5 m × 0.25 m
  cloth.arealDensity = 4.0f;
  cloth.massDistribution = MassDistribution::Area;
  const Model model = buildModel(singleCloth(cloth));
  EXPECT_NEAR(1.0f / model.restPositions[2 * 5 + 2].w, 4.0 * 0.5 * 0.25, 1e-6);  // kg
}

TEST(ClothBuilder, GridLayoutAndPositions) {
  for (ClothPlane plane : {ClothPlane::XZ, ClothPlane::XY}) {
    ClothDesc cloth;
    cloth.resolution = {5, 3};
    cloth.size = {2.0f, 1.0f};
    cloth.center = {1.0f, 2.0f, 3.0f};
    cloth.plane = plane;
    const Model model = buildModel(singleCloth(cloth));
    ASSERT_EQ(model.particleCount(), 15u);
    // Particle (i, j) = index j * nx + i lies at center + ((i/(nx-1) - 1/2) size.x, (j/(ny-1) - 1/2) size.y).
    for (uint32_t j = 0; j < 3; ++j) {
      for (uint32_t i = 0; i < 5; ++i) {
        const float u = -1.0f + 0.5f * static_cast<float>(i), v = -0.5f + 0.5f * static_cast<float>(j);
        const glm::vec3 expected = plane == ClothPlane::XZ ? glm::vec3(1.0f + u, 2.0f, 3.0f + v)
                                                           : glm::vec3(1.0f + u, 2.0f + v, 3.0f);
        const glm::vec3 actual(model.restPositions[j * 5 + i]);
        EXPECT_NEAR(glm::length(actual - expected), 0.0f, 1e-6f) << "i=" << i << " j=" << j;
      }
    }
  }
}

TEST(ClothBuilder, RestLengthsFollowTheGridSpacing) {
  const uint32_t n = 16;
  const Model model = buildModel(standardCloth(n));
  const float spacing = 1.0f / static_cast<float>(n - 1);  // m
  for (const DistanceConstraint& c : model.distance) {
    const float expected = c.kind == static_cast<uint32_t>(ConstraintKind::Stretch) ? spacing
                           : c.kind == static_cast<uint32_t>(ConstraintKind::Shear)
                               ? std::sqrt(2.0f) * spacing
                               : 2.0f * spacing;
    ASSERT_NEAR(c.restLength, expected, 1e-6f) << "constraint " << c.a << "-" << c.b << " kind " << c.kind;
    EXPECT_EQ(c.compliance, 0.0f);
    EXPECT_EQ(c.stiffness, 1.0f);
  }
}

TEST(ClothBuilder, ComplianceAndStiffnessPerKind) {
  ClothDesc cloth;
  cloth.resolution = {4, 4};
  cloth.complianceStretch = 1e-6f;
  cloth.complianceShear = 2e-6f;
  cloth.complianceBend = 3e-6f;
  cloth.stiffnessStretch = 0.9f;
  cloth.stiffnessShear = 0.8f;
  cloth.stiffnessBend = 0.7f;
  const Model model = buildModel(singleCloth(cloth));
  const float compliance[] = {1e-6f, 2e-6f, 3e-6f};
  const float stiffness[] = {0.9f, 0.8f, 0.7f};
  for (const DistanceConstraint& c : model.distance) {
    ASSERT_LT(c.kind, 3u);
    EXPECT_EQ(c.compliance, compliance[c.kind]);
    EXPECT_EQ(c.stiffness, stiffness[c.kind]);
  }
}

TEST(ClothBuilder, ConstraintsReferenceParticlesOfTheirOwnCloth) {
  SceneDesc scene = standardCloth(8);
  ClothDesc second;
  second.name = "second";
  second.resolution = {5, 9};
  scene.cloths.push_back(second);
  const Model model = buildModel(scene);
  ASSERT_EQ(model.particleCount(), 64u + 45u);
  for (size_t c = 0; c < model.distance.size(); ++c) {
    const DistanceConstraint& d = model.distance[c];
    ASSERT_LT(d.a, model.particleCount());
    ASSERT_LT(d.b, model.particleCount());
    EXPECT_NE(d.a, d.b);
    EXPECT_EQ(d.a < 64u, d.b < 64u) << "constraint " << c << " joins two cloths";
  }
  ASSERT_EQ(model.surfaces.size(), 2u);
  EXPECT_EQ(model.surfaces[1].name, "second");
  for (uint32_t index : model.surfaces[1].indices) EXPECT_GE(index, 64u);
}

TEST(ClothBuilder, TrianglesCoverTheGridFacingUp) {
  for (ClothPlane plane : {ClothPlane::XZ, ClothPlane::XY}) {
    ClothDesc cloth;
    cloth.name = "sheet";
    cloth.resolution = {6, 4};
    cloth.size = {1.5f, 0.5f};
    cloth.plane = plane;
    const Model model = buildModel(singleCloth(cloth));
    ASSERT_EQ(model.surfaces.size(), 1u);
    const SurfaceMesh& mesh = model.surfaces[0];
    EXPECT_EQ(mesh.name, "sheet");
    ASSERT_EQ(mesh.indices.size(), size_t{3 * 2 * 5 * 3});
    const glm::vec3 up = plane == ClothPlane::XZ ? glm::vec3(0, 1, 0) : glm::vec3(0, 0, 1);
    double area = 0.0;  // m²
    for (size_t t = 0; t < mesh.indices.size(); t += 3) {
      for (size_t corner = 0; corner < 3; ++corner)
        ASSERT_LT(mesh.indices[t + corner], model.particleCount());
      const glm::vec3 a(model.restPositions[mesh.indices[t]]), b(model.restPositions[mesh.indices[t + 1]]),
          c(model.restPositions[mesh.indices[t + 2]]);
      const glm::vec3 normal = glm::cross(b - a, c - a);  // length = twice the area
      EXPECT_GT(glm::dot(normal, up), 0.0f) << "triangle " << t / 3 << " faces away";
      area += 0.5 * glm::length(normal);
    }
    EXPECT_NEAR(area, 1.5 * 0.5, 1e-5);
  }
}

TEST(ClothBuilder, PinnedParticlesHaveZeroInverseMass) {
  const Model model = buildModel(standardCloth(8));
  ASSERT_EQ(model.pins.size(), 2u);
  EXPECT_EQ(model.pins[0].particle, 0u);  // (0, 0)
  EXPECT_EQ(model.pins[1].particle, 7u);  // (-1, 0) = (7, 0)
  for (const Pin& pin : model.pins) {
    const glm::vec4 rest = model.restPositions[pin.particle];
    EXPECT_EQ(rest.w, 0.0f);
    EXPECT_EQ(pin.motion, VKXPBD_NONE);
    EXPECT_EQ(pin.target, glm::vec4(glm::vec3(rest), 0.0f));
  }
  const auto zeroMass = std::count_if(model.restPositions.begin(), model.restPositions.end(),
                                      [](const glm::vec4& p) { return p.w == 0.0f; });
  EXPECT_EQ(zeroMass, 2);
  EXPECT_TRUE(model.motions.empty());
}

TEST(ClothBuilder, PinMotionsAreRecorded) {
  ClothDesc cloth;
  cloth.resolution = {4, 3};
  cloth.pins = {PinDesc{0, -1, std::nullopt},
                PinDesc{-1, -1, PinMotionDesc{VKXPBD_MOTION_SINE, glm::vec3(0.1f, 0.0f, 0.0f), 0.5f}}};
  const Model model = buildModel(singleCloth(cloth));
  ASSERT_EQ(model.pins.size(), 2u);
  EXPECT_EQ(model.pins[0].particle, 8u);  // (0, 2)
  EXPECT_EQ(model.pins[0].motion, VKXPBD_NONE);
  EXPECT_EQ(model.pins[1].particle, 11u);  // (3, 2)
  ASSERT_EQ(model.pins[1].motion, 0u);
  ASSERT_EQ(model.motions.size(), 1u);
  EXPECT_EQ(model.motions[0].vector, glm::vec4(0.1f, 0.0f, 0.0f, 0.0f));
  EXPECT_EQ(model.motions[0].frequency, 0.5f);
  EXPECT_EQ(model.motions[0].type, VKXPBD_MOTION_SINE);
}

TEST(ClothBuilder, OutOfRangePinIsAnError) {
  SceneDesc scene = standardCloth(8);
  scene.cloths[0].pins.push_back(PinDesc{8, 0, std::nullopt});
  const std::string message = buildError(scene);
  EXPECT_EQ(message.rfind("standard.json: cloths[0].pins[2]: ", 0), 0u) << message;
  scene.cloths[0].pins.back() = PinDesc{0, -9, std::nullopt};
  EXPECT_EQ(buildError(scene).rfind("standard.json: cloths[0].pins[2]: ", 0), 0u);
}

TEST(ClothBuilder, DuplicatePinIsAnError) {
  SceneDesc scene = standardCloth(8);
  scene.cloths[0].pins.push_back(PinDesc{7, 0, std::nullopt});  // the same particle as (-1, 0)
  const std::string message = buildError(scene);
  EXPECT_EQ(message.rfind("standard.json: cloths[0].pins[2]: ", 0), 0u) << message;
  EXPECT_NE(message.find("pins[1]", 30), std::string::npos) << message;
}

TEST(ClothBuilder, ClothWithoutMassIsAnError) {
  SceneDesc scene = standardCloth(8);
  scene.cloths[0].arealDensity = 0.0f;
  EXPECT_EQ(buildError(scene).rfind("standard.json: cloths[0].areal_density: ", 0), 0u);
}

TEST(ClothBuilder, CollidersThicknessAndNameAreCopied) {
  SceneDesc scene = standardCloth(4);
  scene.name = "with colliders";
  scene.thickness = 0.02f;
  scene.colliders.push_back(planeCollider({0.0f, 1.0f, 0.0f}, 0.0f));
  scene.colliders.push_back(sphereCollider({0.0f, 0.5f, 0.0f}, 0.3f));
  const Model model = buildModel(scene);
  EXPECT_EQ(model.name, "with colliders");
  EXPECT_EQ(model.thickness, 0.02f);
  ASSERT_EQ(model.colliders.size(), 2u);
  EXPECT_EQ(model.colliders[0].shape, scene.colliders[0].shape);
  EXPECT_EQ(model.colliders[1].type, VKXPBD_COLLIDER_SPHERE);
  EXPECT_EQ(model.colliders[1].position, scene.colliders[1].position);
}

}  // namespace
}  // namespace vkxpbd
