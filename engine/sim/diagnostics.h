// Measurements of a simulated state: constraint violation / strain statistics, element volumes,
// momentum and non-finite checks.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "sim/model.h"

namespace vkxpbd {

struct StrainStats {
  uint32_t constraints = 0;   // constraints measured
  double maxViolation = 0.0;  // max |C| = max | |x_a − x_b| − rest |, m
  double maxStrain = 0.0;     // max |C| / rest (dimensionless)
  double medianStrain = 0.0;
  double p99Strain = 0.0;  // 99th percentile
};

// Over the distance constraints of `kind`, or of every kind when kind is empty.
StrainStats measureStrain(const Model& model, const std::vector<glm::vec4>& positions,
                          std::optional<ConstraintKind> kind = std::nullopt);

// Index of the first particle whose position or velocity is NaN or infinite.
std::optional<uint32_t> findNonFinite(const State& state);

// The first non-finite value of the state, described for an error message: the particle, its body,
// its position and velocity, and the first distance constraint or element on it whose value is not
// finite (when there is one). Empty when every value is finite.
std::optional<std::string> describeNonFinite(const Model& model, const State& state);

// The error every command prints (then exits with code 4) when the state holds a non-finite value:
// "the simulation produced a non-finite value by frame F: <describeNonFinite>". Empty when finite.
std::optional<std::string> nonFiniteError(const Model& model, const State& state);

// Tetrahedra (tet volume and Neo-Hookean elements): V/V₀ and the count of inverted ones (V <= 0).
struct TetStats {
  uint32_t tets = 0;
  double minVolumeRatio = 1.0;  // V/V₀ (dimensionless); 1 when there are no tetrahedra
  double maxVolumeRatio = 1.0;
  uint32_t inverted = 0;       // V <= 0
  int64_t firstInverted = -1;  // index into model.elements of the first inverted one, −1 if none
};
TetStats measureTets(const Model& model, const std::vector<glm::vec4>& positions);

// V/V₀ of every global volume body (balloon), in model.volumes order (V from its surface triangles).
std::vector<double> balloonVolumeRatios(const Model& model, const std::vector<glm::vec4>& positions);

// Momentum of the moving particles (inverse mass > 0) [first, first + count); pinned ones are left out.
struct Momentum {
  double mass = 0.0;        // kg
  glm::dvec3 centre{0.0};   // centre of mass, m
  glm::dvec3 linear{0.0};   // P = Σ m v, kg·m/s
  glm::dvec3 angular{0.0};  // L = Σ m (x − c) × v about the centre of mass, kg·m²/s
};
Momentum measureMomentum(const State& state, uint32_t first, uint32_t count);

// Everything the run summary, state.json and the window panel report about a state.
struct Diagnostics {
  StrainStats strain;                                                         // every distance constraint
  std::array<StrainStats, static_cast<size_t>(ConstraintKind::Count)> kinds;  // stretch, shear, bend, stitch
  TetStats tets;
  std::vector<double> balloons;  // V/V₀ per balloon
  Momentum total;                // of all moving particles, about their common centre of mass
  std::vector<Momentum> bodies;  // one per model.bodies entry
};
Diagnostics measureDiagnostics(const Model& model, const State& state);

}  // namespace vkxpbd
