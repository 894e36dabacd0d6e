// The convergence lab (engine/lab/): residual behaviour of Gauss-Seidel vs Jacobi within one substep,
// XPBD's iteration-count independence vs PBD, the Newton reference and the SVG plots.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "gpu/gpu_solver.h"
#include "gpu_test_fixture.h"
#include "lab/converge_output.h"
#include "lab/convergence.h"
#include "lab/residual.h"
#include "plot/glyphs.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/diagnostics.h"
#include "sim/solver_layout.h"

namespace vkxpbd {
namespace {

// tests/data/converge_small.json: a 12×12 cloth hanging from two corners, nonzero compliance.
SceneDesc smallScene() {
  return loadScene(VKXPBD_SOURCE_DIR "/tests/data/converge_small.json");
}

class ConvergeTest : public test::GpuTest {
 protected:
  State simulate(const Model& model, const SolverSettings& settings, uint32_t frames) {
    const SolverLayout layout = buildSolverLayout(model, settings);
    GpuSolverOptions options;
    options.timestamps = false;
    GpuSolver solver(*ctx, model, settings, layout, options);
    solver.simulate(frames);
    return solver.download();
  }

  // Metrics of one step with k iterations in `mode` (ω = 1) from `start`.
  lab::StepMetrics measure(const Model& model, const SolverSettings& scene, const State& start,
                           SolverMode mode, uint32_t k) {
    SolverSettings step = lab::stepSettings(scene);
    step.mode = mode;
    const State s = lab::stepStart(start, scene);
    const lab::StepResult r = lab::runStep(*ctx, model, step, s, k, false);
    const std::vector<glm::dvec3> predicted = lab::predictedPositions(model, s, step, r.state.positions);
    return lab::measureStep(model, r.state.positions, r.lambdas, step.frameDt, step.constraintModel,
                            &predicted);
  }
};

TEST_F(ConvergeTest, BothModesDecreaseTheResidualWithConsistentLambda) {
  const SceneDesc scene = smallScene();
  const Model model = buildModel(scene);
  const State start = simulate(model, scene.solver, 10);
  // Both reduce ‖C + α̃λ‖ at every iteration, and both keep λ consistent with the positions: the full
  // residual (with the momentum equation, see engine/lab/residual.h) is ‖C + α̃λ‖ to 0.1%. (Before the
  // Jacobi batch scaled λ like the positions, Jacobi's full residual was several times its ‖C + α̃λ‖.)
  // No order between the modes is asserted: with split masses Jacobi's ‖C + α̃λ‖ is the
  // lower one here for k = 1…5 (lavapipe: 5.17e-4 against 5.56e-4 m at k = 1); Gauss-Seidel only pulls
  // ahead over many iterations (docs/convergence.md, the stiff step).
  lab::StepMetrics prevGs, prevJacobi;
  for (uint32_t k = 1; k <= 5; ++k) {
    const lab::StepMetrics gs = measure(model, scene.solver, start, SolverMode::GaussSeidel, k);
    const lab::StepMetrics jacobi = measure(model, scene.solver, start, SolverMode::Jacobi, k);
    std::printf("k %u: gs r %.4e full %.4e | jacobi r %.4e full %.4e\n", k, gs.residualL2, gs.fullL2,
                jacobi.residualL2, jacobi.fullL2);
    EXPECT_LE(gs.fullL2, gs.residualL2 * 1.001) << "k = " << k;
    EXPECT_LE(jacobi.fullL2, jacobi.residualL2 * 1.001) << "k = " << k;
    if (k > 1) {
      EXPECT_LT(gs.residualL2, prevGs.residualL2) << "k = " << k;
      EXPECT_LT(jacobi.residualL2, prevJacobi.residualL2) << "k = " << k;
    }
    prevGs = gs;
    prevJacobi = jacobi;
  }
}

// Median stretch strain of the hanging cloth after 60 frames at few and many iterations per substep.
constexpr uint32_t kFewIterations = 4;
constexpr uint32_t kManyIterations = 16;
TEST_F(ConvergeTest, XpbdStrainIndependentOfIterationsPbdNot) {
  SceneDesc scene = smallScene();
  // Soft enough for the substep: α = 0.1 m/N, Δt = 1/240 s → α̃ = α/Δt² ≈ 5.8e3 1/kg, about the
  // particles' inverse mass (≈ 5.8e3 1/kg), so 4 Gauss-Seidel iterations already solve each substep's
  // system and 16 add nothing. (Stiffer or fewer substeps, e.g. α = 1e-4 m/N at 10 substeps, leaves
  // 5 iterations short of convergence and XPBD too comes out softer; its claim is about the solution.)
  // PBD with k = 0.5 instead stiffens with every iteration (k_eff = 1 − (1 − k)^n).
  ClothDesc& cloth = scene.cloths.at(0);
  cloth.complianceStretch = 0.1f;
  cloth.complianceShear = 0.1f;
  cloth.complianceBend = 1.0f;
  scene.solver.substeps = 4;
  const Model model = buildModel(scene);
  auto strain = [&](ConstraintModel cm, uint32_t iterations) {
    SolverSettings s = scene.solver;
    s.constraintModel = cm;
    s.iterations = iterations;
    const State state = simulate(model, s, 60);
    return measureStrain(model, state.positions, ConstraintKind::Stretch).medianStrain;
  };
  const double xpbdFew = strain(ConstraintModel::Xpbd, kFewIterations);
  const double xpbdMany = strain(ConstraintModel::Xpbd, kManyIterations);
  const double pbdFew = strain(ConstraintModel::Pbd, kFewIterations);
  const double pbdMany = strain(ConstraintModel::Pbd, kManyIterations);
  std::printf("median stretch strain: xpbd %.6g / %.6g, pbd %.6g / %.6g\n", xpbdFew, xpbdMany, pbdFew,
              pbdMany);
  EXPECT_NEAR(xpbdFew / xpbdMany, 1.0, 0.02);
  EXPECT_GT(std::abs(pbdFew / pbdMany - 1.0), 0.10);
}

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

size_t countOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

TEST_F(ConvergeTest, ReportFilesAndNewtonReference) {
  const SceneDesc scene = smallScene();
  const Model model = buildModel(scene);
  const State start = simulate(model, scene.solver, 10);
  lab::ConvergeConfig config;
  config.maxIterations = 8;
  config.omegaCandidates = {1.5f};
  const lab::ConvergenceReport report = lab::runConvergence(*ctx, model, scene.solver, start, config);
  ASSERT_EQ(report.methods.size(), 7u);
  // Only the two hierarchy methods run coarse levels; the others have the hierarchy off.
  for (const lab::MethodCurve& c : report.methods) {
    EXPECT_EQ(c.spec.hierarchy, c.spec.name.find("_hierarchy") != std::string::npos) << c.spec.name;
    if (c.spec.hierarchy)
      EXPECT_GE(c.hierarchyLevels, 1u) << c.spec.name;
    else
      EXPECT_EQ(c.hierarchyLevels, 0u) << c.spec.name;
  }

  // Newton: converged to < 1e-8 m, and Gauss-Seidel approaches it as k grows.
  ASSERT_TRUE(report.newton.ran);
  EXPECT_EQ(report.newton.message, "converged");
  ASSERT_FALSE(report.newton.residuals.empty());
  EXPECT_LT(report.newton.residuals.back(), 1e-8);
  const std::vector<double>& d = report.newton.distanceGsPerRow;
  ASSERT_EQ(d.size(), 8u);
  for (size_t i = 1; i < d.size(); ++i) EXPECT_LT(d[i], d[i - 1]) << "k = " << i + 1;
  // Every method's rows carry their distance to Newton; gs's are the summary's.
  for (const lab::MethodCurve& c : report.methods) {
    for (size_t i = 0; i < c.rows.size(); ++i) {
      ASSERT_TRUE(c.rows[i].distanceToNewton.has_value()) << c.spec.name << " k = " << i + 1;
      EXPECT_GE(*c.rows[i].distanceToNewton, 0.0) << c.spec.name;
      if (c.spec.name == "gs") {
        EXPECT_EQ(*c.rows[i].distanceToNewton, d[i]) << "k = " << i + 1;
      }
    }
  }

  const std::string dir = testing::TempDir() + "/vkxpbd_converge";
  std::filesystem::remove_all(dir);
  lab::writeConvergenceFiles(dir, report, {{"scene", scene.name}});
  for (const char* name :
       {"residual_vs_iterations.svg", "residual_vs_gpu_time.svg", "full_residual_vs_iterations.svg"}) {
    const std::string svg = readText(dir + "/" + name);
    EXPECT_EQ(svg.rfind("<svg", 0), 0u) << name;
    EXPECT_EQ(countOf(svg, "class=\"series\""), report.methods.size()) << name;
    EXPECT_NE(svg.find("α̃"), std::string::npos) << name;  // Unicode, not "alpha~"
    EXPECT_NE(svg.find("gs + hierarchy"), std::string::npos) << name;
    const std::string png = std::string(name).substr(0, std::string(name).size() - 4) + ".png";
    // The PNG needs a TrueType font (fonts-dejavu-core); without one only the SVG is written, by design.
    if (plot::fontAvailable(nullptr)) {
      EXPECT_TRUE(std::filesystem::file_size(dir + "/" + png) > 1000) << png;
    } else {
      EXPECT_FALSE(std::filesystem::exists(dir + "/" + png)) << png;
    }
    EXPECT_NE(svg.find("</svg>"), std::string::npos) << name;
    EXPECT_EQ(svg.find_last_not_of("\n"), svg.rfind("</svg>") + 5) << name;  // ends with </svg>
    EXPECT_EQ(countOf(svg, "<"), countOf(svg, ">")) << name;
  }
  // The GPU-time axis runs forwards: the fitted time grows with k for every method.
  for (const lab::MethodCurve& c : report.methods) {
    const std::vector<double> t = lab::fittedGpuMs(c);
    ASSERT_EQ(t.size(), c.rows.size());
    for (size_t i = 1; i < t.size(); ++i) EXPECT_GE(t[i], t[i - 1]) << c.spec.name << " k = " << i + 1;
  }
  const std::string csv = readText(dir + "/converge.csv");
  EXPECT_EQ(csv.rfind("method,omega,iterations,residual_l2,", 0), 0u);
  EXPECT_NE(csv.find(",residual_full_l2,distance_to_newton_m\n"), std::string::npos);
  EXPECT_EQ(static_cast<size_t>(std::count(csv.begin(), csv.end(), '\n')), 1 + 7 * 8u);
  EXPECT_NE(readText(dir + "/converge.json").find("\"to_tolerance\""), std::string::npos);
}

// The fitted GPU time is never negative: times whose free least-squares line crosses 0 ms before k = 1
// (1, 1, 1 ms then 13 ms at k = 4: t = −5 + 3.6 k) are fitted through the origin instead.
TEST(ConvergeFit, FittedGpuTimeIsNeverNegative) {
  lab::MethodCurve curve;
  const double ms[] = {1.0, 1.0, 1.0, 13.0};
  for (uint32_t k = 1; k <= 4; ++k) {
    lab::IterationRow row;
    row.iterations = k;
    row.gpuMs = ms[k - 1];
    curve.rows.push_back(row);
  }
  const std::vector<double> t = lab::fittedGpuMs(curve);
  ASSERT_EQ(t.size(), 4u);
  const double slope = (1.0 + 2.0 + 3.0 + 52.0) / (1.0 + 4.0 + 9.0 + 16.0);  // Σkt / Σk², ms
  for (uint32_t k = 1; k <= 4; ++k) {
    EXPECT_GE(t[k - 1], 0.0) << k;
    EXPECT_NEAR(t[k - 1], slope * k, 1e-12) << k;
  }
  // A line that stays above 0 ms is the free fit: 2, 3, 4, 5 ms fit exactly.
  for (uint32_t k = 1; k <= 4; ++k) curve.rows[k - 1].gpuMs = 1.0 + k;
  const std::vector<double> exact = lab::fittedGpuMs(curve);
  for (uint32_t k = 1; k <= 4; ++k) EXPECT_NEAR(exact[k - 1], 1.0 + k, 1e-12) << k;
}

// The convergence lab's residual sees the constraints the Gauss-Seidel projection solves
// (shared/element_math.h neoHookeanForm): in the rest shape with λ = 0, a stiff tetrahedron (the shape form,
// C_S = ‖dev E‖ = 0, C_H = det F − 1 = 0) has no residual, a soft one (the Macklin–Müller pair: C_D = ‖F‖ =
// √3 and C_H = 1 − γ = −μ/λ = −(1 − 2ν)/(2ν), held by λ it does not have yet) has √(3 + (μ/λ)²) per
// tetrahedron. Before the lab used neoHookeanForm it
// evaluated ‖F‖ for every tetrahedron, and the Gauss-Seidel soft_beam's residual stopped at 4.5 (of 72.8)
// once six of its tetrahedra took the shape form.
TEST(NeoHookean, LabResidualEvaluatesTheFormTheProjectionTakes) {
  for (float youngs : {1.0e4f, 1.0e9f}) {
    const std::string json =
        R"({"solver": {"substeps": 10, "iterations": 1}, "soft_bodies": [{"mesh": {"type":
      "box", "size": [0.2, 0.2, 0.2], "cells": [2, 2, 2]}, "density": 1000, "material": {"model": "neohookean",
      "youngs_modulus": )" +
        std::to_string(youngs) + R"(, "poisson_ratio": 0.3}}]})";
    const SceneDesc scene = parseScene(json, "cube.json");
    const Model model = buildModel(scene);
    const float dt = scene.solver.frameDt / static_cast<float>(scene.solver.substeps);  // s
    std::vector<float> lambdas(model.distance.size() + 2 * model.elements.size(), 0.0f);
    const lab::StepMetrics m =
        lab::measureStep(model, model.restPositions, lambdas, dt, ConstraintModel::Xpbd, nullptr);
    const double perTet = m.residualL2 / std::sqrt(static_cast<double>(model.elements.size()));
    std::printf("E %.0e Pa: rest residual per tetrahedron %.3e\n", youngs, perTet);
    if (youngs > 1.0e8f)
      EXPECT_LT(perTet, 1e-5);
    else
      EXPECT_NEAR(perTet, std::sqrt(3.0 + (0.4 / 0.6) * (0.4 / 0.6)), 0.01);  // ν = 0.3
  }
}

}  // namespace
}  // namespace vkxpbd
