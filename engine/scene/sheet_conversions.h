// Unit conversions from published sheet measurements to the SI quantities of the cloth material library
// (docs/materials.md, "From measurements to compliances"). Every row of the library stores the values as
// published; these functions derive its areal density and compliances from them.
#pragma once

#include <cmath>

namespace vkxpbd::sheet {

inline constexpr double kStandardGravity = 9.80665;  // m/s²: 1 gf = 9.80665e-3 N
inline constexpr double kPi = 3.14159265358979323846;

// --- KES-F (Kawabata) fabric data -------------------------------------------------------------------------

// The KES-F tensile test stops at 500 gf/cm; EMT is the extension there.
inline constexpr double kKesMaxTensileLoad = 500.0 * kStandardGravity * 1e-3 / 1e-2;  // N/m: 490.3

// Tensile stiffness (N/m: force per unit width per unit strain) from EMT (%): the secant stiffness up to the
// test's maximum load.
constexpr double kesTensileStiffness(double emtPercent) {
  return kKesMaxTensileLoad / (emtPercent / 100.0);
}

// In-plane shear stiffness (N/m per radian) from the KES-F shear rigidity G (gf/cm/degree).
constexpr double kesShearStiffness(double gGfPerCmDegree) {
  return gGfPerCmDegree * (kStandardGravity * 1e-3 / 1e-2) * (180.0 / kPi);  // 1 gf/cm/deg = 56.19 N/m
}

// Bending rigidity (N·m: moment per unit width per unit curvature) from the KES-F B (gf·cm²/cm).
constexpr double kesBendingRigidity(double bGfCm2PerCm) {
  return bGfCm2PerCm * (kStandardGravity * 1e-3) * 1e-4 / 1e-2;  // 1 gf·cm²/cm = 9.807e-5 N·m
}

// --- Solid sheets of thickness t (m), Young's modulus E (Pa), Poisson's ratio ν ---------------------------

constexpr double solidTensileStiffness(double youngPa, double thicknessM) {
  return youngPa * thicknessM;
}

constexpr double solidShearStiffness(double youngPa, double poisson, double thicknessM) {
  return youngPa * thicknessM / (2.0 * (1.0 + poisson));
}

constexpr double solidBendingRigidity(double youngPa, double poisson, double thicknessM) {
  return youngPa * thicknessM * thicknessM * thicknessM / (12.0 * (1.0 - poisson * poisson));
}

// Young's modulus from the shear modulus G (Pa): E = 2 G (1 + ν); 3 G for an incompressible solid (ν = 0.5).
constexpr double youngFromShearModulus(double shearPa, double poisson) {
  return 2.0 * shearPa * (1.0 + poisson);
}

// Areal density (kg/m²) of a sheet of density ρ (kg/m³) and thickness t (m).
constexpr double solidArealDensity(double densityKgPerM3, double thicknessM) {
  return densityKgPerM3 * thicknessM;
}

// The middle of a published range [low, high] on a logarithmic scale, as materials charts plot them.
inline double logMidpoint(double low, double high) {
  return std::sqrt(low * high);
}

// --- Grammage ---------------------------------------------------------------------------------------------

constexpr double gramsPerSquareMetre(double gsm) {
  return gsm * 1e-3;
}  // kg/m²

// 1 oz/yd² = 28.349523 g / 0.83612736 m² = 33.906 g/m².
constexpr double ouncesPerSquareYard(double oz) {
  return oz * 28.349523125e-3 / 0.83612736;
}  // kg/m²

// Silk's momme: the weight in pounds of a piece 45 inches wide and 100 yards long, so 1 momme =
// 0.45359237 kg / (1.143 m × 91.44 m) = 4.340 g/m².
constexpr double mommes(double mm) {
  return mm * 0.45359237 / (45.0 * 0.0254 * 100.0 * 0.9144);
}  // kg/m²

// --- Compliances of the constraints (docs/materials.md) ---------------------------------------------------

constexpr double stretchCompliance(double tensileStiffness) {
  return 1.0 / tensileStiffness;
}  // m/N
constexpr double shearCompliance(double shearStiffness) {
  return 1.0 / shearStiffness;
}  // m/N
// Dihedral hinges weighted by |e|²/(A₁+A₂) (energy |e|²θ²/(2α(A₁+A₂)) per hinge): a sheet bent to a cylinder
// whose generators run along an edge family stores κ²/(2α) per area, so α = 1/B would be exact for it; but a
// free strip (Peirce's test) also twists, which a grid's one-way diagonals couple to the bend, and minimising
// over the twist and the cross curvature leaves 4/5 of the stiffness (docs/materials.md, "Bend"). So the
// sheet's cylinder stiffness is 5B/4.
constexpr double bendCompliance(double bendingRigidity) {
  return 4.0 / (5.0 * bendingRigidity);
}  // 1/(N·m)

}  // namespace vkxpbd::sheet
