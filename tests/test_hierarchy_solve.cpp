// The hierarchy solve (issue 13; docs/hierarchy.md) on the CPU reference: a body whose constraints are met
// moves the same with and without it; the coarse solve + prolongation keep a free body's linear momentum
// (per level, driven pass by pass, and over whole frames); it makes a rigid cloth stiffer than the flat
// solver at 10 × 1; it runs in both solver modes and with both integrators; 1 km from the origin it gives
// the stretch it gives at the origin; and a body's own setting switches it for that body only.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "hierarchy_scenes.h"
#include "momentum_check.h"
#include "shared/hierarchy_math.h"
#include "shared/integrator_math.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "sim/diagnostics.h"
#include "sim/hierarchy.h"
#include "sim/solver_layout.h"
#include "tip_sag.h"

namespace vkxpbd {
namespace {

const SolverMode kModes[] = {SolverMode::GaussSeidel, SolverMode::Jacobi};

State runFrames(const SceneDesc& scene, uint32_t frames, const Model& model, uint32_t* levels = nullptr) {
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  if (levels) *levels = layout.hierarchy.levelCount();
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  for (uint32_t f = 0; f < frames; ++f) solver.stepFrame(state);
  return state;
}

// (1) A cloth and a soft body in zero gravity moving with a uniform velocity meet every constraint, so
// neither the fine nor the coarse constraints have anything to correct: both solvers follow x₀ + v·t, and
// the hierarchy changes the motion by float rounding only. Measured after 30 frames (0.5 s): flat
// 3.6e-8–7.4e-7 m from x₀ + v·t; with the hierarchy the cloth is 5.7e-6 (gs) and 7.0e-6 m (jacobi) from
// the flat result, growing about as t² (1.2e-6 m after 10 frames), the soft body 0.6e-6–1.1e-6 m: the
// coarse corrections of rounding-size violations feed the velocities. Asserted: 1e-5 m (cloth), 2e-6 m.
TEST(HierarchySolve, SatisfiedConstraintsMoveTheSame) {
  constexpr uint32_t kFrames = 30;
  for (SolverMode mode : kModes) {
    for (bool cloth : {true, false}) {
      SCOPED_TRACE(std::string(solverModeName(mode)) + (cloth ? " cloth" : " soft body"));
      SceneDesc scene = cloth ? test::hierarchyCloth(24, false, mode)
                              : test::freeScene(VKXPBD_SOURCE_DIR "/scenes/soft_cube.json", mode);
      scene.solver.gravity = glm::vec3(0.0f);
      const glm::vec3 velocity(0.5f, 1.0f, -0.3f);  // m/s
      if (cloth) {
        scene.cloths[0].pins.clear();
        scene.cloths[0].velocity = velocity;
      } else {
        scene.softBodies[0].instances[0].velocity = velocity;
      }
      const Model model = buildModel(scene);
      const State flat = runFrames(scene, kFrames, model);
      scene.solver.hierarchy.enabled = true;
      uint32_t levels = 0;
      const State hier = runFrames(scene, kFrames, model, &levels);
      State uniform = makeInitialState(model);                // x₀ + v·t
      const float t = float(kFrames) * scene.solver.frameDt;  // s
      for (glm::vec4& x : uniform.positions) x += glm::vec4(velocity * t, 0.0f);
      EXPECT_GE(levels, 1u);
      const double d = test::maxDistance(flat, hier);
      const double flatError = test::maxDistance(flat, uniform);
      std::printf("  %s %s: %u levels; after %u frames flat - (x0 + v t) %.2g m, hierarchy - flat %.2g m\n",
                  solverModeName(mode), cloth ? "cloth" : "soft body", levels, kFrames, flatError, d);
      EXPECT_LE(flatError, 1e-6);
      EXPECT_LE(d, cloth ? 1e-5 : 2e-6);  // m
    }
  }
}

// (2a) One hierarchy solve driven pass by pass with the shared math (projectCoarse, prolongate), as the
// schedule runs it: coarsest level first, its colours, then its prolongation. Per pass:
//  - a level's coarse solve keeps Σ M Δx = 0 in that level's masses M (each constraint moves its two ends
//    by w_a·Δλ·n and −w_b·Δλ·n, w = 1/M);
//  - prolongation turns the level's Σ M Δx into the finer level's Σ m Δx. The coarse masses are
//    M_p = m_p + Σ_children m_c·w̃_cp with w̃ the renormalised positive parts of the weights, while a child
//    moves by Σ_j w_cj Δ_j, so Σ m Δx − Σ M Δx = Σ_c m_c Σ_j (w_cj − w̃_cj) Δ_j: 0 where no weight is
//    negative (the soft body), and exactly this predicted defect otherwise (the cloth).
TEST(HierarchySolve, CoarseSolveAndProlongationKeepLinearMomentum) {
  for (bool cloth : {true, false}) {
    SCOPED_TRACE(cloth ? "cloth" : "soft body");
    SceneDesc scene = cloth
                          ? test::hierarchyCloth(32, true)
                          : test::spinningSoftCube(SolverMode::GaussSeidel, glm::vec3(0.0f), glm::vec3(0.0f));
    if (cloth) {
      scene.cloths[0].pins.clear();
      scene.solver.gravity = glm::vec3(0.0f);
    }
    scene.solver.hierarchy.solveFromLevel = 1;  // every level solves (a sheet's level 1 would not)
    const Model model = buildModel(scene);
    const Hierarchy h = buildHierarchy(model, scene.solver);
    ASSERT_GE(h.levelCount(), 2u);
    State state = makeInitialState(model);
    test::perturb(state, cloth ? 0.01f : 0.02f, 777u);  // m: every coarse constraint is violated
    const std::vector<glm::vec4> start = state.positions;
    std::vector<glm::vec4> x = start;
    const float alphaScale = 1.0f / (scene.solver.substepDt() * scene.solver.substepDt());  // 1/s²
    std::vector<double> mass(model.particleCount());  // kg, of the level being looked at
    std::vector<uint32_t> all(model.particleCount());
    for (uint32_t i = 0; i < model.particleCount(); ++i) {
      all[i] = i;
      mass[i] = 1.0 / double(model.restPositions[i].w);
    }
    // Σ m (to − from) over `particles` with masses `m` (indexed like particles), and Σ m |to − from|.
    auto momentum = [](const std::vector<uint32_t>& particles, const std::vector<double>& m,
                       const std::vector<glm::vec4>& to, const std::vector<glm::vec4>& from) {
      glm::dvec3 p(0.0), moved(0.0);  // kg·m
      for (size_t i = 0; i < particles.size(); ++i) {
        const glm::dvec3 d =
            glm::dvec3(glm::vec3(to[particles[i]])) - glm::dvec3(glm::vec3(from[particles[i]]));
        p += m[i] * d;
        moved += m[i] * glm::abs(d);
      }
      return std::make_pair(p, glm::length(moved));
    };
    // Σ m · ulp(x) (kg·m): what rounding this test's float positions (about 1 m from the origin) to their
    // grid alone can add to |Σ M Δx|, every step a rounding of at most half an ulp.
    auto roundingFloor = [](const std::vector<uint32_t>& particles, const std::vector<double>& m,
                            const std::vector<glm::vec4>& positions) {
      double floor = 0.0;
      for (size_t i = 0; i < particles.size(); ++i) {
        const glm::vec3 p(positions[particles[i]]);
        for (int k = 0; k < 3; ++k)
          floor += m[i] * double(std::nextafter(std::abs(p[k]), 1e30f) - std::abs(p[k]));
      }
      return floor;
    };
    uint32_t negativeRows = 0;
    for (uint32_t l = h.levelCount(); l >= 1; --l) {
      const HierarchyLevel& level = h.levels[l - 1];
      const std::vector<glm::vec4> before = x;
      for (const ConstraintRange& range : level.colours)
        for (uint32_t k = range.first; k < range.first + range.count; ++k) {
          const gpu::CoarseConstraint& c = level.constraints[k];
          const gpu::DistanceCorrection r =
              gpu::projectCoarse(glm::vec3(x[c.a]), glm::vec3(x[c.b]), c, alphaScale);
          x[c.a] += glm::vec4(r.deltaA, 0.0f);
          x[c.b] += glm::vec4(r.deltaB, 0.0f);
        }
      const auto [solve, solveMoved] = momentum(level.particles, level.masses, x, before);
      const auto [coarse, coarseMoved] = momentum(level.particles, level.masses, x, start);
      prolongate(level, start, x);
      const std::vector<uint32_t>& finer = l >= 2 ? h.levels[l - 2].particles : all;
      std::vector<double> finerMass(finer.size());
      std::vector<double> massOf(model.particleCount(), 0.0);  // kg by particle index, finer level
      for (size_t i = 0; i < finer.size(); ++i) {
        finerMass[i] = l >= 2 ? h.levels[l - 2].masses[i] : 1.0 / double(model.restPositions[finer[i]].w);
        massOf[finer[i]] = finerMass[i];
      }
      const auto [fine, fineMoved] = momentum(finer, finerMass, x, start);
      glm::dvec3 defect(0.0);  // kg·m: Σ_c m_c Σ_j (w_cj − w̃_cj) Δ_j
      for (const gpu::ProlongationRow& row : level.prolongation) {
        const uint32_t parents[4] = {row.parent0, row.parent1, row.parent2, row.parent3};
        double positive = 0.0;
        bool negative = false;
        for (uint32_t j = 0; j < row.count; ++j) {
          positive += std::max(0.0, double(row.weights[int(j)]));
          negative = negative || row.weights[int(j)] < 0.0f;
        }
        negativeRows += negative;
        for (uint32_t j = 0; j < row.count; ++j) {
          const double w = double(row.weights[int(j)]);
          const glm::dvec3 d =
              glm::dvec3(glm::vec3(x[parents[j]])) - glm::dvec3(glm::vec3(start[parents[j]]));
          defect += massOf[row.particle] * (w - std::max(0.0, w) / positive) * d;
        }
      }
      std::printf(
          "  level %u: solve |Σ M Δx| %.2g of Σ M |Δx| %.2g kg·m; prolongation: |Σ m Δx − Σ M Δx| %.2g, "
          "predicted %.2g\n",
          l, glm::length(solve), solveMoved, glm::length(fine - coarse), glm::length(defect));
      EXPECT_GT(solveMoved, 0.0);
      EXPECT_LE(glm::length(solve), 1e-4 * solveMoved + roundingFloor(level.particles, level.masses, x))
          << "level " << l;
      EXPECT_LE(glm::length(fine - coarse - defect), 1e-4 * fineMoved) << "level " << l;
    }
    std::printf("  %u rows with a negative weight\n", negativeRows);
  }
}

// (2b) Whole frames: a free cloth and a free soft body, no gravity, moving and spinning, 60 frames, with
// and without the hierarchy. Per pass the coarse levels keep neither P (the defect of (2a)) nor L
// (prolongation moves a child rigidly with its parents only on rows with linear precision), so the first
// iteration's momentum projection measures its displacement from before the hierarchy's passes: it takes
// their rigid part out too, and the hierarchy keeps P and L as the flat solver does. Measured before that
// change (momentum start after the coarse levels), change in 1 s: P cloth 0.03%, L cloth 0.8%, soft body
// 3.4% (gs) and 8.2% (jacobi).
TEST(HierarchySolve, FreeBodiesKeepMomentum) {
  for (SolverMode mode : kModes) {
    for (bool cloth : {true, false}) {
      for (bool hierarchy : {false, true}) {
        const std::string what = std::string(solverModeName(mode)) + (cloth ? " cloth" : " soft body") +
                                 (hierarchy ? " hierarchy" : " flat");
        SCOPED_TRACE(what);
        const glm::vec3 velocity(0.4f, -0.2f, 0.3f);  // m/s
        const glm::vec3 spin(0.5f, 2.0f, -0.3f);      // rad/s
        SceneDesc scene;
        if (cloth) {
          scene = test::hierarchyCloth(24, true, mode);
          scene.cloths[0].pins.clear();
          scene.cloths[0].velocity = velocity;
          scene.cloths[0].angularVelocity = spin;
          scene.solver.gravity = glm::vec3(0.0f);
        } else {
          scene = test::spinningSoftCube(mode, velocity, spin);
        }
        scene.solver.hierarchy.enabled = hierarchy;
        // The Jacobi cloth leaves its level 1 unsolved, as a large cloth does by default (solve_from_level);
        // the gs cloth and the soft body solve every level.
        if (cloth && mode == SolverMode::Jacobi) scene.solver.hierarchy.solveFromLevel = 2;
        const Model model = buildModel(scene);
        const SolverLayout layout = buildSolverLayout(model, scene.solver);
        ASSERT_EQ(layout.hierarchy.levelCount() >= 1u, hierarchy);
        if (hierarchy) {
          EXPECT_EQ(layout.hierarchy.firstSolvedLevel(), cloth && mode == SolverMode::Jacobi ? 2u : 1u);
        }
        CpuSolver solver(model, scene.solver, layout);
        State state = makeInitialState(model);
        const test::MomentumStats start = test::momentumOf(state);
        double maxP = 0.0, maxL = 0.0;  // relative changes
        for (uint32_t f = 0; f < 60; ++f) {
          solver.stepFrame(state);
          const test::MomentumStats s = test::momentumOf(state);
          maxP = std::max(maxP, glm::length(s.momentum - start.momentum) / glm::length(start.momentum));
          maxL = std::max(maxL, glm::length(s.angular - start.angular) / glm::length(start.angular));
        }
        std::printf("  %s: largest relative change in 1 s of P %.3g, of L %.3g\n", what.c_str(), maxP, maxL);
        EXPECT_LT(maxP, 1e-5);
        EXPECT_LT(maxL, 1e-3);
      }
    }
  }
}

// (3) The rigid standard cloth 48², pinned at two corners, 10 × 1, 60 frames, its stretch p99 every 5th
// frame: with the hierarchy the mean stays under 1%; the flat solver's does not. One frame's p99 swings
// (with every level solved, 0.94% at frame 60 and 1.60% at frame 90; with level 1 only prolongated, the
// default, 1.34% and 0.65%), so the bound is on the mean (docs/hierarchy.md "Which levels are solved").
TEST(HierarchySolve, StiffensTheRigidCloth) {
  constexpr double kBound = 0.01;
  test::StretchSamples p99[2];
  for (bool hierarchy : {false, true}) {
    const SceneDesc scene = test::hierarchyCloth(48, hierarchy);
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver solver(model, scene.solver, layout);
    State state = makeInitialState(model);
    p99[hierarchy] = test::sampleStretchP99(model, state, 60, 5, [&](State& s) { solver.stepFrame(s); });
  }
  std::printf(
      "  48², 10 x 1, 60 frames, stretch p99 every 5th frame: flat mean %.3f%% (largest %.3f%%), hierarchy "
      "mean %.3f%% (largest %.3f%%), bound %.1f%%\n",
      100.0 * p99[0].mean, 100.0 * p99[0].largest, 100.0 * p99[1].mean, 100.0 * p99[1].largest,
      100.0 * kBound);
  EXPECT_EQ(p99[1].count, 12u);
  EXPECT_LE(p99[1].mean, kBound);
  EXPECT_GT(p99[0].mean, kBound);
}

// (3b) compression_compliance: a compressed coarse constraint pushes back as an XPBD constraint of that
// compliance, Δ|x_a − x_b| = −C (w_a + w_b) / (w_a + w_b + α_c/Δt²); stretching-only ones do nothing and
// bilateral ones correct fully; a stretched one keeps its own (stretch) compliance.
TEST(HierarchySolve, CompressionComplianceProjection) {
  const float dt = 1.0f / 600.0f;  // s
  const float alphaScale = 1.0f / (dt * dt);
  const float alphaC = 1e-6f;  // m/N
  gpu::CoarseConstraint c{};
  c.a = 0;
  c.b = 1;
  c.restLength = 1.0f;  // m
  c.compliance = 0.0f;
  c.invMassA = 1.0f;  // 1/kg
  c.invMassB = 1.0f;
  c.compressionCompliance = alphaC;
  const auto lengthAfter = [&](float length, uint32_t flags) {
    c.flags = flags;
    const glm::vec3 xa(0.0f), xb(length, 0.0f, 0.0f);
    const gpu::DistanceCorrection r = gpu::projectCoarse(xa, xb, c, alphaScale);
    return glm::length((xb + r.deltaB) - (xa + r.deltaA));
  };
  const float C = -0.1f;  // m, compressed
  const float expected = 1.0f + C + (-C * 2.0f / (2.0f + alphaC * alphaScale));
  EXPECT_NEAR(lengthAfter(0.9f, VKXPBD_COARSE_COMPRESSION), expected, 1e-6f);
  EXPECT_GT(lengthAfter(0.9f, VKXPBD_COARSE_COMPRESSION), 0.9f + 1e-3f);  // it really pushed
  EXPECT_LT(lengthAfter(0.9f, VKXPBD_COARSE_COMPRESSION), 1.0f - 1e-3f);  // but softly
  EXPECT_FLOAT_EQ(lengthAfter(0.9f, 0u), 0.9f);
  EXPECT_NEAR(lengthAfter(0.9f, VKXPBD_COARSE_BILATERAL), 1.0f, 1e-6f);
  EXPECT_NEAR(lengthAfter(1.1f, VKXPBD_COARSE_COMPRESSION), 1.0f, 1e-6f);  // stretch: rigid
}

// (3c) The standard cloth with coarse constraints that also resist compression (compression_compliance)
// stretches less than with stretching-only ones at 10 × 1 (docs/hierarchy.md has the 128²–512² table).
TEST(HierarchySolve, CompressionComplianceStretchesLess) {
  double p99[2];
  for (bool compression : {false, true}) {
    SceneDesc scene = test::hierarchyCloth(64, true);
    scene.solver.hierarchy.bilateral = false;  // this rigid cloth would get bilateral ones by default
    if (compression) scene.solver.hierarchy.compressionCompliance = 0.01f;  // m/N
    const Model model = buildModel(scene);
    const State state = runFrames(scene, 90, model);
    ASSERT_FALSE(findNonFinite(state).has_value());
    p99[compression] = test::stretchP99(model, state);
  }
  std::printf("  64², 10 x 1, 90 frames: stretch p99 stretching-only %.3f%%, with compression %.3f%%\n",
              100.0 * p99[0], 100.0 * p99[1]);
  EXPECT_LT(p99[1], 0.8 * p99[0]);
}

// (4) Both solver modes and both integrators with the hierarchy, 32² standard cloth, 60 frames: finite,
// the stretch p99 below 30% and below half the flat solver's. Measured (this rigid cloth gets bilateral
// coarse constraints by default), hierarchy / flat: gs euler 0.37% / 1.45%, gs bdf2 0.94% / 2.43%, jacobi
// euler 0.60% / 22.7%, jacobi bdf2 1.11% / 6.97%. BDF2 in gs was 3.78% (worse than flat) while only the
// coarse levels' displacement entered its velocity as in implicit Euler (docs/hierarchy.md "BDF2").
TEST(HierarchySolve, ModesAndIntegrators) {
  for (SolverMode mode : kModes) {
    for (Integrator integrator : {Integrator::Euler, Integrator::Bdf2}) {
      const std::string what = std::string(solverModeName(mode)) + " " + integratorName(integrator);
      double p99[2];
      for (bool hierarchy : {false, true}) {
        SceneDesc scene = test::hierarchyCloth(32, hierarchy, mode);
        scene.solver.integrator = integrator;
        const Model model = buildModel(scene);
        const State state = runFrames(scene, 60, model);
        EXPECT_FALSE(findNonFinite(state).has_value()) << what;
        p99[hierarchy] = test::stretchP99(model, state);
      }
      std::printf("  %s: stretch p99 flat %.3f%%, hierarchy %.3f%%\n", what.c_str(), 100.0 * p99[0],
                  100.0 * p99[1]);
      EXPECT_LT(p99[1], 0.3) << what;
      EXPECT_LT(p99[1], 0.5 * p99[0]) << what;
    }
  }
}

// (4a) The shipped balloon (a shell inflated to 1.6 × its volume by a pressure constraint, 10 × 2) with the
// hierarchy, both modes and integrators, 120 frames: it keeps its shape as without the hierarchy. Before the
// coarse rest lengths followed the inflation (docs/hierarchy.md "Pressurised shells") the coarse levels
// pulled the inflated balloon back towards its rest size in every substep and the pressure pushed it out
// again: in Jacobi mode the balloon crumpled (120 frames on lavapipe, stretch p99 / largest: Euler 1,045% /
// 1,382%, BDF2 1,075% / 2,382%; here 1,621% / 1,788% largest), in gs mode its largest stretch rose from 58%
// to 67%. Measured now (largest stretch, flat → hierarchy): gs Euler 57.8% → 56.4%, gs BDF2 57.7% → 57.1%,
// jacobi Euler 21.5% → 20.1%, jacobi BDF2 27.0% → 26.1%; V/V₀ 1.5986–1.6003. Asserted: finite, the enclosed
// volume within 1% of 1.6 V₀, the largest stretch at most 1.1 × the flat solver's (the flat solver's own
// stretch is the spread of XPBD's balloon at one or two iterations, not the hierarchy's).
TEST(HierarchySolve, PressurisedBalloonKeepsItsShape) {
  for (SolverMode mode : kModes) {
    for (Integrator integrator : {Integrator::Euler, Integrator::Bdf2}) {
      const std::string what = std::string(solverModeName(mode)) + " " + integratorName(integrator);
      double largest[2], volume[2];
      for (bool hierarchy : {false, true}) {
        SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/balloon.json");
        scene.solver.mode = mode;
        scene.solver.integrator = integrator;
        scene.solver.hierarchy.enabled = hierarchy;
        const Model model = buildModel(scene);
        uint32_t levels = 0;
        const State state = runFrames(scene, 120, model, &levels);
        ASSERT_FALSE(findNonFinite(state).has_value()) << what;
        EXPECT_EQ(levels > 0, hierarchy) << what;
        largest[hierarchy] = test::stretchQuantile(model, state, 1.0);
        const std::vector<double> ratios = balloonVolumeRatios(model, combinedPositions(state));
        ASSERT_EQ(ratios.size(), 1u);
        volume[hierarchy] = ratios[0];
      }
      std::printf("  %s: largest stretch flat %.2f%%, hierarchy %.2f%%; V/V0 %.4f, %.4f\n", what.c_str(),
                  100.0 * largest[0], 100.0 * largest[1], volume[0], volume[1]);
      EXPECT_NEAR(volume[1], 1.6, 0.016) << what;
      EXPECT_LE(largest[1], 1.1 * largest[0]) << what;
    }
  }
}

// Two standard cloths n × n side by side, the first with its own "hierarchy": true, the second ("flat
// cloth", 2 m along x) without (the solver default is off).
SceneDesc twoClothsFirstWithTheHierarchy(uint32_t n, float stretchCompliance = 0.0f) {
  SceneDesc scene = test::hierarchyCloth(n, false);
  scene.cloths[0].complianceStretch = stretchCompliance;  // m/N
  scene.cloths.push_back(scene.cloths[0]);
  scene.cloths[1].name = "flat cloth";
  scene.cloths[1].center += glm::vec3(2.0f, 0.0f, 0.0f);  // m
  HierarchySettings on;
  on.enabled = true;
  scene.cloths[0].hierarchy = on;
  return scene;
}

// (4b) BDF2 with the hierarchy: a body with coarse levels integrates with implicit Euler (docs/hierarchy.md
// "BDF2"). Its particles' history is stored as "none" at every velocity update, so each substep of theirs
// is an Euler substep: a particle that the solve stops (it came at speed s, uⁿ⁺¹ = 0) leaves at rest, where
// BDF2's velocity 3/2·0 − 1/2·s = −s/2 would be a rebound from nowhere. Its constraints' compliances are
// stored × 4/9, so BDF2's α̃ = α·9/(4Δt²) is Euler's α/Δt²; a body without coarse levels in the same scene
// keeps BDF2 and its compliances.
// Then 240 frames (4 s) of the 32² and 64² cloth in both modes, stretch p99 at every 30th frame, with and
// without the hierarchy. Measured (mean / largest of the 8 samples): gs 32² 0.46% / 0.65% (flat 2.83% /
// 4.24%), 64² 0.72% / 0.97% (flat 8.31% / 22.5%); jacobi 32² 0.64% / 0.87% (flat 17.5% / 30.4%), 64²
// 0.56% / 0.66% (flat 57.2% / 120%). With the earlier rule (BDF2's free motion, the solve's displacement as
// Euler's d/Δt): gs 1.34% / 2.13% and 1.38% / 2.06%, jacobi 1.87% / 3.05% and 1.35% / 1.77%. Asserted: mean
// below half the flat solver's and largest below 3.5%.
TEST(HierarchySolve, Bdf2HierarchyIntegratesWithEuler) {
  const glm::vec3 approach(0.0f, -2.0f, 0.0f);  // m/s, uⁿ
  const glm::vec4 valid(approach, VKXPBD_HISTORY_VALID);
  const glm::vec3 g(0.0f, -9.81f, 0.0f);  // m/s²
  const float dt = 1.0f / 600.0f;         // s
  // Stopped (uⁿ⁺¹ = 0) with a valid history: BDF2 rebounds at s/2 …
  EXPECT_FLOAT_EQ(gpu::bdf2Update(glm::vec3(0.0f), valid, g, dt, 1.0f).velocity.y, 1.0f);
  // … a body with coarse levels never has a valid history: it leaves at rest, and stays an Euler particle.
  const gpu::Bdf2Update stopped =
      gpu::bdf2Update(glm::vec3(0.0f), glm::vec4(approach, VKXPBD_HISTORY_NONE), g, dt, 1.0f);
  EXPECT_EQ(stopped.velocity, glm::vec3(0.0f));
  EXPECT_EQ(gpu::eulerBodyHistory(stopped.mean).w, VKXPBD_HISTORY_NONE);
  EXPECT_EQ(glm::vec3(gpu::eulerBodyHistory(stopped.mean)), glm::vec3(stopped.mean));

  // Two compliant cloths, the first with coarse levels: its compliances × 4/9, the other's unchanged.
  SceneDesc two = twoClothsFirstWithTheHierarchy(16, 1e-4f);  // m/N
  two.solver.integrator = Integrator::Bdf2;
  const Model twoModel = buildModel(two);
  const SolverLayout twoLayout = buildSolverLayout(twoModel, two.solver);
  const SolverLayout twoEuler = [&] {
    SolverSettings euler = two.solver;
    euler.integrator = Integrator::Euler;
    return buildSolverLayout(twoModel, euler);
  }();
  ASSERT_EQ(twoLayout.distance.size(), twoEuler.distance.size());
  uint32_t scaled = 0, kept = 0;
  for (size_t k = 0; k < twoLayout.distance.size(); ++k) {
    const float alpha = twoEuler.distance[k].compliance;
    if (integratesWithEuler(twoLayout, twoLayout.distance[k].a)) {
      EXPECT_FLOAT_EQ(
          twoLayout.distance[k].compliance * gpu::integratorAlphaScale(VKXPBD_INTEGRATOR_BDF2, dt),
          alpha * gpu::integratorAlphaScale(VKXPBD_INTEGRATOR_EULER, dt));
      scaled += alpha > 0.0f;
    } else {
      EXPECT_EQ(twoLayout.distance[k].compliance, alpha);
      kept += alpha > 0.0f;
    }
  }
  EXPECT_GT(scaled, 0u);
  EXPECT_GT(kept, 0u);

  for (SolverMode mode : kModes) {
    for (uint32_t n : {32u, 64u}) {
      double mean[2] = {0.0, 0.0}, worst[2] = {0.0, 0.0};
      for (bool hierarchy : {false, true}) {
        SceneDesc scene = test::hierarchyCloth(n, hierarchy, mode);
        scene.solver.integrator = Integrator::Bdf2;
        const Model model = buildModel(scene);
        const SolverLayout layout = buildSolverLayout(model, scene.solver);
        EXPECT_EQ(layout.bdf2HierarchyBase != VKXPBD_NONE, hierarchy);
        CpuSolver solver(model, scene.solver, layout);
        State state = makeInitialState(model);
        for (uint32_t f = 1; f <= 240; ++f) {
          solver.stepFrame(state);
          if (f % 30 != 0) continue;
          const double p99 = test::stretchP99(model, state);
          mean[hierarchy] += p99 / 8.0;
          worst[hierarchy] = std::max(worst[hierarchy], p99);
        }
        ASSERT_FALSE(findNonFinite(state).has_value());
      }
      std::printf(
          "  %s %u², BDF2, stretch p99 at frames 30, 60 … 240, mean / largest: flat %.2f%% / %.2f%%, "
          "hierarchy %.2f%% / %.2f%%\n",
          solverModeName(mode), n, 100.0 * mean[0], 100.0 * worst[0], 100.0 * mean[1], 100.0 * worst[1]);
      EXPECT_LT(mean[1], 0.5 * mean[0]);
      EXPECT_LT(worst[1], 0.035);
    }
  }
}

// (4c) The shipped soft ball (soft_sphere.json: 30 kPa Neo-Hookean, dropped 0.4 m at 0.5 m/s) with the
// hierarchy, both modes and integrators, 150 frames: finite, and its internal kinetic energy (the kinetic
// energy less its centre of mass's, J) after the impact stays small. Before a body with coarse levels
// integrated with Euler in a BDF2 run, Jacobi + BDF2 gained energy from the impact on (frame 18): 254 J of
// internal kinetic energy at frame 60, 761 J at frame 150, 637 tetrahedra inverted (with the coarse
// stiffness × 0.5 the positions were no longer finite by frame 138). Measured now, largest over frames
// 60–150 / at frame 150: see the printout; asserted below 10 J.
TEST(HierarchySolve, SoftBallWithTheHierarchyKeepsItsEnergy) {
  for (SolverMode mode : kModes) {
    for (Integrator integrator : {Integrator::Euler, Integrator::Bdf2}) {
      const std::string what = std::string(solverModeName(mode)) + " " + integratorName(integrator);
      SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/soft_sphere.json");
      scene.solver.mode = mode;
      scene.solver.integrator = integrator;
      scene.solver.hierarchy.enabled = true;
      const Model model = buildModel(scene);
      const SolverLayout layout = buildSolverLayout(model, scene.solver);
      ASSERT_GE(layout.hierarchy.levelCount(), 1u) << what;
      CpuSolver solver(model, scene.solver, layout);
      State state = makeInitialState(model);
      double largest = 0.0, last = 0.0;  // J
      for (uint32_t f = 1; f <= 150; ++f) {
        solver.stepFrame(state);
        ASSERT_FALSE(findNonFinite(state).has_value()) << what << ", frame " << f;
        if (f < 60) continue;
        double mass = 0.0, kinetic = 0.0;  // kg, J
        glm::dvec3 momentum(0.0);          // kg·m/s
        for (uint32_t i = 0; i < model.particleCount(); ++i) {
          if (!(model.restPositions[i].w > 0.0f)) continue;
          const double m = 1.0 / model.restPositions[i].w;
          const glm::dvec3 v(glm::vec3(state.velocities[i]));
          mass += m;
          momentum += m * v;
          kinetic += 0.5 * m * glm::dot(v, v);
        }
        last = kinetic - 0.5 * glm::dot(momentum, momentum) / mass;
        largest = std::max(largest, last);
      }
      std::printf("  %s: internal kinetic energy, largest over frames 60-150 %.3f J, at frame 150 %.3f J\n",
                  what.c_str(), largest, last);
      EXPECT_LT(largest, 10.0) << what;
    }
  }
}

// (5) The same cloth 1 km from the origin gives the same stretch (positions are kept in two parts). The
// stretch p99 of one frame of a wrinkling rigid cloth is sensitive to rounding, so the mean over frames
// 31–60 is compared, flat and with the hierarchy. The hierarchy is built from the model's float rest
// positions, which 1 km away are 61 µm apart (one ulp at 1000 m): its parents (nearest first, ties by
// index) and weights change there. Measured: flat 3.347% / 3.341%, hierarchy 0.527% / 0.386% (27% less
// stretch 1 km away; the hierarchy's rows and weights differ, counted below): the hierarchy's stretch is
// asserted within 30%, the flat solver's within 1%.
TEST(HierarchySolve, FarFromTheOrigin) {
  std::vector<gpu::ProlongationRow> rows[2];
  for (bool hierarchy : {false, true}) {
    double p99[2] = {0.0, 0.0};
    for (int far = 0; far < 2; ++far) {
      SceneDesc scene = test::hierarchyCloth(32, hierarchy);
      if (far) scene.cloths[0].center += glm::vec3(1000.0f, 0.0f, 0.0f);  // m
      const Model model = buildModel(scene);
      const SolverLayout layout = buildSolverLayout(model, scene.solver);
      if (hierarchy) rows[far] = layout.hierarchy.levels.at(0).prolongation;
      CpuSolver solver(model, scene.solver, layout);
      State state = makeInitialState(model);
      for (uint32_t f = 0; f < 60; ++f) {
        solver.stepFrame(state);
        if (f >= 30) p99[far] += test::stretchP99(model, state) / 30.0;
      }
    }
    std::printf("  %s: mean stretch p99 at the origin %.4f%%, 1 km away %.4f%%\n",
                hierarchy ? "hierarchy" : "flat", 100.0 * p99[0], 100.0 * p99[1]);
    EXPECT_NEAR(p99[1], p99[0], (hierarchy ? 0.3 : 0.01) * p99[0]) << (hierarchy ? "hierarchy" : "flat");
  }
  uint32_t differentParents = 0, differentWeights = 0;
  ASSERT_EQ(rows[0].size(), rows[1].size());
  for (size_t r = 0; r < rows[0].size(); ++r) {
    const gpu::ProlongationRow &a = rows[0][r], &b = rows[1][r];
    differentParents += a.particle != b.particle || a.parent0 != b.parent0 || a.parent1 != b.parent1 ||
                        a.parent2 != b.parent2 || a.parent3 != b.parent3;
    differentWeights += glm::length(a.weights - b.weights) > 1e-3f;
  }
  std::printf("  level 1: %zu rows, %u with other parents, %u with weights changed by > 1e-3 1 km away\n",
              rows[0].size(), differentParents, differentWeights);
}

// (5b) The shipped soft column (docs/hierarchy.md "Soft bodies: the soft column"; 10,368 tetrahedra) on
// the CPU reference, with its hierarchy (bilateral, natural_frequency 226 rad/s), at 10 × 1 and at 20 × 1,
// both Gauss-Seidel: the tip sag (mean downward displacement of the free end face) after 120 frames is
// within 5% of the 10 × 100 flat answer (92.10 mm, measured with `vkxpbd run`), with no inverted
// tetrahedron. Measured with `vkxpbd run` (300 frames, lavapipe): 93.35 mm (+1.4%) and 90.84 mm (−1.4%),
// settled by frame 120; the fitted pair it replaces (stiffness_scale 0.02, stiffness_growth 2.8) gave
// 94.14 mm and 81.54 mm (−11.5%) at 20 substeps.
TEST(HierarchySolve, SoftColumnTipSagAtTenAndTwentySubsteps) {
  constexpr double kReference = 0.09210;  // m, 10 × 100 flat
  SceneDesc scene = loadScene(VKXPBD_SOURCE_DIR "/scenes/soft_column.json");
  ASSERT_TRUE(scene.solver.hierarchy.enabled);
  ASSERT_GT(scene.solver.hierarchy.naturalFrequency, 0.0f);
  for (uint32_t substeps : {10u, 20u}) {
    scene.solver.substeps = substeps;
    const Model model = buildModel(scene);
    const State state = runFrames(scene, 120, model);
    ASSERT_FALSE(findNonFinite(state).has_value());
    uint32_t count = 0;
    const double sag = test::tipSag(model, state.positions, &count);  // m
    std::printf("  %u substeps: tip sag %.2f mm (reference %.2f mm, %+.1f%%)\n", substeps, 1e3 * sag,
                1e3 * kReference, 100.0 * (sag / kReference - 1.0));
    EXPECT_EQ(count, 49u);
    EXPECT_NEAR(sag / kReference, 1.0, 0.05) << substeps << " substeps";
    EXPECT_EQ(measureTets(model, state.positions).inverted, 0u);
  }
}

// (6) Two cloths in one scene, the first with its own "hierarchy": true, the second without (the solver
// default is off): only the first gets levels, and each cloth's stretch is the one it has alone.
TEST(HierarchySolve, PerBodySetting) {
  constexpr uint32_t n = 32;
  const SceneDesc scene = twoClothsFirstWithTheHierarchy(n);
  const Model model = buildModel(scene);
  ASSERT_EQ(model.bodies.size(), 2u);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  ASSERT_GE(layout.hierarchy.levelCount(), 1u);
  for (const HierarchyLevel& level : layout.hierarchy.levels) {
    for (uint32_t p : level.particles) EXPECT_LT(p, n * n);
    for (const gpu::ProlongationRow& row : level.prolongation) EXPECT_LT(row.particle, n * n);
  }
  const State both = runFrames(scene, 60, model);
  const double withIt = test::stretchP99(model, both, 0, n * n);
  const double without = test::stretchP99(model, both, n * n, n * n);
  double alone[2];
  for (bool hierarchy : {false, true}) {
    const SceneDesc single = test::hierarchyCloth(n, hierarchy);
    const Model m = buildModel(single);
    alone[hierarchy] = test::stretchP99(m, runFrames(single, 60, m));
  }
  std::printf("  stretch p99: cloth with it %.3f%% (alone %.3f%%), without %.3f%% (alone %.3f%%)\n",
              100.0 * withIt, 100.0 * alone[1], 100.0 * without, 100.0 * alone[0]);
  // Bilateral coarse constraints (this rigid cloth's default): measured 0.52% next to the other cloth, 0.37%
  // alone (stretching-only ones: 0.71% and 0.77%); why the neighbour changes it this much is not known yet.
  EXPECT_NEAR(withIt, alone[1], 0.5 * alone[1]);
  EXPECT_NEAR(without, alone[0], 0.1 * alone[0]);
  EXPECT_LT(withIt, 0.7 * without);
}

}  // namespace
}  // namespace vkxpbd
