// The mesh hierarchy of hierarchical XPBD (sim/hierarchy.h, docs/hierarchy.md): structural invariants on a
// cloth, a shell and a soft body (parents, weights, pins, coarse constraints, colourings, masses), rigid
// motions through prolongation, the analytic stiffness and mass of a collapsed chain, determinism, and
// the level table of the standard cloth.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "scene/builtin_scenes.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/hierarchy.h"

namespace vkxpbd {
namespace {

using Pair = std::pair<uint32_t, uint32_t>;
Pair key(uint32_t a, uint32_t b) {
  return {std::min(a, b), std::max(a, b)};
}

glm::dvec3 rest(const Model& model, uint32_t p) {
  return glm::dvec3(glm::vec3(model.restPositions[p]));
}

uint32_t parentAt(const gpu::ProlongationRow& row, uint32_t j) {
  const uint32_t parents[4] = {row.parent0, row.parent1, row.parent2, row.parent3};
  return parents[j];
}

// Level 0's graph as the hierarchy defines it: distance constraints and the 6 edges of every tetrahedron.
std::set<Pair> levelZeroEdges(const Model& model) {
  std::set<Pair> edges;
  for (const DistanceConstraint& c : model.distance) edges.insert(key(c.a, c.b));
  for (const ElementConstraint& e : model.elements) {
    if (e.type != VKXPBD_ELEMENT_TET_VOLUME && e.type != VKXPBD_ELEMENT_NEOHOOKEAN) continue;
    const uint32_t p[4] = {e.a, e.b, e.c, e.d};
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) edges.insert(key(p[i], p[j]));
  }
  return edges;
}

double freeMass(const Model& model) {
  double mass = 0.0;  // kg
  for (const glm::vec4& x : model.restPositions)
    if (x.w != 0.0f) mass += 1.0 / double(x.w);
  return mass;
}

// Every invariant of docs/hierarchy.md for a model whose bodies all have the hierarchy on.
void checkInvariants(const Model& model, const Hierarchy& h, uint32_t k, const std::string& what) {
  SCOPED_TRACE(what);
  ASSERT_FALSE(h.empty());
  std::set<uint32_t> previous;
  for (uint32_t p = 0; p < model.particleCount(); ++p) previous.insert(p);
  std::set<Pair> previousEdges = levelZeroEdges(model);
  const double bodyMass = freeMass(model);
  for (uint32_t l = 0; l < h.levelCount(); ++l) {
    SCOPED_TRACE("level " + std::to_string(l + 1));
    const HierarchyLevel& level = h.levels[l];
    const std::set<uint32_t> kept(level.particles.begin(), level.particles.end());
    EXPECT_EQ(kept.size(), level.particles.size());
    EXPECT_EQ(level.particleCount, level.particles.size());
    EXPECT_LT(level.particleCount, previous.size());  // levels shrink
    for (uint32_t p : kept) EXPECT_TRUE(previous.count(p)) << p;
    for (uint32_t p : previous)
      if (model.restPositions[p].w == 0.0f) {
        EXPECT_TRUE(kept.count(p)) << "pin " << p;
      }

    // Prolongation: every left-out particle exactly once, ≥ k kept neighbours as parents, weights sum 1.
    ASSERT_EQ(level.linearPrecision.size(), level.prolongation.size());
    std::set<uint32_t> rows;
    for (const gpu::ProlongationRow& row : level.prolongation) {
      EXPECT_TRUE(previous.count(row.particle));
      EXPECT_FALSE(kept.count(row.particle));
      EXPECT_TRUE(rows.insert(row.particle).second) << "row twice " << row.particle;
      EXPECT_GE(row.count, k);
      EXPECT_LE(row.count, VKXPBD_MAX_PARENTS);
      double sum = 0.0;
      for (uint32_t j = 0; j < VKXPBD_MAX_PARENTS; ++j) {
        const uint32_t parent = parentAt(row, j);
        if (j >= row.count) {
          EXPECT_EQ(parent, VKXPBD_NONE);
          EXPECT_EQ(row.weights[int(j)], 0.0f);
          continue;
        }
        EXPECT_TRUE(kept.count(parent)) << parent;
        EXPECT_TRUE(previousEdges.count(key(parent, row.particle))) << "parent not a neighbour";
        for (uint32_t i = 0; i < j; ++i) EXPECT_NE(parentAt(row, i), parent);
        EXPECT_GE(row.weights[int(j)], -0.5f);
        EXPECT_LE(row.weights[int(j)], 1.5f);
        sum += row.weights[int(j)];
      }
      EXPECT_NEAR(sum, 1.0, 1e-6);
    }
    EXPECT_EQ(rows.size() + kept.size(), previous.size());

    // Masses: conserved (pinned particles hold what their children passed to them).
    ASSERT_EQ(level.masses.size(), level.particles.size());
    double mass = 0.0;
    for (double m : level.masses) mass += m;
    EXPECT_NEAR(mass, bodyMass, 1e-9 * bodyMass);

    // Coarse constraints: between kept particles, no duplicates or degenerate ones, rest values at rest.
    std::set<Pair> edges;
    for (const gpu::CoarseConstraint& c : level.constraints) {
      EXPECT_NE(c.a, c.b);
      EXPECT_TRUE(kept.count(c.a) && kept.count(c.b));
      EXPECT_TRUE(edges.insert(key(c.a, c.b)).second) << "duplicate " << c.a << "-" << c.b;
      EXPECT_GT(c.restLength, 0.0f);
      EXPECT_NEAR(c.restLength, glm::length(rest(model, c.a) - rest(model, c.b)), 1e-6);
      EXPECT_TRUE(std::isfinite(c.compliance) && c.compliance >= 0.0f);
      for (auto [p, invMass] : {std::pair{c.a, c.invMassA}, std::pair{c.b, c.invMassB}}) {
        const size_t slot =
            std::lower_bound(level.particles.begin(), level.particles.end(), p) - level.particles.begin();
        const float expected = model.restPositions[p].w == 0.0f ? 0.0f : float(1.0 / level.masses[slot]);
        EXPECT_EQ(invMass, expected) << p;
      }
    }

    // Colouring: ranges cover the sorted constraints; no particle twice in a colour.
    EXPECT_EQ(level.stats.colours, level.colours.size());
    EXPECT_EQ(level.stats.constraints, level.constraints.size());
    EXPECT_EQ(level.stats.tail, 0u);
    uint32_t next = 0;
    for (const ConstraintRange& colour : level.colours) {
      EXPECT_EQ(colour.first, next);
      EXPECT_GT(colour.count, 0u);
      next += colour.count;
      std::set<uint32_t> seen;
      for (uint32_t c = colour.first; c < colour.first + colour.count && c < level.constraints.size(); ++c) {
        EXPECT_TRUE(seen.insert(level.constraints[c].a).second);
        EXPECT_TRUE(seen.insert(level.constraints[c].b).second);
      }
    }
    EXPECT_EQ(next, level.constraints.size());
    previous = kept;
    previousEdges = edges;
  }
}

// A rigid motion x → R(x − c) + c + t (m) of the rest positions.
glm::vec3 moved(glm::dvec3 x, double angle) {
  const glm::dvec3 c(0.0, 1.0, 0.0), t(0.1, -0.2, 0.3), axis = glm::normalize(glm::dvec3(1.0, 2.0, 3.0));
  const glm::dvec3 r = x - c;  // Rodrigues' formula
  const glm::dvec3 rotated = r * std::cos(angle) + glm::cross(axis, r) * std::sin(angle) +
                             axis * glm::dot(axis, r) * (1.0 - std::cos(angle));
  return glm::vec3(rotated + c + t);
}

// Each level on its own: its kept particles moved rigidly, prolongate() moves every row's particle the
// same way (to float rounding), for translations always and for rotations where the row has linear
// precision. Returns the rows with linear precision over all rows.
double checkRigidProlongation(const Model& model, const Hierarchy& h) {
  uint32_t rows = 0, linear = 0;
  for (double angle : {0.0, 0.4}) {
    for (const HierarchyLevel& level : h.levels) {
      std::vector<glm::vec4> start(model.restPositions), now(model.restPositions);
      for (uint32_t p : level.particles) now[p] = glm::vec4(moved(rest(model, p), angle), now[p].w);
      prolongate(level, start, now);
      for (size_t r = 0; r < level.prolongation.size(); ++r) {
        if (angle != 0.0 && !level.linearPrecision[r]) continue;
        const uint32_t p = level.prolongation[r].particle;
        const glm::vec3 expected = moved(rest(model, p), angle);
        EXPECT_LT(glm::length(glm::vec3(now[p]) - expected), 2e-6f) << p << " angle " << angle;
        EXPECT_EQ(now[p].w, start[p].w);
      }
      if (angle == 0.0) {
        rows += static_cast<uint32_t>(level.prolongation.size());
        linear += level.linearRows;
      }
    }
  }
  return double(linear) / double(rows);
}

Model standardCloth(uint32_t n) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {n, n};
  return buildModel(scene);
}

SolverSettings enabled(uint32_t parents = 2) {
  SolverSettings s;
  s.hierarchy.enabled = true;
  s.hierarchy.parents = parents;
  s.hierarchy.solveFromLevel = 1;  // every level's constraints, to check them
  return s;
}

TEST(Hierarchy, ClothInvariantsAndRigidMotions) {
  const Model model = standardCloth(48);
  for (uint32_t k : {2u, 3u}) {
    const Hierarchy h = buildHierarchy(model, enabled(k));
    checkInvariants(model, h, k, "cloth 48², k = " + std::to_string(k));
    const double share = checkRigidProlongation(model, h);
    std::printf("cloth 48², k = %u: %u levels, %.1f%% of rows with linear precision\n", k, h.levelCount(),
                100.0 * share);
    EXPECT_GE(share, k == 2 ? 0.5 : 0.85);  // measured: 59.7% (k = 2), 91.2% (k = 3)
  }
}

// The whole chain coarsest → finest: a rigid motion of the coarsest level's particles reaches every
// particle of the cloth.
TEST(Hierarchy, ClothRigidMotionThroughAllLevels) {
  const Model model = standardCloth(40);
  const Hierarchy h = buildHierarchy(model, enabled());
  ASSERT_GE(h.levelCount(), 2u);
  for (double angle : {0.0, 0.4}) {
    std::vector<glm::vec4> start(model.restPositions), now(model.restPositions);
    for (uint32_t p : h.levels.back().particles) now[p] = glm::vec4(moved(rest(model, p), angle), now[p].w);
    for (uint32_t l = h.levelCount(); l-- > 0;) prolongate(h.levels[l], start, now);
    bool allLinear = true;
    for (const HierarchyLevel& level : h.levels)
      allLinear = allLinear && level.linearRows == level.prolongation.size();
    if (angle != 0.0 && !allLinear) continue;  // a rotation reaches the fine level only through linear rows
    double worst = 0.0;
    for (uint32_t p = 0; p < model.particleCount(); ++p)
      worst = std::max(worst, double(glm::length(glm::vec3(now[p]) - moved(rest(model, p), angle))));
    EXPECT_LT(worst, 4e-6) << "angle " << angle;
  }
}

TEST(Hierarchy, ShellInvariants) {
  const Model model = buildModel(parseScene(R"({"shells": [{"mesh": {"type": "icosphere", "radius": 0.3,
    "subdivisions": 4}, "pin_box": {"min": [-1, 0.25, -1], "max": [1, 1, 1]}}]})",
                                            "shell.json"));
  SolverSettings s = enabled();
  s.hierarchy.minParticles = 16;
  const Hierarchy h = buildHierarchy(model, s);
  checkInvariants(model, h, 2, "icosphere shell");
  const double share = checkRigidProlongation(model, h);
  std::printf("shell (%u particles): %u levels, %.1f%% of rows with linear precision\n",
              model.particleCount(), h.levelCount(), 100.0 * share);
}

TEST(Hierarchy, SoftBodyInvariantsAndCompliance) {
  const Model model =
      buildModel(parseScene(R"({"soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.6, 0.2],
    "cells": [4, 12, 4]}, "material": {"model": "neohookean", "youngs_modulus": 1e5, "poisson_ratio": 0.3},
    "pin_box": {"min": [-1, -0.31, -1], "max": [1, -0.29, 1]}}]})",
                            "soft.json"));
  SolverSettings s = enabled();
  s.hierarchy.minParticles = 16;
  const Hierarchy h = buildHierarchy(model, s);
  checkInvariants(model, h, 2, "soft column");
  const double share = checkRigidProlongation(model, h);
  std::printf("soft column (%u particles): %u levels, %.1f%% of rows with linear precision\n",
              model.particleCount(), h.levelCount(), 100.0 * share);
  EXPECT_GE(share, 0.9);
  for (const HierarchyLevel& level : h.levels)  // a compliant material gives compliant coarse edges
    for (const gpu::CoarseConstraint& c : level.constraints) EXPECT_GT(c.compliance, 0.0f);
}

// Three particles 1 m apart on a line, 1 kg each, two springs of compliance α: the middle one is left out
// (parents 0 and 2, weights ½), the chain becomes one spring of 2 m, k·L/L_c = k/2 (springs in series),
// and each end carries 1.5 kg.
TEST(Hierarchy, ChainCollapsesToSpringsInSeries) {
  Model model;
  for (int i = 0; i < 3; ++i) model.restPositions.push_back(glm::vec4(float(i), 0.0f, 0.0f, 1.0f));
  const float alpha = 1e-3f;  // m/N
  model.distance.push_back(DistanceConstraint{0, 1, 1.0f, alpha, 1.0f, 0});
  model.distance.push_back(DistanceConstraint{1, 2, 1.0f, alpha, 1.0f, 0});
  SolverSettings s = enabled();
  s.hierarchy.minParticles = 1;
  s.hierarchy.bilateral = false;
  const Hierarchy h = buildHierarchy(model, s);
  ASSERT_EQ(h.levelCount(), 1u);
  const HierarchyLevel& level = h.levels[0];
  EXPECT_EQ(level.particles, (std::vector<uint32_t>{0, 2}));
  ASSERT_EQ(level.prolongation.size(), 1u);
  EXPECT_EQ(level.prolongation[0].particle, 1u);
  EXPECT_EQ(level.prolongation[0].weights[0], 0.5f);
  EXPECT_EQ(level.prolongation[0].weights[1], 0.5f);
  ASSERT_EQ(level.constraints.size(), 1u);
  const gpu::CoarseConstraint& c = level.constraints[0];
  EXPECT_FLOAT_EQ(c.restLength, 2.0f);
  EXPECT_FLOAT_EQ(c.compliance, 2.0f * alpha);
  EXPECT_FLOAT_EQ(c.invMassA, 1.0f / 1.5f);
  EXPECT_FLOAT_EQ(c.invMassB, 1.0f / 1.5f);
  EXPECT_EQ(c.flags, 0u);
  s.hierarchy.bilateral = true;
  EXPECT_EQ(buildHierarchy(model, s).levels.at(0).constraints.at(0).flags, VKXPBD_COARSE_BILATERAL);
  model.distance[1].compliance = 0.0f;  // a rigid contributor makes the coarse edge rigid
  EXPECT_EQ(buildHierarchy(model, s).levels.at(0).constraints.at(0).compliance, 0.0f);
}

// A Neo-Hookean bar 0.6 × 0.1 × 0.1 m of 24×4×4 cells (E = 1 MPa, ν = 0.3) clamped at one end: deep
// enough for 3 or more coarse levels.
Model clampedBar() {
  return buildModel(parseScene(R"({"soft_bodies": [{"mesh": {"type": "box", "size": [0.6, 0.1, 0.1],
    "cells": [24, 4, 4]}, "material": {"model": "neohookean", "youngs_modulus": 1e6, "poisson_ratio": 0.3},
    "pin_box": {"min": [-1, -1, -1], "max": [-0.29, 1, 1]}}]})",
                               "bar.json"));
}

// Two builds of one coarse constraint that may differ only in their compliance.
void expectSameButCompliance(const gpu::CoarseConstraint& x, const gpu::CoarseConstraint& y) {
  EXPECT_EQ(x.a, y.a);
  EXPECT_EQ(x.b, y.b);
  EXPECT_EQ(x.restLength, y.restLength);
  EXPECT_EQ(x.invMassA, y.invMassA);
  EXPECT_EQ(x.invMassB, y.invMassB);
  EXPECT_EQ(x.flags, y.flags);
}

// stiffness_scale s and stiffness_growth g: level l's compliance is the rule's divided by s·g^(l−1),
// exactly (the same edges, masses and flags); the defaults (1, 1) change nothing. Measured on the soft
// column with the tuned pair (docs/hierarchy.md "Soft bodies: the soft column").
TEST(Hierarchy, StiffnessScaleAndGrowthPerLevel) {
  const Model model = clampedBar();
  SolverSettings s = enabled();
  s.hierarchy.bilateral = true;
  const Hierarchy base = buildHierarchy(model, s);
  ASSERT_GE(base.levelCount(), 3u);
  EXPECT_EQ(coarseStiffnessScale(s.hierarchy, 1), 1.0);
  EXPECT_EQ(coarseStiffnessScale(s.hierarchy, 4), 1.0);
  s.hierarchy.stiffnessScale = 0.03f;
  s.hierarchy.stiffnessGrowth = 2.35f;
  EXPECT_NEAR(coarseStiffnessScale(s.hierarchy, 3), 0.03 * 2.35 * 2.35, 1e-7);
  const Hierarchy scaled = buildHierarchy(model, s);
  ASSERT_EQ(scaled.levelCount(), base.levelCount());
  for (uint32_t l = 0; l < base.levelCount(); ++l) {
    const auto &x = base.levels[l].constraints, &y = scaled.levels[l].constraints;
    ASSERT_EQ(x.size(), y.size());
    const double factor = 0.03 * std::pow(2.35, double(l));
    for (size_t i = 0; i < x.size(); ++i) {
      expectSameButCompliance(x[i], y[i]);
      ASSERT_GT(x[i].compliance, 0.0f);
      EXPECT_NEAR(double(y[i].compliance) * factor / double(x[i].compliance), 1.0, 1e-6)
          << "level " << l + 1 << " constraint " << i;
    }
  }
}

// natural_frequency ω: every coarse constraint, at every level, is a spring k = ω²/(w_a + w_b), i.e.
// compliance (w_a + w_b)/ω² (1e-6 relative), so one projection at Δt moves the same fraction
// ω²Δt²/(1 + ω²Δt²) of its error at every level (0.124 at the soft column's 226 rad/s and 10 substeps);
// the ends, rest lengths, masses and flags are the series rule's; stiffness_scale still multiplies k.
TEST(Hierarchy, NaturalFrequencyGivesEveryCoarseSpringOneFrequency) {
  const Model model = clampedBar();
  SolverSettings s = enabled();
  s.hierarchy.bilateral = true;
  const Hierarchy base = buildHierarchy(model, s);
  ASSERT_GE(base.levelCount(), 3u);
  const double omega = 226.0;  // rad/s
  s.hierarchy.naturalFrequency = float(omega);
  for (float scale : {1.0f, 0.5f}) {
    s.hierarchy.stiffnessScale = scale;
    const Hierarchy h = buildHierarchy(model, s);
    ASSERT_EQ(h.levelCount(), base.levelCount());
    const double omegaDt2 = omega * omega * scale / double(s.alphaScale());  // ω²Δt² (times the scale)
    uint32_t checked = 0;
    for (uint32_t l = 0; l < base.levelCount(); ++l) {
      const auto &x = base.levels[l].constraints, &y = h.levels[l].constraints;
      ASSERT_EQ(x.size(), y.size());
      for (size_t i = 0; i < x.size(); ++i) {
        expectSameButCompliance(x[i], y[i]);
        const double w = double(y[i].invMassA) + double(y[i].invMassB);  // 1/kg
        if (w == 0.0) continue;                                          // both ends pinned: nothing moves
        EXPECT_NEAR(double(y[i].compliance) * omega * omega * scale / w, 1.0, 1e-6)
            << "level " << l + 1 << " constraint " << i;
        const double fraction = w / (w + double(y[i].compliance) * double(s.alphaScale()));
        EXPECT_NEAR(fraction, omegaDt2 / (1.0 + omegaDt2), 1e-6);
        ++checked;
      }
    }
    EXPECT_GT(checked, 100u);
  }
}

// A pressurised shell (a balloon with pressure p) is in equilibrium at about its rest shape scaled by ∛p,
// so its coarse constraints' rest lengths are ∛p times their ends' rest distance (docs/hierarchy.md
// "Pressurised shells"); p ≤ 1 and a shell without pressure keep the rest distance, and nothing else of
// the hierarchy changes (the same levels, ends, compliances, masses and flags).
TEST(Hierarchy, PressurisedShellCoarseRestLengthsAtItsInflatedSize) {
  auto balloon = [](const char* pressure) {
    return buildModel(parseScene(std::string(R"({"shells": [{"mesh": {"type": "icosphere", "radius": 0.25,
      "subdivisions": 3}, "compliance": {"stretch": 0.0002})") +
                                     pressure + "}]}",
                                 "balloon.json"));
  };
  const SolverSettings s = enabled();
  const Model plain = balloon("");
  const Hierarchy base = buildHierarchy(plain, s);
  ASSERT_GE(base.levelCount(), 2u);
  for (const double p : {1.6, 1.0, 0.8}) {
    const Model model = balloon((R"(, "pressure": {"factor": )" + std::to_string(p) + "}").c_str());
    ASSERT_EQ(model.volumes.size(), 1u);
    const Hierarchy h = buildHierarchy(model, s);
    ASSERT_EQ(h.levelCount(), base.levelCount()) << "pressure " << p;
    const double factor = std::cbrt(std::max(p, 1.0));
    for (uint32_t l = 0; l < h.levelCount(); ++l) {
      const auto &x = base.levels[l].constraints, &y = h.levels[l].constraints;
      ASSERT_EQ(x.size(), y.size());
      for (size_t i = 0; i < y.size(); ++i) {
        const double distance = glm::length(rest(model, y[i].a) - rest(model, y[i].b));  // m
        EXPECT_NEAR(double(y[i].restLength) / distance, factor, 1e-6)
            << "pressure " << p << " level " << l + 1;
        EXPECT_EQ(x[i].a, y[i].a);
        EXPECT_EQ(x[i].b, y[i].b);
        EXPECT_EQ(x[i].compliance, y[i].compliance);
        EXPECT_EQ(x[i].invMassA, y[i].invMassA);
        EXPECT_EQ(x[i].flags, y[i].flags);
      }
    }
  }
}

// Which coarse constraints push back by default: a cloth whose bending is rigid (every bending constraint
// at compliance 0, stiffness 1) cannot buckle, so its coarse constraints are bilateral; one that bends
// (any bending model with compliance > 0 or stiffness < 1), one without bending and a soft body get
// stretching-only ones; an explicit "bilateral" or "compression_compliance" wins.
TEST(Hierarchy, BilateralByDefaultOnlyForSheetsThatCannotBend) {
  auto flagsOf = [](const SceneDesc& scene) {
    const Model model = buildModel(scene);
    const Hierarchy h = buildHierarchy(model, scene.solver);
    EXPECT_GE(h.levelCount(), 1u);
    std::set<uint32_t> flags;
    for (const HierarchyLevel& level : h.levels)
      for (const gpu::CoarseConstraint& c : level.constraints) flags.insert(c.flags);
    return flags;
  };
  using Flags = std::set<uint32_t>;
  SceneDesc rigid = builtinScene("standard_cloth");
  rigid.cloths.at(0).resolution = {24, 24};
  rigid.solver.hierarchy.enabled = true;
  EXPECT_EQ(flagsOf(rigid), Flags{VKXPBD_COARSE_BILATERAL});
  SceneDesc soft = rigid;
  soft.cloths[0].complianceBend = 0.01f;  // m/N: it bends (cloth_on_sphere's value)
  EXPECT_EQ(flagsOf(soft), Flags{0u});
  SceneDesc pbdSoft = rigid;
  pbdSoft.cloths[0].stiffnessBend = 0.5f;
  EXPECT_EQ(flagsOf(pbdSoft), Flags{0u});
  SceneDesc none = rigid;
  none.cloths[0].bend = false;  // no bending at all: it folds freely
  EXPECT_EQ(flagsOf(none), Flags{0u});
  for (ClothBending model : {ClothBending::Dihedral, ClothBending::Isometric}) {
    SceneDesc elements = rigid;
    elements.cloths[0].bending = model;
    EXPECT_EQ(flagsOf(elements), Flags{VKXPBD_COARSE_BILATERAL});
    elements.cloths[0].complianceBend = 1.0f;  // 1/(N·m)
    EXPECT_EQ(flagsOf(elements), Flags{0u});
  }
  SceneDesc off = rigid;
  off.solver.hierarchy.bilateral = false;
  EXPECT_EQ(flagsOf(off), Flags{0u});
  SceneDesc softOn = soft;
  softOn.solver.hierarchy.bilateral = true;
  EXPECT_EQ(flagsOf(softOn), Flags{VKXPBD_COARSE_BILATERAL});
  SceneDesc compression = rigid;
  compression.solver.hierarchy.compressionCompliance = 0.01f;  // m/N
  EXPECT_EQ(flagsOf(compression), Flags{VKXPBD_COARSE_COMPRESSION});
  SceneDesc cube = loadScene(VKXPBD_SOURCE_DIR "/scenes/soft_cube.json");
  cube.solver.hierarchy.enabled = true;
  EXPECT_EQ(flagsOf(cube), Flags{0u});
}

// solve_from_level (HierarchySettings::solveFromLevel): the levels finer than the first solved one keep
// their particles, masses and prolongation rows but have no constraints (and no colours); the solved
// levels are those of a build that solves every level. Automatic (0): a sheet whose level 1 has more than
// kSmallLevelOne (2048) constraints from level 2, a smaller sheet and a soft body from level 1; a body with
// fewer levels solves its coarsest.
TEST(Hierarchy, SolveFromLevelLeavesFinerLevelsUnsolved) {
  EXPECT_EQ(kSmallLevelOne, SolverSettings{}.fuseSmallLevels);  // a small level 1 is fused by default
  EXPECT_EQ(solvedFromLevel(HierarchySettings{}, false, kSmallLevelOne + 1), 2u);
  EXPECT_EQ(solvedFromLevel(HierarchySettings{}, false, kSmallLevelOne), 1u);
  EXPECT_EQ(solvedFromLevel(HierarchySettings{}, true, 100000), 1u);
  HierarchySettings three;
  three.solveFromLevel = 3;
  EXPECT_EQ(solvedFromLevel(three, false, 10), 3u);
  EXPECT_EQ(solvedFromLevel(three, true, 10), 3u);

  const Model model = standardCloth(48);
  const Hierarchy every = buildHierarchy(model, enabled());  // solveFromLevel 1
  ASSERT_GE(every.levelCount(), 4u);
  // This cloth's level 1 is above kSmallLevelOne, so by default it is not solved (whatever the fused bound).
  ASSERT_GT(every.levels[0].constraints.size(), kSmallLevelOne);
  {  // a 24² cloth's level 1 is small: solved by default
    SolverSettings settings = enabled();
    settings.hierarchy.solveFromLevel = 0;
    const Hierarchy small = buildHierarchy(standardCloth(24), settings);
    ASSERT_GE(small.levelCount(), 2u);
    EXPECT_LE(small.levels[0].constraints.size(), kSmallLevelOne);
    EXPECT_EQ(small.firstSolvedLevel(), 1u);
  }
  auto sameBytes = [](const auto& a, const auto& b) {
    return a.size() == b.size() &&
           (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(a[0])) == 0);
  };
  for (uint32_t from : {0u, 3u, 12u}) {
    SCOPED_TRACE("solve_from_level " + std::to_string(from));
    SolverSettings settings = enabled();
    settings.hierarchy.solveFromLevel = from;
    const Hierarchy h = buildHierarchy(model, settings);
    ASSERT_EQ(h.levelCount(), every.levelCount());
    const uint32_t first = from == 0 ? 2u : std::min(from, h.levelCount());
    EXPECT_EQ(h.firstSolvedLevel(), first);
    for (uint32_t l = 1; l <= h.levelCount(); ++l) {
      SCOPED_TRACE("level " + std::to_string(l));
      const HierarchyLevel& a = h.levels[l - 1];
      const HierarchyLevel& b = every.levels[l - 1];
      EXPECT_EQ(a.particles, b.particles);
      EXPECT_EQ(a.masses, b.masses);
      EXPECT_TRUE(sameBytes(a.prolongation, b.prolongation));
      if (l < first) {
        EXPECT_TRUE(a.constraints.empty());
        EXPECT_TRUE(a.colours.empty());
        EXPECT_EQ(a.stats.constraints, 0u);
      } else {
        EXPECT_TRUE(sameBytes(a.constraints, b.constraints));
        EXPECT_EQ(a.colours.size(), b.colours.size());
      }
    }
  }
  // A soft body solves every level by default.
  SceneDesc cube = loadScene(VKXPBD_SOURCE_DIR "/scenes/soft_cube.json");
  cube.solver.hierarchy.enabled = true;
  const Hierarchy solid = buildHierarchy(buildModel(cube), cube.solver);
  ASSERT_GE(solid.levelCount(), 1u);
  for (const HierarchyLevel& level : solid.levels) EXPECT_FALSE(level.constraints.empty());
}

TEST(Hierarchy, DeterministicDisabledAndPerBody) {
  SceneDesc scene = builtinScene("standard_cloth");
  scene.cloths.at(0).resolution = {24, 24};
  scene.cloths.push_back(scene.cloths.at(0));
  scene.cloths.back().name = "second";
  scene.cloths.back().center.y = 2.0f;
  Model model = buildModel(scene);
  ASSERT_EQ(model.bodies.size(), 2u);
  EXPECT_TRUE(buildHierarchy(model, SolverSettings{}).empty());

  const Hierarchy a = buildHierarchy(model, enabled()), b = buildHierarchy(model, enabled());
  ASSERT_EQ(a.levelCount(), b.levelCount());
  for (uint32_t l = 0; l < a.levelCount(); ++l) {
    const HierarchyLevel &x = a.levels[l], &y = b.levels[l];
    ASSERT_EQ(x.constraints.size(), y.constraints.size());
    ASSERT_EQ(x.prolongation.size(), y.prolongation.size());
    EXPECT_EQ(0, std::memcmp(x.constraints.data(), y.constraints.data(),
                             x.constraints.size() * sizeof(gpu::CoarseConstraint)));
    EXPECT_EQ(0, std::memcmp(x.prolongation.data(), y.prolongation.data(),
                             x.prolongation.size() * sizeof(gpu::ProlongationRow)));
    EXPECT_EQ(x.particles, y.particles);
  }

  // Only the second body on: every level holds only its particles; the same levels as it has alone.
  model.bodies[1].hierarchy = enabled().hierarchy;
  const Hierarchy one = buildHierarchy(model, SolverSettings{});
  ASSERT_FALSE(one.empty());
  for (const HierarchyLevel& level : one.levels) {
    for (uint32_t p : level.particles) EXPECT_GE(p, model.bodies[1].first);
    for (const gpu::ProlongationRow& row : level.prolongation) EXPECT_GE(row.particle, model.bodies[1].first);
  }
  EXPECT_EQ(one.levels[0].particleCount * 2, a.levels[0].particleCount);

  model.bodies[1].hierarchy->parents = 5;
  try {
    buildHierarchy(model, SolverSettings{});
    ADD_FAILURE() << "parents = 5 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("second"), std::string::npos) << e.what();
  }
}

// The level table of docs/hierarchy.md: particles, constraints, colours per level and the build time.
void printTable(uint32_t n) {
  const Model model = standardCloth(n);
  const auto t0 = std::chrono::steady_clock::now();
  const Hierarchy h = buildHierarchy(model, enabled());
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("standard cloth %u²: %u particles, %zu constraints; hierarchy built in %.0f ms\n", n,
              model.particleCount(), model.constraintCount(), ms);
  for (uint32_t l = 0; l < h.levelCount(); ++l) {
    const HierarchyLevel& level = h.levels[l];
    std::printf(
        "  level %u: %7u particles %8zu constraints %3u colours (largest %u, smallest %u), "
        "%5.1f%% rows linear, %u inverse-distance\n",
        l + 1, level.particleCount, level.constraints.size(), level.stats.colours, level.stats.largestColour,
        level.stats.smallestColour,
        100.0 * level.linearRows / double(std::max<size_t>(1, level.prolongation.size())),
        level.inverseDistanceRows);
  }
  std::fflush(stdout);
}

TEST(Hierarchy, StandardClothLevels) {
  printTable(128);
}

// 256² and 512² (seconds on 2 cores): run with --gtest_also_run_disabled_tests.
TEST(Hierarchy, DISABLED_StandardClothLevelsLarge) {
  printTable(256);
  printTable(512);
}

}  // namespace
}  // namespace vkxpbd
