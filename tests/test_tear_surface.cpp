// The torn surface (docs/tearing.md, "How the surface splits"): no drawn triangle spans the crack. A
// triangle is drawn when its corners are three different particles; it must be held together by intact
// stretch or shear constraints between its current corners on at least two of its edges, so that no edge
// can stretch past what the tear strain allows its two neighbours (triangle inequality: the third edge
// is at most the sum of the other two). Checked after every frame of the shipped cloth_tear scene and of
// the test sheet, both solver modes, on the CPU reference (the GPU's topology equals it: GpuTearing).
#include <algorithm>
#include <iostream>
#include <set>
#include <utility>

#include <gtest/gtest.h>

#include "param_print.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/cpu_solver.h"
#include "tear_scenes.h"

namespace vkxpbd {
namespace {

struct SurfaceCheck {
  uint32_t drawn = 0;     // triangles with three different corners
  uint32_t spanning = 0;  // of those, held on fewer than two edges
  float longest = 0.0f;   // largest edge length / rest length of a drawn triangle (rest: the origins')
};

SurfaceCheck checkSurface(const CpuSolver& solver, const State& state) {
  const Model& model = solver.model();
  std::set<std::pair<uint32_t, uint32_t>> held;
  for (const DistanceConstraint& c : solver.layout().distance)
    if (c.a != c.b && c.kind != static_cast<uint32_t>(ConstraintKind::Bend))
      held.insert(std::minmax(c.a, c.b));
  SurfaceCheck out;
  const std::vector<uint32_t>& idx = model.surfaces.at(model.tears.at(0).surface).indices;
  for (size_t t = 0; t + 2 < idx.size(); t += 3) {
    const uint32_t v[3] = {idx[t], idx[t + 1], idx[t + 2]};
    if (v[0] == v[1] || v[1] == v[2] || v[0] == v[2]) continue;  // collapsed: not drawn
    ++out.drawn;
    uint32_t edges = 0;
    for (int e = 0; e < 3; ++e) {
      const uint32_t a = v[e], b = v[(e + 1) % 3];
      edges += held.count(std::minmax(a, b)) > 0 ? 1u : 0u;
      const float rest = glm::length(glm::vec3(model.restPositions[solver.tearing().originOf(a)]) -
                                     glm::vec3(model.restPositions[solver.tearing().originOf(b)]));  // m
      const float now = glm::length(glm::vec3(state.positions[a]) - glm::vec3(state.positions[b]));  // m
      out.longest = std::max(out.longest, now / rest);
    }
    if (edges < 2) ++out.spanning;
  }
  return out;
}

// Runs `frames` frames and checks the surface after each: no spanning triangle, and no drawn edge
// longer than `bound` times its rest length. Returns the largest ratio seen.
float runAndCheck(const SceneDesc& scene, int frames, float bound) {
  const Model model = buildModel(scene);
  const SolverLayout layout = buildSolverLayout(model, scene.solver);
  CpuSolver solver(model, scene.solver, layout);
  State state = makeInitialState(model);
  const uint32_t drawnAtStart = checkSurface(solver, state).drawn;
  float longest = 0.0f;
  for (int f = 0; f < frames; ++f) {
    solver.stepFrame(state);
    const SurfaceCheck c = checkSurface(solver, state);
    EXPECT_EQ(c.spanning, 0u) << "frame " << f;
    EXPECT_LE(c.longest, bound) << "frame " << f;
    longest = std::max(longest, c.longest);
    if (c.spanning > 0 || c.longest > bound) break;
  }
  EXPECT_GT(solver.tearing().totalBroken(), 0u);
  // Most of the surface is still drawn (a collapsed triangle is a hole). Measured on cloth_tear after 2 s:
  // 88.8% in Jacobi mode, where edges away from the crack tear too.
  const uint32_t drawn = checkSurface(solver, state).drawn;
  EXPECT_GT(drawn, drawnAtStart * 85 / 100);
  std::cout << scene.name << " " << solverModeName(scene.solver.mode) << ": " << drawn << " of "
            << drawnAtStart << " triangles drawn\n";
  return longest;
}

class TearSurface : public ::testing::TestWithParam<SolverMode> {};

// The shipped scene, 2 s: its crack zig-zags across cells. Bound: 3 × the tear strain. A drawn edge is
// at most the sum of the triangle's two held edges; a held edge is at most the strain times its rest
// length when checked, except a constraint that broke in this frame (it goes with its triangles to the
// copy, still stretched, and breaks again next frame if it stays past the strain). Legs and diagonal of
// a cell: (1 + √2)·strain ≈ 2.41·strain. Measured (CPU reference): 2.71 (Gauss-Seidel) and 3.00
// (Jacobi) × rest length at strain 1.2; before the flaps were re-attached, 19.9 and 40.6.
TEST_P(TearSurface, ShippedSceneDrawsNoTriangleAcrossTheCrack) {
  SceneDesc scene = loadScene(std::string(VKXPBD_SOURCE_DIR) + "/scenes/cloth_tear.json");
  scene.solver.mode = GetParam();
  const float longest = runAndCheck(scene, 120, 3.0f * scene.cloths[0].tear->strain);
  std::cout << "cloth_tear " << solverModeName(GetParam()) << ": longest drawn edge " << longest
            << " × rest length\n";
}

TEST_P(TearSurface, TestSheetDrawsNoTriangleAcrossTheCrack) {
  const bool jacobi = GetParam() == SolverMode::Jacobi;
  SceneDesc scene = test::tearSheet(GetParam(), 0.1f, jacobi ? 1.5f : 1.2f);
  if (jacobi) scene.solver.iterations = 20;
  runAndCheck(scene, 240, 3.0f * scene.cloths[0].tear->strain);
}

INSTANTIATE_TEST_SUITE_P(Modes, TearSurface, ::testing::Values(SolverMode::GaussSeidel, SolverMode::Jacobi),
                         [](const auto& p) { return std::string(solverModeName(p.param)); });

}  // namespace
}  // namespace vkxpbd
