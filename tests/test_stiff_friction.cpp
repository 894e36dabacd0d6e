// Stiff solids and friction at the default 10 substeps × 1 iteration (CPU reference): a Neo-Hookean
// cube of E = 10 MPa … 1 GPa dropped on the ground, inverted tetrahedra recovering, and bodies on a 20°
// incline against Coulomb's law (docs/constraints.md, docs/contacts.md). What the issue asks and is not
// reached yet is asserted as measured and said so at each test.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "incline_travel.h"
#include "momentum_check.h"
#include "tear_hierarchy_scenes.h"
#include "tet_check.h"

#include "scene/scene.h"
#include "shared/cascade_math.h"
#include "shared/element_math.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"

namespace vkxpbd {
namespace {

// A 0.3 m cube of 6×6×6 cells (1000 kg/m³), tilted by (20°, 0, 30°), its centre 0.5 m up; `material` is
// the scene's material object.
std::string droppedCube(const std::string& material, const char* mode, float gravity = -9.81f,
                        float height = 0.5f, int iterations = 1) {
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": %d, "max_colours": 64,
    "mode": "%s", "gravity": [0, %g, 0]}, "soft_bodies": [{"mesh": {"type": "box", "size": [0.3, 0.3, 0.3],
    "cells": [6, 6, 6]}, "density": 1000, "material": %s,
    "instances": [{"position": [0, %g, 0], "rotation": [20, 0, 30]}]}],
    "colliders": [{"type": "plane"}]})",
                iterations, mode, gravity, material.c_str(), height);
  return json;
}

std::string neoHookean(float youngs) {
  char json[128];
  std::snprintf(json, sizeof(json), R"({"model": "neohookean", "youngs_modulus": %g, "poisson_ratio": 0.45})",
                youngs);
  return json;
}

const char* const kRigidVolume = R"({"model": "volume", "compliance": 0})";

using test::checkTets;
using test::TetCheck;

struct DropResult {
  int worst = 0;         // most tetrahedra inverted after one frame
  int last = 0;          // inverted after the last frame
  int substep = 0;       // most inverted after a constraint iteration (inside a frame)
  double mean = 0.0;     // mean V/V₀ after the frames of the second half
  double deepest = 0.0;  // lowest particle after a frame, m (the ground is y = 0)
  int framesBelow = 0;   // frames after which a particle was more than 0.1 mm below the ground
};

DropResult dropCube(const std::string& material, const char* mode, int frames, int iterations = 1) {
  const SceneDesc scene = parseScene(droppedCube(material, mode, -9.81f, 0.5f, iterations), "cube.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  const double rest = 0.3 * 0.3 * 0.3;  // m³
  DropResult r;
  for (int f = 0; f < frames; ++f) {
    // After the constraint iteration of every substep (before collide): the split positions combined.
    solver.stepFrame(state, [&](uint32_t, uint32_t, const State& now) {
      r.substep = std::max(r.substep, checkTets(model, combinedPositions(now)).inverted);
    });
    const TetCheck c = checkTets(model, state.positions);
    int below = 0;
    for (const glm::vec4& x : state.positions) {
      r.deepest = std::min(r.deepest, static_cast<double>(x.y));
      below = std::max(below, x.y < -1e-4f ? 1 : 0);
    }
    r.framesBelow += below;
    r.worst = std::max(r.worst, c.inverted);
    r.last = c.inverted;
    if (2 * f >= frames) r.mean += c.volume / rest / static_cast<double>(frames - (frames + 1) / 2);
  }
  return r;
}

// Before the stiff-tetrahedron work, E = 10 MPa to 1 GPa inverted 620–665 of the 1296 tetrahedra from the
// first frame on, in mid-air. The issue's target is no inverted tetrahedron after any frame and the volume
// within 1%. Measured on the CPU (docs/constraints.md): none inverted after any frame and none after the
// constraint iteration of any substep, in both modes, for E = 10 MPa / 100 MPa / 1 GPa; the mean V/V₀ over
// the second second 0.9981–0.9983 (Gauss-Seidel) and 0.9843–0.9849 (Jacobi). The frame-end inversions of
// the impact (3 / 2 / 0 in Gauss-Seidel, 2 / 2 / 1 in Jacobi) came from collide lifting the crushed corner
// straight up through its own tetrahedra; the collide limit pass (shared/collide_limit.h) now lets no
// particle's collide move take an incident tetrahedron below 0.2 of its volume. Its cost: the crushed
// corner stays below the ground for a few frames while the elements restore it, at most 2.33 cm (2–3
// frames more than 0.1 mm below, Gauss-Seidel) and 0.38 cm (3–5 frames, Jacobi; 0.55 cm and 3–8 frames before
// the split masses). NOT reached: 1% in Jacobi mode (the weight, not the impact:
// CubeRestingOnTheGroundLosesVolumeOnlyToItsWeight). The cube bounces (it lands at 2.3 m/s and leaves at 1.1
// m/s) because at one iteration the stop propagates through about one layer of tetrahedra per substep, and
// the compressed cube springs back (docs/constraints.md). Asserted: none inverted after any frame and after
// any substep's constraints, the mean volume within 1% (Gauss-Seidel) and 2% (Jacobi), no particle deeper
// than 3 cm, more than 0.1 mm below the ground after at most 5 (Gauss-Seidel) / 10 (Jacobi) frames. The
// compliance-0 `volume` material is not asserted here: without shape stiffness it slumps
// (docs/constraints.md).
TEST(StiffSolid, CubeDroppedOnTheGroundNeverInvertsAndKeepsItsVolume) {
  for (const char* mode : {"gs", "jacobi"}) {
    const bool gs = std::string(mode) == "gs";
    for (float youngs : {1.0e7f, 1.0e8f, 1.0e9f}) {
      const DropResult r = dropCube(neoHookean(youngs), mode, 120);
      std::printf(
          "%s E = %g Pa: most inverted after a frame %d (after a substep's constraints %d), at the end %d, "
          "V/V0 mean over the 2nd s %.4f, deepest %.2e m, frames below %d\n",
          mode, youngs, r.worst, r.substep, r.last, r.mean, r.deepest, r.framesBelow);
      EXPECT_EQ(r.worst, 0) << mode << " E = " << youngs;
      EXPECT_EQ(r.substep, 0) << mode << " E = " << youngs;
      EXPECT_EQ(r.last, 0) << mode << " E = " << youngs;
      EXPECT_NEAR(r.mean, 1.0, gs ? 0.01 : 0.02) << mode << " E = " << youngs;
      EXPECT_GT(r.deepest, -0.03) << mode << " E = " << youngs;
      EXPECT_LE(r.framesBelow, gs ? 5 : 10) << mode << " E = " << youngs;
    }
  }
}

// The same cube (100 MPa) set down level on the ground, at rest, without the impact: mean and lowest
// V/V₀ over the second second, the most tetrahedra inverted after a frame, and the height lost (m).
struct RestResult {
  double mean = 0.0, lowest = 2.0, sink = 0.0;
  int inverted = 0;
};

// `hierarchy`: the body's "hierarchy" value.
RestResult restingCube(const char* mode, float gravity, int iterations = 1, const char* hierarchy = "false") {
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": %d, "max_colours": 64,
    "mode": "%s", "gravity": [0, %g, 0]}, "soft_bodies": [{"mesh": {"type": "box", "size": [0.3, 0.3, 0.3],
    "cells": [6, 6, 6]}, "density": 1000, "material": %s, "hierarchy": %s,
    "instances": [{"position": [0, 0.16, 0]}]}], "colliders": [{"type": "plane"}]})",
                iterations, mode, gravity, neoHookean(1.0e8f).c_str(), hierarchy);
  const SceneDesc scene = parseScene(json, "rest.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  RestResult r;
  for (int f = 0; f < 120; ++f) {
    solver.stepFrame(state);
    const TetCheck c = checkTets(model, state.positions);
    r.inverted = std::max(r.inverted, c.inverted);
    if (f < 60) continue;
    const double ratio = c.volume / (0.3 * 0.3 * 0.3);
    r.mean += ratio / 60.0;
    r.lowest = std::min(r.lowest, ratio);
    float top = -1e9f, bottom = 1e9f;
    for (const glm::vec4& x : state.positions) {
      top = std::max(top, x.y);
      bottom = std::min(bottom, x.y);
    }
    r.sink += (0.3 - static_cast<double>(top - bottom)) / 60.0;
  }
  return r;
}

// Where the Jacobi volume deficit of the dropped cube comes from: not from the impact. The cube set down
// level at rest loses as much (measured on the CPU, 2nd second: mean V/V₀ 0.9984 in Gauss-Seidel, 0.9824 in
// Jacobi, down to 0.9781; mean height lost 0.36 mm and 5.1 mm, where ρgh²/(2E) = 4.4 µm), and nothing
// without gravity (V/V₀ = 1.0000 in both modes). At one iteration per substep each constraint corrects
// ω/n_k of its error per substep in Jacobi mode (the per-constraint scale, docs/convergence.md), 1 in
// Gauss-Seidel, so the weight compresses Jacobi's resting cube 14 times as much. Asserted: none inverted;
// the mean within 0.5% (Gauss-Seidel) and 2.5% (Jacobi: the issue's 1% NOT reached); without gravity
// within 1e-4.
TEST(StiffSolid, CubeRestingOnTheGroundLosesVolumeOnlyToItsWeight) {
  for (const char* mode : {"gs", "jacobi"}) {
    const bool gs = std::string(mode) == "gs";
    const RestResult r = restingCube(mode, -9.81f);
    const RestResult free = restingCube(mode, 0.0f);
    std::printf("%s: V/V0 mean %.4f lowest %.4f, height lost %.2e m, inverted %d; no gravity: V/V0 %.5f\n",
                mode, r.mean, r.lowest, r.sink, r.inverted, free.mean);
    EXPECT_EQ(r.inverted, 0) << mode;
    EXPECT_NEAR(r.mean, 1.0, gs ? 0.005 : 0.025) << mode;
    EXPECT_NEAR(free.mean, 1.0, 1e-4) << mode;
  }
}

// How many iterations Jacobi mode needs for the issue's 1%: the same drop and the cube set down at rest
// (below) at 10 substeps × 3 iterations (measured on the CPU: mean V/V₀ over the 2nd s 0.9949 / 0.9931 /
// 0.9927 dropped with E = 10 MPa / 100 MPa / 1 GPa, 0.9937 at rest; at 2 iterations 0.9887–0.9892 dropped,
// 0.9909 at rest). Two alternatives measured at one iteration (docs/convergence.md) do not get there:
// ω = 1.9 (0.9879 dropped, 0.9907 at rest) and per-particle split masses (each end's own constraint count
// instead of the constraint's largest: 0.9846–0.9851 dropped, and tetrahedra invert on impact at ω ≥ 1.3).
// Asserted: none inverted after any frame or substep, the mean within 1% dropped and at rest.
TEST(StiffSolid, JacobiKeepsTheVolumeWithinOnePercentAtThreeIterations) {
  for (float youngs : {1.0e7f, 1.0e8f, 1.0e9f}) {
    const DropResult r = dropCube(neoHookean(youngs), "jacobi", 120, 3);
    std::printf(
        "jacobi x3 E = %g Pa: most inverted after a frame %d (after a substep's constraints %d), "
        "V/V0 mean over the 2nd s %.4f\n",
        youngs, r.worst, r.substep, r.mean);
    EXPECT_EQ(r.worst, 0) << youngs;
    EXPECT_EQ(r.substep, 0) << youngs;
    EXPECT_NEAR(r.mean, 1.0, 0.01) << youngs;
  }
  const RestResult rest = restingCube("jacobi", -9.81f, 3);
  std::printf("jacobi x3 at rest: V/V0 mean %.4f lowest %.4f, inverted %d\n", rest.mean, rest.lowest,
              rest.inverted);
  EXPECT_EQ(rest.inverted, 0);
  EXPECT_NEAR(rest.mean, 1.0, 0.01);
}

using test::Travel;

// The 20° incline scene at the defaults (10 substeps, `iterations`) with one body: `body` is the scene's
// entry for it in `section` ("soft_bodies", "cloths" or "shells").
SceneDesc inclineScene(const std::string& section, const std::string& body, float muStatic, float muKinetic,
                       const char* mode, int iterations = 1) {
  const float theta = glm::radians(20.0f);
  const glm::vec3 normal(-std::sin(theta), std::cos(theta), 0.0f);
  char json[2048];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": %d, "max_colours": 64,
    "mode": "%s"}, "thickness": 0.01, "%s": [%s],
    "colliders": [{"type": "plane", "normal": [%g, %g, 0], "offset": 0,
                   "friction": {"static": %g, "kinetic": %g}}]})",
                iterations, mode, section.c_str(), body.c_str(), normal.x, normal.y, muStatic, muKinetic);
  return parseScene(json, "incline.json");
}

// A body resting on the 20° incline (tan θ = 0.364) with friction μs, μk, placed with its lowest face on
// the plane: how far it travels downhill in 1 s (test::travelDownIncline).
Travel onIncline(const std::string& section, const std::string& body, float muStatic, float muKinetic,
                 const char* mode, int iterations = 1) {
  return test::travelDownIncline(inclineScene(section, body, muStatic, muKinetic, mode, iterations), 20.0f);
}

// A Neo-Hookean block of edge `size` (m), 4×4×4 cells, 1000 kg/m³, ν = 0.3, resting on the 20° incline.
// `hierarchy`: the body's "hierarchy" value (none by default). `far` (m): moved that far uphill along the
// plane and as far in z (the plane passes through the origin, so it still rests on it).
std::string inclineBlock(float youngs, float size, const char* hierarchy = "false", double far = 0.0) {
  const double theta = glm::radians(20.0);
  const double up = 0.5 * size + 0.01;  // m: the centre above the plane (half the block plus the thickness)
  char json[640];
  std::snprintf(json, sizeof(json), R"({"mesh": {"type": "box", "size": [%g, %g, %g], "cells": [4, 4, 4]},
    "density": 1000, "material": {"model": "neohookean", "youngs_modulus": %g, "poisson_ratio": 0.3},
    "hierarchy": %s, "instances": [{"position": [%.9g, %.9g, %.9g], "rotation": [0, 0, 20]}]})",
                size, size, size, youngs, hierarchy, -std::sin(theta) * up + std::cos(theta) * far,
                std::cos(theta) * up + std::sin(theta) * far, far);
  return json;
}

// A 0.2 m sheet of 5×5 particles lying on the 20° incline.
std::string inclineSheet() {
  const float theta = glm::radians(20.0f);
  char json[512];
  std::snprintf(json, sizeof(json), R"({"size": [0.2, 0.2], "resolution": [5, 5], "center": [%g, %g, 0],
    "rotation": [0, 0, 20], "compliance": {"bend": 0.001}})",
                -std::sin(theta) * 0.01f, std::cos(theta) * 0.01f);
  return json;
}

const double kG = 9.81;  // m/s²

double kineticAcceleration(double muKinetic) {
  const double theta = glm::radians(20.0);
  return kG * (std::sin(theta) - muKinetic * std::cos(theta));
}

// Kinetic friction at the defaults: a block (1 MPa, 0.2 m; 100 MPa, 0.1 m) and a sheet on the 20° incline
// with μs = μk = 0.2 < tan 20° slide with g(sin θ − μk cos θ) = 1.512 m/s², within 5% (measured on the
// CPU: 1.513–1.538 m/s² in both modes).
TEST(StiffFriction, KineticFrictionOnAnInclineAtTheDefaults) {
  const double expected = kineticAcceleration(0.2);
  for (const char* mode : {"gs", "jacobi"}) {
    const double soft = onIncline("soft_bodies", inclineBlock(1.0e6f, 0.2f), 0.2f, 0.2f, mode).acceleration();
    const double stiff =
        onIncline("soft_bodies", inclineBlock(1.0e8f, 0.1f), 0.2f, 0.2f, mode).acceleration();
    const double sheet = onIncline("cloths", inclineSheet(), 0.2f, 0.2f, mode).acceleration();
    std::printf("%s: a = %.3f (1 MPa block), %.3f (100 MPa block), %.3f (sheet) m/s2, expected %.3f\n", mode,
                soft, stiff, sheet, expected);
    EXPECT_NEAR(soft, expected, 0.05 * expected) << mode;
    EXPECT_NEAR(stiff, expected, 0.05 * expected) << mode;
    EXPECT_NEAR(sheet, expected, 0.05 * expected) << mode;
  }
}

// Static friction at the defaults, μs = 0.5 > tan 20° (measured on the CPU, docs/contacts.md):
// - a sheet stays within 1 mm in 1 s (measured 1e-10 m);
// - a 1 MPa block with μk = 0.2 < tan 20° slid at the kinetic rate from the first frame (0.73 m in 1 s)
//   before the solid bodies' static cone, and 0.505 m in Jacobi mode with the cone on Σ m‖Δ_t‖; with the
//   cone on the vector sum ‖Σ m Δ_t‖ it sticks in both modes: 0.45 mm (Gauss-Seidel) and 11.2 mm (Jacobi)
//   in 1 s, the same with μk = 0.5. The Jacobi block does not slide (its body sticks in every substep),
//   it is softer: at one iteration Jacobi's per-constraint scale makes its shear vibration 4 times slower
//   (period 0.155 s against 0.038 s) and 3 times faster in velocity, and the particles that lift off the
//   plane as it rocks move freely. With Jacobi's split masses (docs/convergence.md) the Jacobi block is
//   stiffer and moves 2.97 mm (both μk), still creeping (1.96 mm by 0.5 s). Asserted: 1 mm (Gauss-Seidel)
//   and 5 mm (Jacobi); the issue's 1 mm in Jacobi mode is NOT reached at one iteration, only at 6.
// - a soft block in Gauss-Seidel mode (E = 50 kPa, about as soft as the Jacobi 1 MPa block) slid 0.12 m
//   with the cone on Σ m‖Δ_t‖ and moves 4.3 mm now (1 cm asserted).
TEST(StiffFriction, StaticFrictionOnAnInclineAtTheDefaults) {
  for (const char* mode : {"gs", "jacobi"}) {
    const bool gs = std::string(mode) == "gs";
    const double sheet = onIncline("cloths", inclineSheet(), 0.5f, 0.2f, mode).full;
    const double block = onIncline("soft_bodies", inclineBlock(1.0e6f, 0.2f), 0.5f, 0.5f, mode).full;
    const Travel slipping = onIncline("soft_bodies", inclineBlock(1.0e6f, 0.2f), 0.5f, 0.2f, mode);
    const double slips = slipping.full;
    std::printf(
        "%s: travelled %.2e m (sheet), %.2e m (block, μk 0.5), %.2e m (block, μk 0.2; %.2e m by 0.5 s) "
        "in 1 s\n",
        mode, sheet, block, slips, slipping.half);
    EXPECT_LT(std::abs(sheet), 1e-3) << mode;
    EXPECT_LT(std::abs(block), gs ? 1e-3 : 5e-3) << mode;
    EXPECT_LT(std::abs(slips), gs ? 1e-3 : 5e-3) << mode;
  }
  // Jacobi mode reaches Gauss-Seidel's 1 mm at 6 iterations (measured 0.80 mm; 1.27 mm at 3, 1.07 at 4).
  const Travel jacobi6 = onIncline("soft_bodies", inclineBlock(1.0e6f, 0.2f), 0.5f, 0.2f, "jacobi", 6);
  std::printf("jacobi x6: travelled %.2e m by 0.5 s, %.2e m by 1 s (block, μk 0.2)\n", jacobi6.half,
              jacobi6.full);
  EXPECT_LT(std::abs(jacobi6.full), 1e-3);
  const double soft = onIncline("soft_bodies", inclineBlock(5.0e4f, 0.2f), 0.5f, 0.2f, "gs").full;
  std::printf("gs: travelled %.2e m (50 kPa block, μk 0.2) in 1 s\n", soft);
  EXPECT_LT(std::abs(soft), 1e-2);
}

// A closed shell on the 20° incline, at the defaults with the hierarchy: an icosphere of radius `radius`
// (default kBallRadius; subdivisions 3, 642 particles, 0.1 kg/m², rigid stretch and bending) set down on the
// plane at rest, μs = μk = μ. Without the hierarchy a rigid shell is not rigid at one iteration
// (docs/contacts.md).
constexpr double kBallRadius = 0.1;  // m

struct ShellRun {
  Travel travel;           // of its centre of mass, m
  double omega = 0.0;      // about the rolling axis (+z: rolling downhill, towards −x) at 1 s, rad/s
  double radiusLow = 1e9;  // its particles' distances from the centre of mass at 1 s, m
  double radiusHigh = 0.0;
  // Each frame's smallest distance over the second half second: its median and its least, m.
  double radiusMedian = 0.0, radiusLowest = 0.0;
};

// The ball's shell object for a scene: centre (x, y, 0) m, at rest; `cascade`: its coarse levels see its
// contacts (hierarchy "contacts", docs/contacts.md).
std::string rigidBall(double radius, double x, double y, bool cascade = false) {
  char body[512];
  std::snprintf(body, sizeof(body), R"({"mesh": {"type": "icosphere", "radius": %g, "subdivisions": 3},
    "compliance": {"stretch": 0, "bend": 0}, "hierarchy": %s, "instances": [{"position": [%g, %g, 0]}]})",
                radius, cascade ? R"({"contacts": true})" : "true", x, y);
  return body;
}

ShellRun shellOnIncline(float mu, const char* mode, double radius = kBallRadius, bool cascade = false) {
  const float theta = glm::radians(20.0f);
  const double up = radius + 0.01;  // m: radius plus thickness
  const SceneDesc scene = inclineScene(
      "shells", rigidBall(radius, -std::sin(theta) * up, std::cos(theta) * up, cascade), mu, mu, mode);
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  const glm::dvec3 downhill(-std::cos(theta), -std::sin(theta), 0.0);
  const glm::dvec3 rest = test::momentumOf(state).centre;
  ShellRun r;
  for (int f = 0; f < 30; ++f) solver.stepFrame(state);
  r.travel.half = glm::dot(test::momentumOf(state).centre - rest, downhill);
  std::vector<double> smallest;  // each frame's smallest radius over the second half second
  for (int f = 0; f < 30; ++f) {
    solver.stepFrame(state);
    const glm::dvec3 centre = test::momentumOf(state).centre;
    double low = 1e9;
    for (const glm::vec4& x : state.positions)
      low = std::min(low, glm::length(glm::dvec3(glm::vec3(x)) - centre));
    smallest.push_back(low);
  }
  std::sort(smallest.begin(), smallest.end());
  r.radiusMedian = 0.5 * (smallest[14] + smallest[15]);
  r.radiusLowest = smallest.front();
  const test::MomentumStats end = test::momentumOf(state);
  r.travel.full = glm::dot(end.centre - rest, downhill);
  r.omega = end.omega.z;
  for (const glm::vec4& x : state.positions) {
    const double d = glm::length(glm::dvec3(glm::vec3(x)) - end.centre);
    r.radiusLow = std::min(r.radiusLow, d);
    r.radiusHigh = std::max(r.radiusHigh, d);
  }
  return r;
}

// A thin spherical shell (I = 2/3 MR², R = kBallRadius) on the 20° incline: its acceleration sliding with
// μ = 0.1, g(sin θ − μ cos θ) (m/s²), its spin's growth then, (3/2) μ g cos θ / R (rad/s²), and its
// acceleration rolling, (3/5) g sin θ (m/s²).
struct BallExpected {
  double sliding, spin, rolling;
};
BallExpected ballOnInclineExpected() {
  const double theta = glm::radians(20.0);
  return {kG * (std::sin(theta) - 0.1 * std::cos(theta)), 1.5 * 0.1 * kG * std::cos(theta) / kBallRadius,
          0.6 * kG * std::sin(theta)};
}

// A ball (a thin spherical shell, I = 2/3 MR²) on the 20° incline, at the defaults with the hierarchy
// (measured on the CPU, docs/contacts.md "Shells on the incline"):
// - μ = 0.1 < (2/5) tan θ = 0.146: it slides and spins up; its centre accelerates at g(sin θ − μ cos θ) =
//   2.433 m/s² (measured 2.438 gs, 2.445 jacobi; asserted 5%), its spin at α = (3/2) μ g cos θ / R =
//   13.8 rad/s², ω(1 s) = 13.8 rad/s: measured 10.5 (gs) and 10.3 rad/s (jacobi), on track until 0.5 s
//   (6.89 against 6.92 rad/s) and slower after; asserted within 30%. The ball is a polyhedron: pivoting on
//   a vertex, its centre must fall at R ω², more than gravity's g cos θ once ω > ω_c = √(g cos θ / R) =
//   9.6 rad/s, and from then on it hops and lands on the leading vertex, which takes spin. A ball of 0.4 m
//   (ω_c = 4.8 rad/s) stays below ω_c for the whole second and spins up at α = 3.46 rad/s²: measured 3.45
//   (gs) and 3.19 rad/s (jacobi) at 1 s; asserted within 5% (gs) and 10% (jacobi).
// - μ = 0.5: it rolls; a = (3/5) g sin θ = 2.013 m/s² (measured 1.969 gs, 1.899 jacobi; asserted 5% gs,
//   10% jacobi); rolling without slipping ω(1 s) = a t / R = 20.1 rad/s, measured 17.3 (gs, −14%) and 15.6
//   (jacobi, −22%): it hops too (a t / R passes ω_c at 0.48 s); asserted 30%. The 0.4 m ball rolls without
//   slipping to the end (ω_c at 0.95 s): 2.007 (gs) and 2.028 m/s² (jacobi), ω 5.05 and 4.57 against 5.03
//   rad/s; asserted 2%, ω 2% (gs) and 15% (jacobi).
// - It stays round in Gauss-Seidel mode: every particle within 1% of R (measured 0.0999–0.1002 m).
TEST(StiffFriction, ShellOnAnInclineSlidesAndRolls) {
  const auto [sliding, spin, rolling] = ballOnInclineExpected();
  for (const char* mode : {"gs", "jacobi"}) {
    const bool gs = std::string(mode) == "gs";
    const ShellRun slides = shellOnIncline(0.1f, mode);
    const ShellRun rolls = shellOnIncline(0.5f, mode);
    std::printf(
        "%s: mu 0.1 a = %.3f m/s2 (expected %.3f), omega %.2f rad/s (%.2f); mu 0.5 a = %.3f (%.3f), "
        "omega %.2f (%.2f); radius %.4f .. %.4f m\n",
        mode, slides.travel.acceleration(), sliding, slides.omega, spin, rolls.travel.acceleration(), rolling,
        rolls.omega, rolling / kBallRadius, rolls.radiusLow, rolls.radiusHigh);
    EXPECT_NEAR(slides.travel.acceleration(), sliding, 0.05 * sliding) << mode;
    EXPECT_NEAR(slides.omega, spin, 0.3 * spin) << mode;
    EXPECT_NEAR(rolls.travel.acceleration(), rolling, (gs ? 0.05 : 0.1) * rolling) << mode;
    EXPECT_NEAR(rolls.omega, rolling / kBallRadius, 0.3 * rolling / kBallRadius) << mode;
    const double bigRadius = 0.4;  // m
    const ShellRun bigSlides = shellOnIncline(0.1f, mode, bigRadius);
    const ShellRun bigRolls = shellOnIncline(0.5f, mode, bigRadius);
    const double bigSpin = spin * kBallRadius / bigRadius;  // rad/s, ω(1 s) = α · 1 s
    std::printf(
        "%s: a %.1f m ball: mu 0.1 omega %.3f rad/s (expected %.3f); mu 0.5 a = %.4f m/s2, omega %.3f "
        "(%.3f)\n",
        mode, bigRadius, bigSlides.omega, bigSpin, bigRolls.travel.acceleration(), bigRolls.omega,
        rolling / bigRadius);
    EXPECT_NEAR(bigSlides.omega, bigSpin, (gs ? 0.05 : 0.1) * bigSpin) << mode;
    EXPECT_NEAR(bigRolls.travel.acceleration(), rolling, 0.02 * rolling) << mode;
    EXPECT_NEAR(bigRolls.omega, rolling / bigRadius, (gs ? 0.02 : 0.15) * rolling / bigRadius) << mode;
    if (gs) {
      EXPECT_NEAR(rolls.radiusLow, kBallRadius, 0.01 * kBallRadius);
      EXPECT_NEAR(rolls.radiusHigh, kBallRadius, 0.01 * kBallRadius);
    }
  }
}

// The same ball (R = 0.1 m, 642 particles, rigid, with the hierarchy) set down at rest on level ground,
// touching it with its lowest vertex, for 2 s: the smallest distance of a particle from the centre of mass
// after any frame, and how far the centre moved horizontally.
struct RestingBall {
  double radiusLow = 1e9;  // m
  double drift = 0.0;      // m
};

RestingBall ballResting(const char* mode, int substeps, float mu, bool cascade = false) {
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": %d, "iterations": 1, "max_colours": 64,
    "mode": "%s"}, "thickness": 0.01, "shells": [%s],
    "colliders": [{"type": "plane", "friction": {"static": %g, "kinetic": %g}}]})",
                substeps, mode, rigidBall(kBallRadius, 0.0, kBallRadius + 0.01, cascade).c_str(), mu, mu);
  const SceneDesc scene = parseScene(json, "resting_ball.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  const glm::dvec3 start = test::momentumOf(state).centre;
  RestingBall r;
  for (int f = 0; f < 120; ++f) {
    solver.stepFrame(state);
    const glm::dvec3 centre = test::momentumOf(state).centre;
    for (const glm::vec4& x : state.positions)
      r.radiusLow = std::min(r.radiusLow, glm::length(glm::dvec3(glm::vec3(x)) - centre));
    r.drift = std::hypot(centre.x - start.x, centre.z - start.z);
  }
  return r;
}

// A known limit, asserted as measured (docs/contacts.md "A rigid ball set down on the ground squashes"):
// collide stops a contact particle with its own mass after the constraint passes, so to carry the ball on
// one vertex it must move it by (M/m) g Δt² each substep, and the shell dents until its constraints pull
// that vertex so deep; the coarse levels do not see the contact. Measured on the CPU, smallest radius in
// 2 s (μ = 0.5): gs 0.0883 m at 10 substeps and 0.0989 m at 40 (the dent 11.7 mm against 1.1 mm: it falls
// as Δt²), Jacobi 0.0847 m at 10 (as on lavapipe over 1 s). Asserted: gs ≥ 0.085 m at 10 and ≥ 0.097 m
// at 40, Jacobi ≥ 0.08 m at 10, and the dent at 40 substeps at most a third of the dent at 10. On a
// frictionless plane no horizontal impulse acts and the constraints keep the momentum, so the centre
// stays within 0.1 mm in both modes (measured 5e-9 m); with friction the ball rolls off the vertex it was
// set down on (a tipping equilibrium). The remedy, opt-in: hierarchy "contacts" (ContactCascade below).
TEST(StiffFriction, RigidBallRestingOnTheGroundDentsByTheSubstepSquared) {
  const RestingBall gs10 = ballResting("gs", 10, 0.5f);
  const RestingBall gs40 = ballResting("gs", 40, 0.5f);
  const RestingBall jacobi10 = ballResting("jacobi", 10, 0.5f);
  std::printf("smallest radius: gs %.4f m (10 substeps), %.4f m (40); jacobi %.4f m (10)\n", gs10.radiusLow,
              gs40.radiusLow, jacobi10.radiusLow);
  EXPECT_GE(gs10.radiusLow, 0.085);
  EXPECT_GE(gs40.radiusLow, 0.097);
  EXPECT_GE(jacobi10.radiusLow, 0.08);
  EXPECT_LE(kBallRadius - gs40.radiusLow, (kBallRadius - gs10.radiusLow) / 3.0);
  for (const char* mode : {"gs", "jacobi"}) {
    const RestingBall frictionless = ballResting(mode, 10, 0.0f);
    std::printf("%s, frictionless: centre moved %.2e m sideways\n", mode, frictionless.drift);
    EXPECT_LT(frictionless.drift, 1e-4) << mode;
  }
}

// The remedy (docs/contacts.md "Contacts seen by the coarse levels"): with "contacts" in its hierarchy the
// coarse levels see the ball's contacts (the contact cascade), so the whole ball carries its weight and it
// rests round at the defaults. Measured on the CPU, smallest radius in 2 s: gs 0.0995 m, Jacobi 0.0992 m
// (0.0883 / 0.0847 without it); frictionless, the centre moves 4e-10 / 7e-10 m sideways. Asserted: ≥ 0.099
// m, drift < 0.1 mm.
TEST(ContactCascade, RigidBallRestsRoundAtTheDefaults) {
  for (const char* mode : {"gs", "jacobi"}) {
    const RestingBall ball = ballResting(mode, 10, 0.5f, true);
    const RestingBall frictionless = ballResting(mode, 10, 0.0f, true);
    std::printf("%s: smallest radius %.4f m; frictionless: centre moved %.2e m sideways\n", mode,
                ball.radiusLow, frictionless.drift);
    EXPECT_GE(ball.radiusLow, 0.099) << mode;
    EXPECT_LT(frictionless.drift, 1e-4) << mode;
  }
}

// The ball with the cascade on the 20° incline (as ShellOnAnInclineSlidesAndRolls): friction acts at the
// contact's point on level 1 with its share of the normal impulse. Measured on the CPU (gs / Jacobi):
// sliding (μ = 0.1) 2.471 / 2.458 m/s² against 2.433 (+2% / +1%), spin 11.3 / 11.9 rad/s against 13.8;
// rolling (μ = 0.5) 1.933 / 2.029 against 2.013 m/s² (−4% / +1%); the 0.4 m ball rolls at 1.967 / 2.040 and
// spins up to 3.02 / 3.06 rad/s sliding (3.46: −13% / −11%). The rigid ball pivots on single vertices where
// the dented one had a flat, centred patch (docs/contacts.md). Rolling at μ = 0.5 it hops (ω > 9.6 rad/s,
// ShellOnAnInclineSlidesAndRolls) and a landing on a vertex dents it for a frame: each frame's smallest
// radius from 0.5 s to 1 s has the median 0.0998 / 0.0990 m and the least 0.0981 / 0.0940 m (the frame at 1
// s alone went from 0.0985 to 0.0940 m in Jacobi mode when the plane's offset was rounded once, a landing
// falling on that frame). Asserted: sliding and rolling 5%, the 0.1 m ball's spin 30% and the 0.4 m ball's
// 15%, the median radius 2%, the least 10%.
TEST(ContactCascade, BallOnAnInclineFollowsCoulomb) {
  const auto [sliding, spin, rolling] = ballOnInclineExpected();
  for (const char* mode : {"gs", "jacobi"}) {
    const ShellRun slides = shellOnIncline(0.1f, mode, kBallRadius, true);
    const ShellRun rolls = shellOnIncline(0.5f, mode, kBallRadius, true);
    const double bigRadius = 0.4;  // m
    const ShellRun bigSlides = shellOnIncline(0.1f, mode, bigRadius, true);
    const ShellRun bigRolls = shellOnIncline(0.5f, mode, bigRadius, true);
    const double bigSpin = spin * kBallRadius / bigRadius;
    std::printf(
        "%s: mu 0.1 a = %.3f m/s2 (expected %.3f), omega %.2f rad/s (%.2f); mu 0.5 a = %.3f (%.3f), "
        "omega %.2f (%.2f); radius %.4f .. %.4f m at 1 s, smallest from 0.5 s: median %.4f, least %.4f m; "
        "0.4 m: mu 0.1 omega %.3f (%.3f), mu 0.5 a = %.4f, omega %.3f (%.3f)\n",
        mode, slides.travel.acceleration(), sliding, slides.omega, spin, rolls.travel.acceleration(), rolling,
        rolls.omega, rolling / kBallRadius, rolls.radiusLow, rolls.radiusHigh, rolls.radiusMedian,
        rolls.radiusLowest, bigSlides.omega, bigSpin, bigRolls.travel.acceleration(), bigRolls.omega,
        rolling / bigRadius);
    EXPECT_NEAR(slides.travel.acceleration(), sliding, 0.05 * sliding) << mode;
    EXPECT_NEAR(rolls.travel.acceleration(), rolling, 0.05 * rolling) << mode;
    EXPECT_NEAR(bigRolls.travel.acceleration(), rolling, 0.05 * rolling) << mode;
    EXPECT_NEAR(slides.omega, spin, 0.3 * spin) << mode;
    EXPECT_NEAR(bigSlides.omega, bigSpin, 0.15 * bigSpin) << mode;
    EXPECT_NEAR(rolls.radiusMedian, kBallRadius, 0.02 * kBallRadius) << mode;
    EXPECT_GT(rolls.radiusLowest, 0.9 * kBallRadius) << mode;
  }
}

// The resting stiff cube (as CubeRestingOnTheGroundLosesVolumeOnlyToItsWeight) with the hierarchy, with
// and without the cascade: its coarse levels now carry the weight down to the ground too. Measured on the
// CPU, mean V/V₀ over the 2nd second: gs 0.9993 (0.9984 with the hierarchy alone), Jacobi 0.9887 (0.9820):
// closer to the issue's 1% at one iteration, not there. Asserted: none inverted, within 0.2% (gs) and 1.5%
// (Jacobi), and Jacobi at least 0.5% better than without the cascade.
TEST(ContactCascade, StiffCubeRestsWithItsWholeBase) {
  for (const char* mode : {"gs", "jacobi"}) {
    const RestResult plain = restingCube(mode, -9.81f, 1, "true");
    const RestResult cascade = restingCube(mode, -9.81f, 1, R"({"contacts": true})");
    std::printf(
        "%s: V/V0 mean %.4f lowest %.4f (hierarchy alone %.4f / %.4f), height lost %.2e m, inverted %d\n",
        mode, cascade.mean, cascade.lowest, plain.mean, plain.lowest, cascade.sink, cascade.inverted);
    EXPECT_EQ(cascade.inverted, 0) << mode;
    EXPECT_NEAR(cascade.mean, 1.0, std::string(mode) == "gs" ? 0.002 : 0.015) << mode;
    if (std::string(mode) == "jacobi") {
      EXPECT_GT(cascade.mean, plain.mean + 0.005);
    }
  }
}

// The issue's stiff cube in Jacobi mode at one iteration, with coarse levels that resist compression
// (bilateral) and see the ground (the cascade): hierarchy {"contacts": true, "bilateral": true}. The 0.3 m
// cube (6×6×6 cells) of 10 MPa / 1 GPa set down level at rest, and dropped tilted from 0.5 m (as
// CubeDroppedOnTheGroundNeverInvertsAndKeepsItsVolume). Measured on the CPU, mean V/V₀ over the 2nd second
// (lowest): at rest gs 0.9997 / 0.9997, Jacobi 0.9996 / 0.9997; dropped gs 0.9998 (0.9977) / 0.9998
// (0.9958), Jacobi 0.9998 (0.9942) / 0.9999 (0.9968); none inverted after any frame. Without the cascade
// (bilateral levels alone) Jacobi keeps 0.9992 / 0.9991 at rest but dropped exceeds 1 (1.0018) with a
// tetrahedron inverted; with the cascade and stretching-only levels 0.9887 at rest; with the hierarchy's
// defaults alone the dropped 100 MPa cube swings in volume down to 0.891 (mean 0.9719); flat, 0.9824 at rest
// (docs/constraints.md). Asserted: none inverted, the mean within 0.1% and the lowest within 1%.
TEST(ContactCascade, BilateralLevelsWithContactsKeepTheJacobiCubeWithinOnePercent) {
  for (const char* youngs : {"1e7", "1e9"})
    for (const char* mode : {"gs", "jacobi"})
      for (bool dropped : {false, true}) {
        char json[1024];
        std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": 1, "max_colours": 64,
          "mode": "%s"}, "soft_bodies": [{"mesh": {"type": "box", "size": [0.3, 0.3, 0.3], "cells": [6, 6, 6]},
          "density": 1000, "material": {"model": "neohookean", "youngs_modulus": %s, "poisson_ratio": 0.45},
          "hierarchy": {"contacts": true, "bilateral": true},
          "instances": [{"position": [0, %s, 0]%s}]}], "colliders": [{"type": "plane"}]})",
                      mode, youngs, dropped ? "0.5" : "0.16", dropped ? R"(, "rotation": [20, 0, 30])" : "");
        const SceneDesc scene = parseScene(json, "cube.json");
        const Model model = buildModel(scene);
        const SolverLayout layout = buildSolverLayout(model, scene.solver);
        CpuSolver solver(model, scene.solver, layout);
        State state = makeInitialState(model);
        double mean = 0.0, lowest = 2.0;
        int inverted = 0;
        for (int f = 0; f < 120; ++f) {
          solver.stepFrame(state);
          const TetCheck c = checkTets(model, state.positions);
          inverted = std::max(inverted, c.inverted);
          if (f < 60) continue;
          const double ratio = c.volume / (0.3 * 0.3 * 0.3);
          mean += ratio / 60.0;
          lowest = std::min(lowest, ratio);
        }
        std::printf("E %s Pa, %s, %s: V/V0 mean %.4f lowest %.4f, inverted %d\n", youngs, mode,
                    dropped ? "dropped" : "at rest", mean, lowest, inverted);
        EXPECT_EQ(inverted, 0) << youngs << " " << mode << " " << dropped;
        EXPECT_NEAR(mean, 1.0, 0.001) << youngs << " " << mode << " " << dropped;
        EXPECT_NEAR(lowest, 1.0, 0.01) << youngs << " " << mode << " " << dropped;
      }
}

// A 0.2 m block (4×4×4 cells, ν = 0.3) set down at rest on frictionless level ground must stay at rest on
// its whole base, in the band where a Neo-Hookean tetrahedron's α̃_D is close to Σ w|∇C_D|² (the form
// switch, shared/element_math.h neoHookeanStiff). Before the rest-shape margin the Gauss-Seidel block with
// {"contacts": true, "bilateral": true} rocked off its base at E = 0.8–1 MPa (1–5 of 25 base particles
// touching, |ω| up to 1.2 rad/s, centre 2 mm higher) and at 1 MPa with the hierarchy's defaults (0.41
// rad/s). Measured on the CPU with the margin: all 25 touch from frame 5 to 120, |ω| ≤ 0.014 rad/s (gs,
// contacts and bilateral), ≤ 0.05 with the defaults, ≤ 0.07 in Jacobi mode. Asserted: at least 24 touch
// and |ω| < 0.1 rad/s after the 5th frame.
TEST(ContactCascade, StiffBlockRestsWithoutRockingNearTheFormSwitch) {
  for (const char* hierarchy : {R"({"contacts": true, "bilateral": true})", "true"})
    for (const char* mode : {"gs", "jacobi"})
      for (const char* youngs : {"8e5", "9e5", "1e6"}) {
        char json[1024];
        std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": 1, "max_colours": 64,
          "mode": "%s"}, "thickness": 0.01, "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2],
          "cells": [4, 4, 4]}, "density": 1000, "material": {"model": "neohookean", "youngs_modulus": %s,
          "poisson_ratio": 0.3}, "hierarchy": %s, "instances": [{"position": [0, 0.11, 0]}]}],
          "colliders": [{"type": "plane", "friction": {"static": 0, "kinetic": 0}}]})",
                      mode, youngs, hierarchy);
        const SceneDesc scene = parseScene(json, "block.json");
        const Model model = buildModel(scene);
        const SolverLayout layout = buildSolverLayout(model, scene.solver);
        CpuSolver solver(model, scene.solver, layout);
        State state = makeInitialState(model);
        int fewestTouching = 1000;
        double omega = 0.0;  // rad/s
        for (int f = 0; f < 120; ++f) {
          solver.stepFrame(state);
          if (f < 5) continue;
          int touching = 0;
          for (const glm::vec4& x : state.positions)
            if (x.y < 0.0102f) ++touching;  // within 0.2 mm of the thickness
          fewestTouching = std::min(fewestTouching, touching);
          omega = std::max(omega, glm::length(test::momentumOf(state).omega));
        }
        std::printf("%s, %s, E %s Pa: fewest base particles touching %d of 25, largest |omega| %.4f rad/s\n",
                    hierarchy, mode, youngs, fewestTouching, omega);
        EXPECT_GE(fewestTouching, 24) << hierarchy << " " << mode << " " << youngs;
        EXPECT_LT(omega, 0.1) << hierarchy << " " << mode << " " << youngs;
      }
}

// Coulomb on the 20° incline with the stiff cube's settings above (hierarchy contacts and bilateral levels),
// as KineticFrictionOnAnInclineAtTheDefaults and StaticFrictionOnAnInclineAtTheDefaults: a 0.1 m block of
// 100 MPa and a 0.2 m block of 1 MPa slide with μk = 0.2 at g(sin θ − μk cos θ) = 1.512 m/s², and with μs =
// 0.5 > tan θ the 1 MPa block holds. Each contact's friction budget is its share of the normal impulse
// (averaged over the contacts that share a coarse particle, a contact moves the level by 1/n_q of its
// correction; before that share was counted: 0.035 / 0.623 m/s², the stiff block nearly stuck). The hold is
// the patch stick (shared/patch_stick_math.h): the cascade's contacts feed the body's static cone, and a
// sticking body's rigid slip at its patch is stopped, then each contact's own slip; before it the block slid
// 0.68–0.72 m. Until session 35 the patch stick cancelled the contacts' mean slip, vibration included, with a
// rigid move: that pumped energy into the Jacobi block, which crept on (7.1 / 12.7 / 19.0 / 23.1 mm after
// 1–4 s). Measured on the CPU since: the sliding blocks 1.517–1.526 m/s² in both modes (as a second
// difference over 0.5–1.5 s; the Jacobi 1 MPa block is held by its set-down vibration's load peaks for its
// first 61 ms, the others 3–16 ms, so the travel from rest read 1.403 m/s² there); the static block 0.13 mm
// (gs) / 0.42 mm (Jacobi) in 1 s and then still (1 km along the incline and in z: 0.26 / 0.82 mm). The
// plane's offset seen from far particles is rounded once
// (Precision.PlaneOffsetSeenFromAFarPointIsRoundedOnce): rounded naively it jumped under the resting block by
// a few 1e-5 m and the block slid 0.45 m there in Jacobi mode. Asserted: within 5%, the static block within 1
// mm in 1 s at the origin and 1 km away, and 0.1 mm from the first second to the fourth, in both modes.
TEST(ContactCascade, BlocksOnTheInclineKeepCoulomb) {
  const char* levels = R"({"contacts": true, "bilateral": true})";
  const double theta = glm::radians(20.0);
  const double expected = kG * (std::sin(theta) - 0.2 * std::cos(theta));
  for (const char* mode : {"gs", "jacobi"}) {
    const test::Slide soft = test::slideDownIncline(
        inclineScene("soft_bodies", inclineBlock(1.0e6f, 0.2f, levels), 0.2f, 0.2f, mode), 20.0f);
    const test::Slide stiff = test::slideDownIncline(
        inclineScene("soft_bodies", inclineBlock(1.0e8f, 0.1f, levels), 0.2f, 0.2f, mode), 20.0f);
    // The static block over 4 s: travelled after each second.
    const std::vector<double> held = test::travelledDownIncline(
        inclineScene("soft_bodies", inclineBlock(1.0e6f, 0.2f, levels), 0.5f, 0.2f, mode), 20.0f, 60, 4);
    const double heldFar =
        onIncline("soft_bodies", inclineBlock(1.0e6f, 0.2f, levels, 1000.0), 0.5f, 0.2f, mode).full;
    std::printf(
        "%s: a = %.3f (1 MPa, sliding from %.3f s), %.3f (100 MPa, from %.3f s) m/s2, expected %.3f; mu_s "
        "0.5: "
        "travelled %.2e m in 1 s (%.2e m 1 km away), %.2e / %.2e / %.2e m after 2 / 3 / 4 s\n",
        mode, soft.acceleration, soft.start, stiff.acceleration, stiff.start, expected, held[0], heldFar,
        held[1], held[2], held[3]);
    EXPECT_NEAR(soft.acceleration, expected, 0.05 * expected) << mode;
    EXPECT_NEAR(stiff.acceleration, expected, 0.05 * expected) << mode;
    EXPECT_LT(soft.start, 0.1) << mode;
    EXPECT_LT(stiff.start, 0.1) << mode;
    EXPECT_LT(std::abs(held[0]), 1e-3) << mode;
    EXPECT_LT(std::abs(heldFar), 1e-3) << mode;
    EXPECT_LT(std::abs(held[3] - held[0]), 1e-4) << mode;
  }
}

// A 0.2 m block (10 MPa, 4×4×4 cells) set down on level ground stays where it is: flat, with bilateral
// coarse levels, with them and the cascade; both modes, both integrators; frictionless and with μs = 0.5, μk
// = 0.2. With bilateral coarse levels it crept sideways at a constant speed until session 33 (1.8 mm along x
// and along z in 1 s with the cascade, 4.4–4.8 mm without): the momentum projection put the rigid part R of
// the coarse levels' corrections (their masses and prolongation keep neither P nor L) into v* alone, so
// collide's friction, which measures slip from x* − v*Δt, held the stuck base at the substep's start plus R,
// and the body walked by R every substep (docs/hierarchy.md, shared/momentum_math.h). Now R moves the
// positions. Measured (CPU) over 2 s: what the block moves while it settles in the first second, up to 90 µm
// (flat, with friction), then in the second second at most 0.4 µm with coarse levels and 4.5 µm flat with
// Euler; the flat BDF2 block drifts on frictionless ground at 27 / 22 µm/s (gs / Jacobi) and sways 36 µm
// with friction in Jacobi mode (docs/contacts.md). Asserted: below 0.1 mm in the first second, and in the
// second 5 µm (50 µm for the flat BDF2 block).
TEST(ContactCascade, SolidOnLevelGroundDoesNotCreep) {
  for (const char* levels : {"false", R"({"bilateral": true})", R"({"contacts": true, "bilateral": true})"})
    for (const char* integrator : {"euler", "bdf2"})
      for (const char* mode : {"gs", "jacobi"})
        for (float mu : {0.0f, 0.5f}) {
          char json[1024];
          std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": 1, "mode": "%s",
            "integrator": "%s"}, "thickness": 0.01, "soft_bodies": [{"mesh": {"type": "box",
            "size": [0.2, 0.2, 0.2], "cells": [4, 4, 4]}, "density": 1000, "material": {"model": "neohookean",
            "youngs_modulus": 1e7, "poisson_ratio": 0.3}, "hierarchy": %s,
            "instances": [{"position": [0, 0.11, 0]}]}],
            "colliders": [{"type": "plane", "friction": {"static": %g, "kinetic": %g}}]})",
                        mode, integrator, levels, mu, 0.4f * mu);
          const SceneDesc scene = parseScene(json, "creep.json");
          const Model model = buildModel(scene);
          const SolverLayout layout = buildSolverLayout(model, scene.solver);
          CpuSolver solver(model, scene.solver, layout);
          State state = makeInitialState(model);
          auto sidewaysFrom = [&](glm::dvec3 from) {
            const glm::dvec3 moved = test::momentumOf(state).centre - from;
            return std::hypot(moved.x, moved.z);
          };
          const glm::dvec3 start = test::momentumOf(state).centre;
          for (int f = 0; f < 60; ++f) solver.stepFrame(state);
          const double settling = sidewaysFrom(start);
          const glm::dvec3 settled = test::momentumOf(state).centre;
          for (int f = 0; f < 60; ++f) solver.stepFrame(state);
          const double creep = sidewaysFrom(settled);
          std::printf("%s, %s, %s, mu %.1f: sideways %.2e m in the first second, %.2e m in the second\n",
                      levels, integrator, mode, mu, settling, creep);
          EXPECT_LT(settling, 1e-4) << levels << " " << integrator << " " << mode << " " << mu;
          const bool flatBdf2 = std::string(levels) == "false" && std::string(integrator) == "bdf2";
          EXPECT_LT(creep, flatBdf2 ? 5e-5 : 5e-6) << levels << " " << integrator << " " << mode << " " << mu;
        }
}

// The patch stick must not stop a ball rolling: its single contact takes no tipping moment, so the stick
// turns the ball instead of holding it. A solid 0.1 m ball (a tetrahedral sphere of 8 cells, ν = 0.3) with
// the cascade and bilateral levels on the 20° incline, μ = 0.5 (rolling needs μ ≥ 2/7 tan θ = 0.10): a
// rigid ball rolls at 5/7 g sin θ = 2.396 m/s². 200 kPa at one iteration, and 10 MPa at two (at one
// Gauss-Seidel iteration a stiff sphere with coarse levels blows up, docs/hierarchy.md). Measured on the
// CPU: 2.210 (gs) / 2.245 (Jacobi) and 2.285 / 2.313 m/s² (2.390 / 2.220 and 2.189 / 2.269 while the momentum
// projection left its rigid part in the positions, docs/constraints.md#momentum; without the patch stick then
// 2.491 / 2.217 and 2.238 / 2.216). Asserted: within 10% of 2.396.
TEST(ContactCascade, SolidBallRollsWithThePatchStick) {
  const double theta = glm::radians(20.0);
  const double rolling = 5.0 / 7.0 * kG * std::sin(theta);  // m/s²
  for (const auto& [youngs, iterations] : {std::pair{"2e5", 1}, std::pair{"1e7", 2}})
    for (const char* mode : {"gs", "jacobi"}) {
      const double up = 0.1 + 0.01;  // m: the centre above the plane
      char body[512];
      std::snprintf(body, sizeof(body), R"({"mesh": {"type": "sphere", "radius": 0.1, "cells": 8},
        "density": 1000, "material": {"model": "neohookean", "youngs_modulus": %s, "poisson_ratio": 0.3},
        "hierarchy": {"contacts": true, "bilateral": true}, "instances": [{"position": [%g, %g, 0]}]})",
                    youngs, -std::sin(theta) * up, std::cos(theta) * up);
      const double a = onIncline("soft_bodies", body, 0.5f, 0.5f, mode, iterations).acceleration();
      std::printf("E %s Pa, %d iteration(s), %s: a = %.3f m/s2 (rigid rolling %.3f)\n", youngs, iterations,
                  mode, a, rolling);
      EXPECT_NEAR(a, rolling, 0.1 * rolling) << youngs << " " << mode;
    }
}

// A sceptic's runs of the cascade ball (R = 0.1 m, μ = 0.5): dropped from 0.3 m (its centre at 0.41 m), at
// the origin and 1 km away in x and z, 2 s; and a 0.4 m ball thrown along the ground at 1 m/s, 1 s.
struct DroppedBall {
  double radiusLow = 1e9;   // smallest particle distance from the centre, m
  double bounce = 0.0;      // highest centre above its resting height (0.11 m) after landing, m
  double restHeight = 0.0;  // centre's height at the end, m
};

DroppedBall droppedBall(const char* mode, bool cascade, double far) {
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": 1, "max_colours": 64,
    "mode": "%s"}, "thickness": 0.01, "shells": [%s],
    "colliders": [{"type": "plane", "friction": {"static": 0.5, "kinetic": 0.5}}]})",
                mode, rigidBall(kBallRadius, far, 0.41, cascade).c_str());
  std::string text = json;
  // rigidBall puts the ball at z = 0: move it 1 km in z too.
  if (far != 0.0) text.replace(text.find(", 0]}]"), 6, ", -1000]}]");
  const SceneDesc scene = parseScene(text, "dropped_ball.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  DroppedBall r;
  int landed = -1;
  for (int f = 0; f < 120; ++f) {
    solver.stepFrame(state);
    const glm::dvec3 centre = test::momentumOf(state).centre;
    for (const glm::vec4& x : state.positions)
      r.radiusLow = std::min(r.radiusLow, glm::length(glm::dvec3(glm::vec3(x)) - centre));
    if (landed < 0 && centre.y < 0.12) landed = f;
    if (landed >= 0 && f > landed + 2) r.bounce = std::max(r.bounce, centre.y - 0.11);
    r.restHeight = centre.y;
  }
  return r;
}

// Measured on the CPU (gs / Jacobi): dropped, the ball dents at the impact to 0.0892 / 0.0872 m with the
// cascade (0.0756 / 0.0683 without) and comes to rest at 0.1091–0.1098 m; it bounces 0.134 / 0.082 m (0.116
// / 0.085 without: the shell's elastic energy at one iteration, not the cascade's); 1 km away the same
// within 1e-4 m. Thrown, it slides into rolling: v 0.540 / 0.534 m/s and ω 1.398 / 1.383 rad/s after 1 s
// against (3/5) v₀ = 0.6 m/s and 1.5 rad/s (0.576 / 0.548 and 1.453 / 1.424 without), rolling without
// slipping (v / ωR 0.965 / 0.966): a polyhedron loses speed on every vertex it rolls over. Asserted: the
// impact dent ≥ 0.085 m and smaller than without, rest within 2 mm, far = near within 1 mm, v and ω within
// 15%, v / ωR within 10% of 1.
TEST(ContactCascade, DroppedThrownAndFarFromTheOrigin) {
  for (const char* mode : {"gs", "jacobi"}) {
    const DroppedBall near = droppedBall(mode, true, 0.0);
    const DroppedBall far = droppedBall(mode, true, 1000.0);
    const DroppedBall plain = droppedBall(mode, false, 0.0);
    std::printf(
        "%s dropped: smallest radius %.4f m (1 km away %.4f, without the cascade %.4f), bounce %.3f m "
        "(%.3f, %.3f), at rest %.4f m (%.4f)\n",
        mode, near.radiusLow, far.radiusLow, plain.radiusLow, near.bounce, far.bounce, plain.bounce,
        near.restHeight, far.restHeight);
    EXPECT_GE(near.radiusLow, 0.085) << mode;
    EXPECT_GT(near.radiusLow, plain.radiusLow) << mode;
    EXPECT_NEAR(near.restHeight, 0.11, 0.002) << mode;
    EXPECT_NEAR(far.radiusLow, near.radiusLow, 1e-3) << mode;
    EXPECT_NEAR(far.restHeight, near.restHeight, 1e-3) << mode;

    char json[1024];
    std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": 1, "max_colours": 64,
      "mode": "%s"}, "thickness": 0.01, "shells": [{"mesh": {"type": "icosphere", "radius": 0.4,
      "subdivisions": 3}, "compliance": {"stretch": 0, "bend": 0}, "hierarchy": {"contacts": true},
      "instances": [{"position": [0, 0.41, 0], "velocity": [1, 0, 0]}]}],
      "colliders": [{"type": "plane", "friction": {"static": 0.5, "kinetic": 0.5}}]})",
                  mode);
    const SceneDesc scene = parseScene(json, "thrown_ball.json");
    const Model model = buildModel(scene);
    const SolverLayout layout = buildSolverLayout(model, scene.solver);
    CpuSolver solver(model, scene.solver, layout);
    State state = makeInitialState(model);
    for (int f = 0; f < 60; ++f) solver.stepFrame(state);
    const test::MomentumStats m = test::momentumOf(state);
    const double v = m.momentum.x / m.mass, omega = -m.omega.z;
    std::printf("%s thrown: v %.3f m/s, omega %.3f rad/s, v / (omega R) %.3f\n", mode, v, omega,
                v / (omega * 0.4));
    EXPECT_NEAR(v, 0.6, 0.15 * 0.6) << mode;
    EXPECT_NEAR(omega, 1.5, 0.15 * 1.5) << mode;
    EXPECT_NEAR(v / (omega * 0.4), 1.0, 0.1) << mode;
  }
}

// The cascade's tables for the ball: every entry's weights on each level sum to 1 and point at particles
// of that level (inverse mass > 0 there); each level's contact lists hold exactly those (entry, weight)
// pairs; its rows are the level's prolongation rows. A body without "contacts" gets none, a tearing body
// with it is refused, and neither a soft body nor a shell with it is warned of anything (a soft body's
// static friction holds with the patch stick, BlocksOnTheInclineKeepCoulomb; it was warned of before).
TEST(ContactCascade, TablesMatchTheHierarchy) {
  const SceneDesc scene = inclineScene("shells", rigidBall(kBallRadius, 0.0, 0.2, true), 0.5f, 0.5f, "gs");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  const ContactCascade& c = layout.cascade;
  ASSERT_EQ(c.entries, model.particleCount());
  ASSERT_EQ(c.levels.size(), layout.hierarchy.levelCount());
  auto word = [&](uint32_t at) { return c.words[at - c.base]; };
  auto bits = [](float f) { return std::bit_cast<uint32_t>(f); };
  for (uint32_t l = 1; l <= c.levels.size(); ++l) {
    const CascadeLevel& level = c.levels[l - 1];
    const HierarchyLevel& h = layout.hierarchy.levels[l - 1];
    size_t pairs = 0;
    for (uint32_t i = 0; i < c.entries; ++i) {
      double sum = 0.0;
      for (uint32_t k = 0; k < VKXPBD_CASCADE_WEIGHTS; ++k) {
        const glm::vec4 q = word(level.weightsBase + VKXPBD_CASCADE_WEIGHTS * i + k);
        sum += q.y;
        if (q.y == 0.0f) continue;
        EXPECT_GT(q.z, 0.0f) << "level " << l << " entry " << i;
        EXPECT_TRUE(std::binary_search(h.particles.begin(), h.particles.end(), bits(q.x)));
        ++pairs;
      }
      EXPECT_NEAR(sum, 1.0, 1e-5) << "level " << l << " entry " << i;
    }
    size_t listed = 0;
    for (uint32_t j = 0; j < level.gatherCount; ++j) listed += bits(word(level.gatherBase + j).z);
    EXPECT_EQ(listed, pairs) << "level " << l;
    EXPECT_EQ(level.gatherCount, h.particles.size()) << "level " << l;
    EXPECT_EQ(level.rowCount, h.prolongation.size()) << "level " << l;
  }
  const SceneDesc plain = inclineScene("shells", rigidBall(kBallRadius, 0.0, 0.2), 0.5f, 0.5f, "gs");
  EXPECT_TRUE(buildSolverLayout(buildModel(plain), plain.solver).cascade.empty());
  // No warning for a soft body with the cascade, nor for a shell.
  ::testing::internal::CaptureStderr();
  std::string cube = droppedCube(neoHookean(1.0e8f), "gs");
  cube.replace(cube.find(R"("density": 1000,)"), 16, R"("density": 1000, "hierarchy": {"contacts": true},)");
  parseScene(cube, "cube.json");
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  ::testing::internal::CaptureStderr();
  inclineScene("shells", rigidBall(kBallRadius, 0.0, 0.2, true), 0.5f, 0.5f, "gs");
  EXPECT_EQ(::testing::internal::GetCapturedStderr(), "");
  SceneDesc tearing = test::droppingSheet(SolverMode::GaussSeidel, true);
  tearing.solver.hierarchy.contacts = true;
  EXPECT_THROW(buildSolverLayout(buildModel(tearing), tearing.solver), std::invalid_argument);
}

// A 0.2 m block (10 MPa, 4×4×4 cells) set down on the ground spinning at 10 rad/s about the vertical, μs =
// μk = μ: its angular velocity about the vertical (ω = I⁻¹ L about its centre of mass) every frame for 1 s.
std::vector<double> spinningBlock(const char* mode, float mu) {
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": 1, "max_colours": 64,
    "mode": "%s"}, "thickness": 0.01, "soft_bodies": [{"mesh": {"type": "box", "size": [0.2, 0.2, 0.2],
    "cells": [4, 4, 4]}, "density": 1000, "material": {"model": "neohookean", "youngs_modulus": 1e7,
    "poisson_ratio": 0.3}, "instances": [{"position": [0, 0.11, 0], "angular_velocity": [0, 10, 0]}]}],
    "colliders": [{"type": "plane", "friction": {"static": %g, "kinetic": %g}}]})",
                mode, mu, mu);
  const SceneDesc scene = parseScene(json, "spin.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  std::vector<double> omega;
  for (int f = 0; f < 60; ++f) {
    solver.stepFrame(state);
    omega.push_back(test::momentumOf(state).omega.y);
  }
  return omega;
}

// A body spinning on the ground: the solid bodies' static cone counts its friction torque, not only the
// vector sum of its contact's corrections (which cancel when it spins). Expected deceleration, uniform
// pressure on the a × a contact: μ g M · 0.3826 a / (M a²/6) = 56.3 rad/s² (μ = 0.5) and 22.5 rad/s²
// (μ = 0.2) for a = 0.2 m. Measured on the CPU (frames 3–6 for μ = 0.5, 3–21 for μ = 0.2): 49.2 and
// 19.9 rad/s² (gs), 50.8 and 19.5 rad/s² (jacobi), 10–13% below; ω never below −0.22 rad/s, and after 1 s
// 0.000 (gs) and 0.02–0.11 rad/s (jacobi). With the vector sum alone the block stuck early and swung back
// (ω down to −1.3 rad/s in Gauss-Seidel and −3.1 rad/s in Jacobi mode with μ = 0.5). Since Jacobi's split
// masses (docs/convergence.md) its block is stiffer at one iteration and twists back more when it stops:
// 43.2 and 19.4 rad/s² (23% and 14% below), ω down to −0.68 and −0.40 rad/s, after 1 s −0.02 and
// −0.07 rad/s. With ω = I⁻¹ L (test::momentumOf) instead of L_y / I_y: 49.3 and 19.9 (gs), 43.8 and 19.4
// rad/s² (jacobi), ω down to −0.69 rad/s. Asserted: the deceleration within 15% (gs) / 25% (jacobi) of the
// expected one, ω never below −0.5 rad/s (gs) / −0.8 rad/s (jacobi), |ω| < 0.2 rad/s after 1 s.
TEST(StiffFriction, SpinningBlockStopsAtItsFrictionTorque) {
  for (const char* mode : {"gs", "jacobi"}) {
    for (float mu : {0.5f, 0.2f}) {
      const std::vector<double> omega = spinningBlock(mode, mu);
      const double expected = mu * 9.81 * 0.3826 * 0.2 / (0.2 * 0.2 / 6.0);  // rad/s²
      const int last = mu > 0.3f ? 5 : 20;                                   // frame: before it stops
      const double alpha = (omega[2] - omega[last]) / ((last - 2) / 60.0);
      const double lowest = *std::min_element(omega.begin(), omega.end());
      std::printf("%s mu %.1f: deceleration %.1f rad/s2 (expected %.1f), lowest %.3f, after 1 s %.3f rad/s\n",
                  mode, mu, alpha, expected, lowest, omega.back());
      const bool gs = std::string(mode) == "gs";
      EXPECT_NEAR(alpha, expected, (gs ? 0.15 : 0.25) * expected) << mode << " " << mu;
      EXPECT_GT(lowest, gs ? -0.5 : -0.8) << mode << " " << mu;
      EXPECT_LT(std::abs(omega.back()), 0.2) << mode << " " << mu;
    }
  }
}

// Frames until no tetrahedron of a 0.3 m cube (3×3×3 cells, no gravity, no collider) is inverted, after
// one corner particle was pushed 1.5 cells inwards along the diagonal, through the opposite faces of the
// corner's tetrahedra; -1 if it stays inverted for 60 frames. `inverted0`: how many were inverted at the
// start; `ratio`: V/V₀ at the end.
int framesToRecover(const std::string& material, const char* mode, int& inverted0, double& ratio) {
  char json[1024];
  std::snprintf(json, sizeof(json), R"({"solver": {"substeps": 10, "iterations": 1, "max_colours": 64,
    "mode": "%s", "gravity": [0, 0, 0]}, "soft_bodies": [{"mesh": {"type": "box", "size": [0.3, 0.3, 0.3],
    "cells": [3, 3, 3]}, "density": 1000, "material": %s, "instances": [{"position": [0, 0, 0]}]}]})",
                mode, material.c_str());
  const SceneDesc scene = parseScene(json, "recover.json");
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  size_t corner = 0;
  for (size_t p = 0; p < state.positions.size(); ++p) {
    const glm::vec3 x(state.positions[p]);
    if (x.x + x.y + x.z > state.positions[corner].x + state.positions[corner].y + state.positions[corner].z)
      corner = p;
  }
  state.positions[corner] -= glm::vec4(0.15f, 0.15f, 0.15f, 0.0f);  // 1.5 cells of 0.1 m along each axis
  inverted0 = checkTets(model, state.positions).inverted;
  int recovered = -1;
  for (int f = 0; f < 60 && recovered < 0; ++f) {
    solver.stepFrame(state);
    if (checkTets(model, state.positions).inverted == 0) recovered = f + 1;
  }
  for (int f = 0; f < 60; ++f) solver.stepFrame(state);
  ratio = checkTets(model, state.positions).volume / (0.3 * 0.3 * 0.3);
  return recovered;
}

// The `volume` material has no shape stiffness (docs/constraints.md): loading it warns, naming the field;
// the Neo-Hookean material does not.
TEST(StiffSolid, VolumeMaterialWarnsThatItHasNoShapeStiffness) {
  ::testing::internal::CaptureStderr();
  parseScene(droppedCube(kRigidVolume, "gs"), "cube.json");
  const std::string volume = ::testing::internal::GetCapturedStderr();
  ::testing::internal::CaptureStderr();
  parseScene(droppedCube(neoHookean(1.0e7f), "gs"), "cube.json");
  const std::string solid = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(volume.find("warning: cube.json: soft_bodies[0].material"), std::string::npos) << volume;
  EXPECT_NE(volume.find("no shape stiffness"), std::string::npos) << volume;
  EXPECT_EQ(solid.find("no shape stiffness"), std::string::npos) << solid;
}

// Recovery: six tetrahedra turned inside out by one corner pushed through them are all positive again
// after 1 frame (measured; 2 asserted), for E = 1 MPa, 10 MPa, 1 GPa and the compliance-0 volume material,
// in both modes: C_H = det F − γ (or V − V₀) has a gradient that increases the volume whatever the sign.
TEST(StiffSolid, InvertedTetrahedraRecover) {
  for (const char* mode : {"gs", "jacobi"}) {
    for (const std::string& material :
         {neoHookean(1.0e6f), neoHookean(1.0e7f), neoHookean(1.0e9f), std::string(kRigidVolume)}) {
      int inverted0 = 0;
      double ratio = 0.0;
      const int frames = framesToRecover(material, mode, inverted0, ratio);
      std::printf("%s %s: %d inverted at the start, none after %d frames, V/V0 after 2 s %.4f\n", mode,
                  material.c_str(), inverted0, frames, ratio);
      EXPECT_GT(inverted0, 0) << mode << " " << material;
      EXPECT_GE(frames, 1) << mode << " " << material;
      EXPECT_LE(frames, 2) << mode << " " << material;
      // The Neo-Hookean cube is back to its volume; the volume material recovers its orientation but,
      // without shape stiffness, not its shape (measured V/V₀ 0.90 in Gauss-Seidel, 0.99 in Jacobi).
      if (material != kRigidVolume) {
        EXPECT_NEAR(ratio, 1.0, 0.01) << mode << " " << material;
      }
    }
  }
}

}  // namespace
}  // namespace vkxpbd
