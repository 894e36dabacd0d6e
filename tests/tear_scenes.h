// Scenes of the tearing tests: a vertical sheet whose top row is pinned in two halves that move apart,
// so it tears from the top edge down between its two middle columns.
//
//           ←── pins          pins ──→            top row (j = ny − 1), moving at ∓speed along x
//    ○──○──●──●──●──○──┤├──○──●──●──●──○──○        (○: free; the two middle ones, where the crack starts)
//    │  │  │  │  │  │  │ ╎╎ │  │  │  │  │  │  │  │    the crack: between columns nx/2 − 1 and nx/2
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <set>
#include <vector>

#include "scene/builtin_scenes.h"
#include "scene/scene.h"
#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd::test {

// speed: m/s of each half (0: fixed pins); strain: the tear strain (stretch ratio); pinnedWidth: pins
// per half, next to the two free middle ones.
inline SceneDesc tearSheet(SolverMode mode, float speed, float strain,
                           ClothBending bending = ClothBending::Distance, uint32_t nx = 12, uint32_t ny = 8,
                           uint32_t pinnedWidth = 3) {
  SceneDesc scene = builtinScene("standard_cloth");
  ClothDesc& cloth = scene.cloths.at(0);
  cloth.plane = ClothPlane::XY;
  cloth.resolution = {nx, ny};
  cloth.size = {0.05f * static_cast<float>(nx - 1), 0.05f * static_cast<float>(ny - 1)};  // 5 cm cells
  cloth.center = {0.0f, 1.0f, 0.0f};
  cloth.bending = bending;
  cloth.massDistribution = MassDistribution::Area;
  cloth.arealDensity = 0.2f;       // kg/m²
  cloth.complianceStretch = 0.0f;  // m/N
  cloth.complianceShear = 1e-3f;   // m/N
  cloth.complianceBend = 1e-2f;    // m/N (distance) or 1/(N·m) (dihedral)
  cloth.pins.clear();
  for (uint32_t i = 0; i < nx; ++i) {
    if (i + 1 == nx / 2 || i == nx / 2) continue;  // the two middle ones are free: the crack starts there
    if (i + 1 + pinnedWidth < nx / 2 || i > nx / 2 + pinnedWidth) continue;
    PinDesc pin{static_cast<int>(i), -1, std::nullopt};
    if (speed != 0.0f)
      pin.motion = PinMotionDesc{VKXPBD_MOTION_LINEAR, {i < nx / 2 ? -speed : speed, 0.0f, 0.0f}, 0.0f};
    cloth.pins.push_back(pin);
  }
  cloth.tear = TearSettings{strain, 0.0f, nx * ny};
  scene.solver.mode = mode;
  scene.solver.substeps = 10;
  scene.solver.iterations = 4;
  scene.solver.damping = 1.0f;  // 1/s
  return scene;
}

// Union-find over the intact constraints (distance and elements) of a layout.
struct TornPieces {
  std::vector<uint32_t> parent;
  TornPieces(const SolverLayout& layout, uint32_t n) : parent(n) {
    std::iota(parent.begin(), parent.end(), 0u);
    for (const DistanceConstraint& c : layout.distance) join(c.a, c.b);
    for (const ElementConstraint& e : layout.elements) {
      join(e.a, e.b);
      join(e.a, e.c);
      join(e.a, e.d);
    }
  }
  uint32_t find(uint32_t i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  }
  void join(uint32_t a, uint32_t b) {
    const uint32_t ra = find(a), rb = find(b);
    parent[std::max(ra, rb)] = std::min(ra, rb);
  }
};

// A strip two particles wide and five rows tall (5 cm cells, uniform mass) hanging from its two top
// particles: rigid stretch, soft shear (1 m/N) and dihedral bending, so each top stretch constraint carries
// its column's weight; `force` (N) is the tear force (0: strain only, at 1.5). Iterations enough that λ is
// the static force (the chain has 4 constraints per column). test_tear_force.cpp, test_gpu_tearing.cpp.
constexpr uint32_t kStripColumns = 2, kStripRows = 5;
inline SceneDesc hangingStrip(SolverMode mode, float force) {
  SceneDesc scene = tearSheet(mode, 0.0f, 1.5f, ClothBending::Dihedral, kStripColumns, kStripRows);
  ClothDesc& cloth = scene.cloths.at(0);
  cloth.pins = {PinDesc{0, -1, std::nullopt}, PinDesc{1, -1, std::nullopt}};  // the top row
  cloth.complianceShear = 1.0f;  // m/N: soft, so the stretch constraints carry the weight
  cloth.massDistribution = MassDistribution::Uniform;  // equal columns (lumped areas differ left/right)
  cloth.tear->force = force;                           // N
  scene.solver.iterations = mode == SolverMode::Jacobi ? 60 : 20;
  return scene;
}

// The hanging strip's two stretch constraints from the pinned top row to the row below (layout indices).
inline std::set<uint32_t> hangingStripTop(const SolverLayout& layout) {
  std::set<uint32_t> top;
  const uint32_t topRow = (kStripRows - 1) * kStripColumns;
  for (uint32_t k = 0; k < layout.distance.size(); ++k) {
    const DistanceConstraint& c = layout.distance[k];
    const uint32_t hi = std::max(c.a, c.b), lo = std::min(c.a, c.b);
    if (c.kind == static_cast<uint32_t>(ConstraintKind::Stretch) && hi >= topRow && hi - lo == kStripColumns)
      top.insert(k);
  }
  return top;
}

// The weight (N) of one column of the hanging strip below the pinned row: Σ m g over its free particles
// (both columns are equal by symmetry).
inline float hangingStripColumnWeight(const Model& model, const SolverSettings& settings) {
  float mass = 0.0f;  // kg
  for (uint32_t j = 0; j + 1 < kStripRows; ++j) mass += 1.0f / model.restPositions[j * kStripColumns].w;
  return mass * glm::length(settings.gravity);
}

}  // namespace vkxpbd::test
