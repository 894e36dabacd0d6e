// Adds four-particle constraints (ElementConstraint) to a model from its triangles and tetrahedra:
// bending across every interior edge of a triangle mesh, and a tetrahedral material per tetrahedron.
// Rest values come from the model's rest positions. SI units.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/model.h"

namespace vkxpbd {

enum class BendingModel {
  Dihedral,   // C = θ − θ₀ (rad), any rest shape
  Isometric,  // quadratic bending energy (Bergou et al. 2006), flat rest shape
};

// Two triangles sharing an edge: edge (p0, p1), wings p2 of triangle (p0, p1, p2) and p3 of
// triangle (p1, p0, p3).
struct EdgeStencil {
  uint32_t p0, p1, p2, p3;
};

// Every edge shared by exactly two consistently oriented triangles (3 indices each), in order of
// first appearance. Edges on more than two triangles or with inconsistent orientation are skipped.
std::vector<EdgeStencil> bendingStencils(const std::vector<uint32_t>& triangles);

// The discrete-shells weight |e|²/(A₁+A₂) of the hinge on edge (x0, x1) with wings x2, x3 at rest
// (dimensionless; 1 on a square grid's axis edges, 2 on its diagonals).
float hingeWeight(glm::vec3 x0, glm::vec3 x1, glm::vec3 x2, glm::vec3 x3);

// Isometric bending weights K (Σ K = 0, Σ K_i x_i = 0 for a flat stencil) of a stencil at rest, and
// √(1/(A₀+A₁)) (1/m). Returns false when a triangle is degenerate.
bool isometricWeights(glm::vec3 x0, glm::vec3 x1, glm::vec3 x2, glm::vec3 x3, glm::vec4& K, float& sqrtScale);

// Bending across every interior edge of `triangles`. Compliance α in 1/(N·m): the inverse of the bending
// stiffness a sheet shows when rolled to a cylinder along an edge family (energy κ²/(2α) per area). A
// dihedral hinge gets α (A₁+A₂)/|e|² (1/hingeWeight; J per rad² is its inverse), so the mesh's shape and
// resolution do not change the sheet's stiffness. PBD stiffness k in [0,1] (not weighted).
void addBending(Model& model, const std::vector<uint32_t>& triangles, BendingModel bending, float compliance,
                float stiffness);

// A tetrahedral material. Neo-Hookean: Young's modulus E (Pa) and Poisson's ratio ν in (−1, 0.5);
// Volume: one tet volume constraint per tetrahedron, compliance α in m⁶/J (0 = incompressible).
struct TetMaterial {
  enum class Model { NeoHookean, Volume } model = Model::NeoHookean;
  float youngsModulus = 1.0e5f;  // Pa
  float poissonRatio = 0.3f;
  float volumeCompliance = 0.0f;  // m⁶/J
  float stiffness = 1.0f;         // PBD k in [0,1]
};

// Lamé parameters μ, λ (Pa) of E and ν.
void lameParameters(float youngsModulus, float poissonRatio, float& mu, float& lambda);

// The material's constraints for the tetrahedra `tets` (4 indices each, positively oriented at rest).
// Throws std::invalid_argument naming `source` and the tetrahedron when one is degenerate or inverted.
void addTetMaterial(Model& model, const std::vector<uint32_t>& tets, const TetMaterial& material,
                    const std::string& source);

}  // namespace vkxpbd
