// Point–triangle contacts on the CPU reference: the constraint's correction (push-out to C = 0, the side
// kept from the substep's start, momentum, Coulomb friction), its gradients against finite differences,
// the candidate lists against brute force, and a coarse sheet that rests on a coarse trampoline with
// triangle contacts but falls through the gaps between particles without them.
#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "contact_test_scenes.h"
#include "penetration_check.h"
#include "scene/scene.h"
#include "shared/contact_math.h"
#include "sim/cloth_builder.h"
#include "sim/contact_hash.h"
#include "sim/contact_triangles.h"
#include "sim/cpu_solver.h"
#include "sim/sim_params.h"

namespace vkxpbd {
namespace {

using glm::vec3;
using glm::vec4;

// A right triangle in the plane y = 0, normal +y (counter-clockwise seen from +y is x0, x2, x1, so the
// cross product (x1 − x0) × (x2 − x0) points down: the tests do not depend on the winding).
const vec3 kX0(0.0f, 0.0f, 0.0f), kX1(1.0f, 0.0f, 0.0f), kX2(0.0f, 0.0f, 1.0f);

gpu::PointTriangleCorrection contact(vec3 q, vec3 qStart, vec4 w = vec4(1.0f), float d = 0.01f,
                                     float muS = 0.0f, float muK = 0.0f) {
  return gpu::pointTriangleContact(q, kX0, kX1, kX2, qStart, kX0, kX1, kX2, w, d, muS, muK);
}

// Signed height of q above the (moved) triangle's plane at q's projection.
float heightAfter(const gpu::PointTriangleCorrection& r, vec3 q) {
  const vec3 x0 = kX0 + r.d0, x1 = kX1 + r.d1, x2 = kX2 + r.d2, qn = q + r.dq;
  const vec3 n = glm::normalize(glm::cross(x1 - x0, x2 - x0));
  return -glm::dot(qn - x0, n);  // the cross product points down (−y)
}

TEST(PointTriangle, PushesAPointOutToTheContactDistanceAndKeepsMomentum) {
  const vec3 q(0.2f, 0.004f, 0.3f);
  const vec4 w(1.0f, 2.0f, 0.5f, 4.0f);  // 1/kg: unequal masses
  const gpu::PointTriangleCorrection r = contact(q, q + vec3(0.0f, 0.05f, 0.0f), w);
  ASSERT_EQ(r.touching, 1u);
  EXPECT_NEAR(heightAfter(r, q), 0.01f, 1e-6f);  // C = 0 after one projection (linear along n)
  // Σ m·Δx = 0: Δx/w summed over the four particles.
  const vec3 momentum = r.dq / w.x + r.d0 / w.y + r.d1 / w.z + r.d2 / w.w;
  EXPECT_LT(glm::length(momentum), 1e-7f);
  EXPECT_GT(r.dq.y, 0.0f);
  EXPECT_LT(r.d0.y, 0.0f);
}

TEST(PointTriangle, KeepsTheSideThePointHadAtTheSubstepStart) {
  // Below at the start: pushed down to −d.
  const vec3 below(0.2f, -0.004f, 0.3f);
  const gpu::PointTriangleCorrection down = contact(below, below - vec3(0.0f, 0.05f, 0.0f));
  ASSERT_EQ(down.touching, 1u);
  EXPECT_NEAR(heightAfter(down, below), -0.01f, 1e-6f);
  // Above at the start and through the triangle now: pulled back to +d.
  const vec3 crossed(0.2f, -0.006f, 0.3f);
  const gpu::PointTriangleCorrection back = contact(crossed, crossed + vec3(0.0f, 0.02f, 0.0f));
  ASSERT_EQ(back.touching, 1u);
  EXPECT_NEAR(heightAfter(back, crossed), 0.01f, 1e-6f);
  // Above, farther than d: nothing.
  const vec3 clear(0.2f, 0.011f, 0.3f);
  EXPECT_EQ(contact(clear, clear).touching, 0u);
}

TEST(PointTriangle, ActsOnlyWhereThePointProjectsInsideTheTriangle) {
  const vec3 outside(0.6f, 0.004f, 0.6f);  // over the plane, beyond the hypotenuse
  const gpu::PointTriangleCorrection r = contact(outside, outside + vec3(0.0f, 0.05f, 0.0f));
  EXPECT_EQ(r.touching, 0u);
  EXPECT_EQ(r.dq, vec3(0.0f));
  // A degenerate (collinear) triangle never acts.
  const vec3 q(0.2f, 0.0f, 0.0f);
  EXPECT_EQ(gpu::pointTriangleContact(q, kX0, kX1, 2.0f * kX1, q, kX0, kX1, 2.0f * kX1, vec4(1.0f), 0.01f,
                                      0.0f, 0.0f)
                .touching,
            0u);
}

TEST(PointTriangle, CoulombFrictionOnTheRelativeSlide) {
  const vec3 start(0.2f, 0.05f, 0.3f);
  const float depth = 0.008f;  // m: the point ends 2 mm above the plane, d = 10 mm
  // Static: a 1 mm slide with μs·depth = 4 mm is removed entirely (relative to the triangle).
  const vec3 q1 = vec3(0.201f, 0.002f, 0.3f);
  const gpu::PointTriangleCorrection stick = contact(q1, start, vec4(1.0f), 0.01f, 0.5f, 0.4f);
  ASSERT_EQ(stick.touching, 1u);
  auto relativeSlideX = [&](const gpu::PointTriangleCorrection& r, vec3 q) {
    const vec3 b = gpu::projectedBarycentrics(q, kX0, kX1, kX2);
    const vec3 surface = b.x * r.d0 + b.y * r.d1 + b.z * r.d2;
    return (q + r.dq - start).x - surface.x;
  };
  EXPECT_NEAR(relativeSlideX(stick, q1), 0.0f, 1e-6f);
  // Kinetic: a 10 mm slide is reduced by μk·depth = 3.2 mm.
  const vec3 q2 = vec3(0.21f, 0.002f, 0.3f);
  const gpu::PointTriangleCorrection slide = contact(q2, start, vec4(1.0f), 0.01f, 0.5f, 0.4f);
  EXPECT_NEAR(relativeSlideX(slide, q2), 0.01f - 0.4f * depth, 1e-6f);
}

// The signed distance of q from the plane of (x0, x1, x2): its gradients are n for q and −b_k·n for corner
// k. Central differences in double precision against the directions of the solver's correction, which
// (with equal masses, no friction) is −C·∇C/|∇C|².
TEST(PointTriangle, GradientsMatchFiniteDifferences) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-0.3, 0.3);
  int checked = 0;
  for (int trial = 0; trial < 20; ++trial) {
    glm::dvec3 x[4] = {{0.3 + 0.1 * u(rng), 0.002, 0.3 + 0.1 * u(rng)},
                       {u(rng) - 0.5, u(rng) * 0.2, u(rng) - 0.5},
                       {u(rng) + 1.0, u(rng) * 0.2, u(rng)},
                       {u(rng), u(rng) * 0.2, u(rng) + 1.0}};
    auto distance = [](const glm::dvec3* p) {
      return glm::dot(p[0] - p[1], glm::normalize(glm::cross(p[2] - p[1], p[3] - p[1])));
    };
    const double h = 1e-6;
    glm::dvec3 gradient[4];
    for (int k = 0; k < 4; ++k)
      for (int c = 0; c < 3; ++c) {
        glm::dvec3 plus[4] = {x[0], x[1], x[2], x[3]}, minus[4] = {x[0], x[1], x[2], x[3]};
        plus[k][c] += h;
        minus[k][c] -= h;
        gradient[k][c] = (distance(plus) - distance(minus)) / (2.0 * h);
      }
    const double side = distance(x) > 0.0 ? 1.0 : -1.0;
    // Place q just inside the contact distance on its own side, starting far out on that side.
    const double d = std::abs(distance(x)) + 0.003;
    const vec3 q(x[0]), x0(x[1]), x1(x[2]), x2(x[3]);
    const vec3 start = q + vec3(side * 0.1 * glm::dvec3(gradient[0]));
    const gpu::PointTriangleCorrection r = gpu::pointTriangleContact(
        q, x0, x1, x2, start, x0, x1, x2, vec4(1.0f), static_cast<float>(d), 0.0f, 0.0f);
    if (r.touching == 0u) continue;  // the projection fell outside this triangle
    ++checked;
    double gradientNormSq = 0.0;
    for (const glm::dvec3& g : gradient) gradientNormSq += glm::dot(g, g);
    const double c = side * distance(x) - d;  // m, < 0
    const vec3 corrections[4] = {r.dq, r.d0, r.d1, r.d2};
    for (int k = 0; k < 4; ++k) {
      const glm::dvec3 expected = -c * side * gradient[k] / gradientNormSq;
      EXPECT_LT(glm::length(glm::dvec3(corrections[k]) - expected), 1e-5 * std::abs(c) + 1e-7)
          << "trial " << trial << " particle " << k;
    }
  }
  EXPECT_GE(checked, 10);
}

// Two cloths of 5 cm spacing stacked 3 cm apart, jittered; candidate lists from the neighbour lists
// against every triangle tested against every particle.
TEST(PointTriangle, CandidateListsAreExactlyTheBruteForceSets) {
  const test::ClothStack stack = test::jitteredClothStack(3);
  const Model& model = stack.model;
  const gpu::SimParams params = makeSimParams(model, stack.scene.solver);
  ASSERT_GT(params.triangleSearch, 0.03f);  // reaches the other layer
  const std::vector<uint32_t> packed = packContactTriangles(model);
  const NeighbourLists neighbours = findNeighbours(model.restPositions, params);
  const NeighbourLists lists = findTriangleNeighbours(model.restPositions, params, neighbours, packed);
  const auto brute = bruteForceTriangleNeighbours(model.restPositions, packed, params.contactTriangles,
                                                  params.triangleSearch);
  EXPECT_EQ(neighbours.overflow, 0u);
  EXPECT_EQ(lists.overflow, 0u);
  const size_t pairs = test::expectListsAreTheSets(lists, brute);
  // Pairs between the layers: the first 121 particles and 200 triangles are the lower cloth's.
  size_t otherLayer = 0;
  for (uint32_t q = 0; q < model.particleCount(); ++q)
    for (uint32_t t : brute[q]) otherLayer += (q < 121) != (t < 200);
  EXPECT_GT(otherLayer, 1000u);  // the layers see each other
  EXPECT_GT(pairs, otherLayer);
}

// The coarse sheet dropped on the coarse trampoline (test::kClothLayers), with or without triangles.
struct Layers {
  float sheetMeanY = 0.0f;
  float trampolineMeanY = 0.0f;  // of the trampoline's particles under the sheet (m)
  uint32_t intersections = 0;
};

Layers dropSheet(bool triangles, uint32_t frames) {
  SceneDesc scene = parseScene(test::kClothLayers, "layers.json");
  scene.contacts.triangles = triangles;
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  for (uint32_t f = 0; f < frames; ++f) solver.stepFrame(state);
  Layers result;
  const uint32_t trampoline = test::kTrampolineParticles;
  float under = 0.0f;
  for (uint32_t p = 0; p < model.particleCount(); ++p) {
    const vec4 x = state.positions[p];
    EXPECT_TRUE(std::isfinite(x.y));
    if (p >= trampoline) {
      result.sheetMeanY += x.y / static_cast<float>(model.particleCount() - trampoline);
    } else if (std::abs(x.x - 0.025f) < 0.25f && std::abs(x.z - 0.025f) < 0.25f) {
      result.trampolineMeanY += x.y;
      under += 1.0f;
    }
  }
  result.trampolineMeanY /= under;
  std::vector<uint32_t> all;
  for (const SurfaceMesh& s : model.surfaces) all.insert(all.end(), s.indices.begin(), s.indices.end());
  result.intersections = test::edgeTriangleIntersections(all, state.positions);
  return result;
}

TEST(PointTriangle, CoarseSheetRestsOnACoarseTrampoline) {
  const Layers with = dropSheet(true, 90);
  EXPECT_EQ(with.intersections, 0u);
  // It lies on the trampoline about one contact distance (15 mm) above it.
  EXPECT_GT(with.sheetMeanY - with.trampolineMeanY, 0.5f * 0.015f);
  EXPECT_LT(with.sheetMeanY - with.trampolineMeanY, 2.0f * 0.015f);
  const Layers without = dropSheet(false, 90);
  EXPECT_LT(without.sheetMeanY, without.trampolineMeanY - 0.2f) << "without triangles it should fall through";
}

TEST(PointTriangle, SceneKeysAndTheSearchRadiusRule) {
  // Without a search radius, it is widened to 1.5·d + 1.1·L/√3 (L the longest triangle edge).
  const SceneDesc scene = parseScene(test::kClothLayers, "layers.json");
  const Model model = buildModel(scene);
  const float reach = 1.1f * std::sqrt(2.0f) * 0.05f / std::sqrt(3.0f);
  EXPECT_NEAR(model.contacts.searchRadius, 1.5f * 0.015f + reach, 1e-5f);
  EXPECT_NEAR(model.contacts.triangleSearch, 1.5f * 0.015f, 1e-5f);
  EXPECT_EQ(model.contacts.maxTriangles, 16u);
  // A given radius too small for the triangles names the field.
  std::string json = test::kClothLayers;
  json.replace(json.find("\"triangles\""), 0, "\"search_radius\": 0.03, ");
  try {
    buildModel(parseScene(json, "layers.json"));
    FAIL() << "expected an error";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("layers.json: contacts.search_radius"), std::string::npos)
        << e.what();
  }
  std::string wrongType = test::kClothLayers;
  wrongType.replace(wrongType.find("true"), 4, "1");
  EXPECT_THROW(parseScene(wrongType, "layers.json"), SceneError);
  std::string tooMany = test::kClothLayers;
  tooMany.replace(tooMany.find("\"triangles\""), 0, "\"max_triangles\": 65, ");
  try {
    parseScene(tooMany, "layers.json");
    FAIL() << "expected an error";
  } catch (const SceneError& e) {
    EXPECT_NE(std::string(e.what()).find("contacts.max_triangles"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace vkxpbd
