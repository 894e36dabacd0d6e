// The four-particle constraints (shared/element_math.h) and their builder: gradients against finite
// differences, stability at the angles where arccos fails, the isometric weights, and degenerate input.
#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "shared/element_math.h"
#include "shared/volume_math.h"
#include "sim/element_builder.h"

namespace vkxpbd {
namespace {

using glm::vec3;
using glm::vec4;

struct Stencil {
  vec3 x[4];
};

Stencil randomStencil(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  Stencil s;
  for (vec3& p : s.x) p = vec3(u(rng), u(rng), u(rng));
  return s;
}

// A tetrahedron near the unit corner tetrahedron, positively oriented.
Stencil randomTet(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-0.15f, 0.15f);
  const vec3 corners[4] = {vec3(0.0f), vec3(1.0f, 0.0f, 0.0f), vec3(0.0f, 1.0f, 0.0f),
                           vec3(0.0f, 0.0f, 1.0f)};
  Stencil s;
  for (int i = 0; i < 4; ++i) s.x[i] = corners[i] + vec3(u(rng), u(rng), u(rng));
  return s;
}

gpu::ElementConstraint element(uint32_t type, float rest) {
  gpu::ElementConstraint e{};
  e.type = type;
  e.rest = rest;
  e.data = 0;
  return e;
}

// Central differences of C against the analytic gradient, every particle and axis.
void expectGradientMatches(const gpu::ElementConstraint& e, const Stencil& s, vec4 q0, vec4 q1, vec4 q2) {
  const gpu::ElementGradient g = gpu::elementGradient(e, s.x[0], s.x[1], s.x[2], s.x[3], q0, q1, q2);
  const vec3 analytic[4] = {g.g0, g.g1, g.g2, g.g3};
  const float h = 1e-3f;  // m
  for (int i = 0; i < 4; ++i) {
    for (int axis = 0; axis < 3; ++axis) {
      Stencil plus = s, minus = s;
      plus.x[i][axis] += h;
      minus.x[i][axis] -= h;
      const float cp = gpu::elementGradient(e, plus.x[0], plus.x[1], plus.x[2], plus.x[3], q0, q1, q2).C;
      const float cm = gpu::elementGradient(e, minus.x[0], minus.x[1], minus.x[2], minus.x[3], q0, q1, q2).C;
      const float numeric = (cp - cm) / (2.0f * h);
      EXPECT_NEAR(analytic[i][axis], numeric, 2e-3f * std::max(1.0f, std::abs(numeric)))
          << "type " << e.type << " particle " << i << " axis " << axis;
    }
  }
}

TEST(ElementGradient, DihedralMatchesFiniteDifferences) {
  std::mt19937 rng(1);
  for (int trial = 0; trial < 50; ++trial) {
    Stencil s = randomStencil(rng);
    const gpu::ElementGradient g = gpu::dihedralGradient(s.x[0], s.x[1], s.x[2], s.x[3], 0.0f);
    if (std::abs(std::abs(g.C) - VKXPBD_PI) < 0.05f) continue;  // the ±π wrap is not differentiable
    expectGradientMatches(element(VKXPBD_ELEMENT_DIHEDRAL, 0.3f), s, vec4(0.0f), vec4(0.0f), vec4(0.0f));
  }
}

TEST(ElementGradient, IsometricBendMatchesFiniteDifferences) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 50; ++trial) {
    const Stencil s = randomStencil(rng);
    const vec4 K(1.3f, -0.4f, -0.2f, -0.7f);
    expectGradientMatches(element(VKXPBD_ELEMENT_ISOMETRIC_BEND, 1.7f), s, K, vec4(0.0f), vec4(0.0f));
  }
}

TEST(ElementGradient, TetVolumeMatchesFiniteDifferences) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 50; ++trial)
    expectGradientMatches(element(VKXPBD_ELEMENT_TET_VOLUME, 0.1f), randomStencil(rng), vec4(0.0f),
                          vec4(0.0f), vec4(0.0f));
}

// C_D and C_H of a Neo-Hookean tetrahedron, as elements of their own (for the gradient check).
gpu::ElementGradient neoHookeanPart(const Stencil& s, const vec4* q, float gamma, bool hydrostatic) {
  return gpu::neoHookeanGradient(s.x[0], s.x[1], s.x[2], s.x[3], q[0], q[1], q[2], hydrostatic, gamma);
}

TEST(ElementGradient, NeoHookeanMatchesFiniteDifferences) {
  std::mt19937 rng(4);
  // D_m⁻¹ of a rest tetrahedron that is not the unit one.
  const Stencil rest = randomTet(rng);
  Model model;
  for (const vec3& x : rest.x) model.restPositions.emplace_back(x, 1.0f);
  addTetMaterial(model, {0, 1, 2, 3}, TetMaterial{}, "test");
  ASSERT_EQ(model.elements.size(), 1u);
  ASSERT_EQ(model.elementData.size(), 3u);
  const vec4* q = model.elementData.data();
  const float gamma = model.elements[0].rest;
  for (int trial = 0; trial < 50; ++trial) {
    const Stencil s = randomTet(rng);
    for (bool hydrostatic : {false, true}) {
      const gpu::ElementGradient g = neoHookeanPart(s, q, gamma, hydrostatic);
      const vec3 analytic[4] = {g.g0, g.g1, g.g2, g.g3};
      const float h = 1e-3f;
      for (int i = 0; i < 4; ++i)
        for (int axis = 0; axis < 3; ++axis) {
          Stencil plus = s, minus = s;
          plus.x[i][axis] += h;
          minus.x[i][axis] -= h;
          const float numeric = (neoHookeanPart(plus, q, gamma, hydrostatic).C -
                                 neoHookeanPart(minus, q, gamma, hydrostatic).C) /
                                (2.0f * h);
          EXPECT_NEAR(analytic[i][axis], numeric, 2e-3f * std::max(1.0f, std::abs(numeric)))
              << (hydrostatic ? "hydrostatic" : "deviatoric") << " particle " << i << " axis " << axis;
        }
    }
  }
}

TEST(ElementGradient, NeoHookeanIsAtRestInTheRestShape) {
  // At F = I the deviatoric and hydrostatic forces cancel (γ = 1 + μ/λ), so the coupled projection of
  // a tetrahedron at rest moves nothing, even on the first iteration (λ = 0).
  std::mt19937 rng(5);
  const Stencil rest = randomTet(rng);
  Model model;
  for (const vec3& x : rest.x) model.restPositions.emplace_back(x, 2.0f);
  addTetMaterial(model, {0, 1, 2, 3}, TetMaterial{}, "test");
  const vec4* q = model.elementData.data();
  const gpu::ElementConstraint& e = model.elements[0];
  EXPECT_NEAR(neoHookeanPart(rest, q, e.rest, false).C, std::sqrt(3.0f), 1e-5f);  // ‖I‖_F
  EXPECT_NEAR(neoHookeanPart(rest, q, e.rest, true).C, 1.0f - e.rest, 1e-5f);
  const float alphaScale = 3600.0f * 100.0f;  // 1/Δt², Δt = 1/600 s
  const vec4* x = model.restPositions.data();
  const gpu::ElementCorrection r =
      gpu::projectElement(e, x[0], x[1], x[2], x[3], q[0], q[1], q[2], alphaScale, 0.0f, 0.0f, 0u);
  const float moved = glm::length(r.d0) + glm::length(r.d1) + glm::length(r.d2) + glm::length(r.d3);
  EXPECT_LT(moved, 1e-6f);
  EXPECT_NE(r.deltaLambda, 0.0f);  // the two λ take up the balancing forces instead
  // Squeezed by 10% along x, it pushes back: the correction increases the volume.
  Stencil squeezed = rest;
  for (vec3& p : squeezed.x) p.x *= 0.9f;
  vec4 xs[4];
  for (int i = 0; i < 4; ++i) xs[i] = vec4(squeezed.x[i], 2.0f);
  const gpu::ElementCorrection push =
      gpu::projectElement(e, xs[0], xs[1], xs[2], xs[3], q[0], q[1], q[2], alphaScale, 0.0f, 0.0f, 0u);
  const float before = gpu::tetVolume(squeezed.x[0], squeezed.x[1], squeezed.x[2], squeezed.x[3]);
  const float after = gpu::tetVolume(squeezed.x[0] + push.d0, squeezed.x[1] + push.d1,
                                     squeezed.x[2] + push.d2, squeezed.x[3] + push.d3);
  EXPECT_GT(after, before);
}

TEST(Dihedral, StableWhenFlatAndWhenFolded) {
  const vec3 p0(0.0f), p1(1.0f, 0.0f, 0.0f), p2(0.5f, 1.0f, 0.0f);
  // Flat: the other wing on the far side of the edge.
  const gpu::ElementGradient flat = gpu::dihedralGradient(p0, p1, p2, vec3(0.5f, -1.0f, 0.0f), 0.0f);
  EXPECT_EQ(flat.C, 0.0f);
  EXPECT_TRUE(std::isfinite(flat.g0.x) && std::isfinite(flat.g3.z));
  EXPECT_NEAR(glm::length(flat.g2), 1.0f, 1e-6f);  // |E| / |N| = 1 / height
  // Folded: both wings on the same side, the angle is ±π; with rest angle π, C is 0, not 2π.
  const gpu::ElementGradient folded = gpu::dihedralGradient(p0, p1, p2, vec3(0.5f, 1.0f, 0.0f), VKXPBD_PI);
  EXPECT_NEAR(folded.C, 0.0f, 1e-5f);
  EXPECT_TRUE(std::isfinite(folded.g0.x) && std::isfinite(folded.g3.z));
  // Just past the fold on either side the constraint value is small and of opposite sign.
  const gpu::ElementGradient past1 = gpu::dihedralGradient(p0, p1, p2, vec3(0.5f, 1.0f, 0.01f), VKXPBD_PI);
  const gpu::ElementGradient past2 = gpu::dihedralGradient(p0, p1, p2, vec3(0.5f, 1.0f, -0.01f), VKXPBD_PI);
  EXPECT_LT(std::abs(past1.C), 0.02f);
  EXPECT_LT(std::abs(past2.C), 0.02f);
  EXPECT_LT(past1.C * past2.C, 0.0f);
  // A degenerate wing (zero area) yields no gradient and no NaN.
  const gpu::ElementGradient degenerate = gpu::dihedralGradient(p0, p1, vec3(2.0f, 0.0f, 0.0f), p2, 0.0f);
  EXPECT_EQ(glm::length(degenerate.g0), 0.0f);
  const gpu::ElementCorrection none =
      gpu::projectGradient(degenerate, vec4(1.0f), 0.0f, 1.0f, 3600.0f, 0.0f, 0u);
  EXPECT_EQ(none.deltaLambda, 0.0f);
}

TEST(Isometric, WeightsAnnihilateFlatStencils) {
  std::mt19937 rng(6);
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  for (int trial = 0; trial < 20; ++trial) {
    // A flat stencil in a random plane: edge along x, wings on either side, then rotated.
    const vec3 local[4] = {vec3(0.0f), vec3(1.0f, 0.1f * u(rng), 0.0f),
                           vec3(0.5f + 0.3f * u(rng), 0.8f, 0.0f), vec3(0.5f + 0.3f * u(rng), -0.8f, 0.0f)};
    const vec3 axis = glm::normalize(vec3(u(rng), u(rng), u(rng)) + vec3(0.0f, 0.0f, 2.0f));
    const vec3 t1 = glm::normalize(glm::cross(axis, vec3(1.0f, 0.0f, 0.0f))), t2 = glm::cross(axis, t1);
    vec3 x[4];
    for (int i = 0; i < 4; ++i)
      x[i] = local[i].x * t1 + local[i].y * t2 + local[i].z * axis + vec3(0.3f, -2.0f, 1.0f);
    glm::vec4 K;
    float sqrtScale = 0.0f;
    ASSERT_TRUE(isometricWeights(x[0], x[1], x[2], x[3], K, sqrtScale));
    EXPECT_NEAR(K.x + K.y + K.z + K.w, 0.0f, 1e-5f);
    const vec3 h = K.x * x[0] + K.y * x[1] + K.z * x[2] + K.w * x[3];
    EXPECT_LT(glm::length(h), 1e-5f);
    // Bending the stencil makes the curvature vector non-zero.
    const vec3 bent = x[3] + 0.2f * axis;
    EXPECT_GT(glm::length(K.x * x[0] + K.y * x[1] + K.z * x[2] + K.w * bent), 0.05f);
  }
}

TEST(BendingStencils, InteriorEdgesOfAConsistentMesh) {
  // Two triangles (0,1,2) and (1,0,3) share the edge 0–1; a third triangle hangs off edge 1–2.
  const std::vector<uint32_t> tris = {0, 1, 2, 1, 0, 3, 2, 1, 4};
  const std::vector<EdgeStencil> s = bendingStencils(tris);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].p0, 0u);
  EXPECT_EQ(s[0].p1, 1u);
  EXPECT_EQ(s[0].p2, 2u);
  EXPECT_EQ(s[0].p3, 3u);
  EXPECT_EQ(s[1].p0, 1u);
  EXPECT_EQ(s[1].p1, 2u);
  EXPECT_EQ(s[1].p2, 0u);
  EXPECT_EQ(s[1].p3, 4u);
}

TEST(TetMaterial, RejectsDegenerateAndInvertedTetrahedra) {
  Model model;
  for (vec3 x : {vec3(0.0f), vec3(1.0f, 0.0f, 0.0f), vec3(0.0f, 1.0f, 0.0f), vec3(0.0f, 0.0f, 1.0f),
                 vec3(1.0f, 1.0f, 0.0f)})
    model.restPositions.emplace_back(x, 1.0f);
  try {
    addTetMaterial(model, {0, 1, 2, 3, 0, 2, 1, 3}, TetMaterial{}, "box.ele");
    FAIL() << "inverted tetrahedron accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("box.ele: tetrahedron 1 (particles 0, 2, 1, 3) is inverted"),
              std::string::npos)
        << e.what();
  }
  try {
    addTetMaterial(model, {0, 1, 2, 4}, TetMaterial{}, "flat.ele");
    FAIL() << "flat tetrahedron accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("flat.ele: tetrahedron 0 (particles 0, 1, 2, 4) is degenerate"),
              std::string::npos)
        << e.what();
  }
}

TEST(VolumeMath, GradientOfTheEnclosedVolume) {
  // A unit cube's 12 outward triangles: V = 1 and the corner gradients sum to the volume's gradient.
  const vec3 c[8] = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}};
  const uint32_t tris[36] = {0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4,
                             3, 6, 2, 3, 7, 6, 0, 4, 7, 0, 7, 3, 1, 2, 6, 1, 6, 5};
  float volume = 0.0f;
  for (int t = 0; t < 12; ++t)
    volume += gpu::triangleVolume(c[tris[3 * t]], c[tris[3 * t + 1]], c[tris[3 * t + 2]]);
  EXPECT_NEAR(volume, 1.0f, 1e-6f);
  // ∇V at corner 6 (1,1,1): the three faces through it move outwards, |∇V| = √3 · (1/2) (a third of
  // each face's area per face-normal component... checked here against finite differences).
  vec3 g(0.0f);
  for (int t = 0; t < 12; ++t)
    for (int k = 0; k < 3; ++k)
      if (tris[3 * t + k] == 6)
        g += gpu::volumeCornerGradient(c[tris[3 * t + (k + 1) % 3]], c[tris[3 * t + (k + 2) % 3]]);
  const float h = 1e-3f;
  for (int axis = 0; axis < 3; ++axis) {
    vec3 moved[8];
    std::copy(c, c + 8, moved);
    moved[6][axis] += h;
    float v = 0.0f;
    for (int t = 0; t < 12; ++t)
      v += gpu::triangleVolume(moved[tris[3 * t]], moved[tris[3 * t + 1]], moved[tris[3 * t + 2]]);
    EXPECT_NEAR(g[axis], (v - volume) / h, 2e-3f);
  }
}

}  // namespace
}  // namespace vkxpbd
