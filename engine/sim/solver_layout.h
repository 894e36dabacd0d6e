// How the constraints are laid out for solving, identical for the GPU solver and the CPU reference:
//
//   distance[]:  | shear colours | bend colours        | stretch colours | Jacobi batch |
//   elements[]:  |               | element colours     |                 | Jacobi batch |
//
// The constraints are coloured in three groups, solved in this order: shear, then bending together
// with every four-particle element type (dihedral, isometric, tet volume, Neo-Hookean), then stretch
// last (see kSolveGroups in solver_layout.cpp for the measurement). Within a group all types are
// coloured together, so a colour never holds one moving particle twice, whatever the types; a colour
// is one distance range plus one element range, solved by one dispatch.
// The Jacobi batch holds what colouring left over (the tail) in Gauss-Seidel mode, and every
// constraint in Jacobi mode. For the batch, each (constraint, particle) pair is a "slot" that receives
// a Δp (distance constraint k of the batch: slots 2k, 2k+1; element e: 2·jacobi.count + 4e + 0..3); the
// adjacency lists, per moving particle, its slots in a fixed order, so the sum of Δp is gathered
// without atomics and is bitwise reproducible. Each batch constraint has one step scale (jacobiScale,
// see JacobiStep in shaders/shared/xpbd_math.h), so its corrections conserve momentum.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/colouring.h"
#include "sim/contact_cascade.h"
#include "sim/hierarchy.h"
#include "sim/model.h"
#include "sim/surface_triangles.h"

namespace vkxpbd {

// CSR adjacency of the Jacobi batch: particles[r] owns slots[offsets[r] .. offsets[r+1]).
struct JacobiAdjacency {
  std::vector<uint32_t> particles;
  std::vector<uint32_t> offsets{0};
  std::vector<uint32_t> slots;

  uint32_t rowCount() const { return static_cast<uint32_t>(particles.size()); }
};

// Colour statistics of one constraint type (distance kind or element type) within its group.
struct KindColouring {
  std::string name;  // "stretch", "dihedral", ...
  ColouringStats stats;
};

struct SolverLayout {
  std::vector<DistanceConstraint> distance;     // sorted by colour, the Jacobi batch last
  std::vector<uint32_t> originalIndex;          // distance[k] is model.distance[originalIndex[k]]
  std::vector<ConstraintRange> colours;         // distance range of each colour (empty in Jacobi mode)
  ConstraintRange jacobi;                       // the Jacobi batch of distance constraints
  std::vector<ElementConstraint> elements;      // sorted like distance[]
  std::vector<uint32_t> elementOriginalIndex;   // elements[k] is model.elements[elementOriginalIndex[k]]
  std::vector<ConstraintRange> elementColours;  // element range of each colour (same count as colours)
  ConstraintRange jacobiElements;               // the Jacobi batch of element constraints
  JacobiAdjacency adjacency;                    // slots: see the top of this file
  // Per batch constraint (distance constraints, then elements): 1 / the largest number of batch
  // constraints on one of its moving particles (dimensionless; 1 when none of them moves).
  std::vector<float> jacobiScale;
  ColouringStats stats;              // all types; in Jacobi mode: 0 colours, everything in the tail
  std::vector<KindColouring> kinds;  // per type, in solve order (Gauss-Seidel mode)
  double colouringSeconds = 0.0;     // wall time spent colouring (s)
  // Global volume constraints: the model's bodies with their rows, and the rows' triangle corners.
  std::vector<VolumeBody> volumes;
  std::vector<gpu::VolumeRow> volumeRows;
  std::vector<uint32_t> volumeCorners;  // 3·triangle + corner
  // Hierarchical XPBD's coarse levels (empty when no body enables it), and where each level starts in
  // the GPU's hierarchy buffer (vec4 units, packHierarchy): its constraints, then its prolongation rows
  // (after the torn marks of a tearing body, hierarchy.tearMarks, at 0); VKXPBD_NONE for a fused level
  // (fusedLevel below), which has only its shared copies.
  Hierarchy hierarchy;
  std::vector<uint32_t> hierarchyConstraintBase;
  std::vector<uint32_t> hierarchyRowBase;
  // BDF2 with the hierarchy: after the levels, one vec4 per particle, x = 1 for a particle of a body with
  // coarse levels, which integrates with implicit Euler (integrator_math.h eulerBodyHistory; its
  // constraints' compliances are stored for Euler: storedCompliance), else 0; VKXPBD_NONE without BDF2 or
  // coarse levels. `bdf2HierarchyParticles`: the same flags for the CPU reference (empty when VKXPBD_NONE).
  uint32_t bdf2HierarchyBase = VKXPBD_NONE;
  std::vector<uint8_t> bdf2HierarchyParticles;
  // The small levels (at most settings.fuseSmallLevels constraints each, and every coarser level too) run in
  // one dispatch ("coarse levels"): levels fusedLevel … levelCount, coarsest first, as a program of steps
  // (kind VKXPBD_COARSE_STEP_*, base, first, count) in the hierarchy buffer at coarseProgramBase. 0: none.
  // The fused levels also stop before the particles their steps read (constraint ends, row parents) would
  // exceed VKXPBD_COARSE_SHARED_PARTICLES: the work group keeps those particles' low parts in shared memory
  // (`coarseSharedParticles`, ascending: slot → particle) and writes them back at the end. At
  // coarseProgramBase: a header (slot table base, slots, 0, 0), then the steps, whose bases point into the
  // shared copies at coarseSharedBase: the slot table (4 a vec4), then each fused level's constraints
  // (gpu::SharedCoarseConstraint) and rows (gpu::SharedProlongationRow) with slots for particles.
  uint32_t fusedLevel = 0;
  uint32_t coarseProgramBase = 0;
  std::vector<glm::uvec4> coarseProgram;
  std::vector<uint32_t> coarseProgramLevel;  // each step's level (CPU reference)
  std::vector<uint32_t> coarseSharedParticles;
  uint32_t coarseSharedBase = 0;
  // The contact cascade's tables (sim/contact_cascade.h), after everything above in the hierarchy buffer.
  ContactCascade cascade;
  uint32_t hierarchyWords = 0;  // vec4s in the hierarchy buffer
  // Every surface triangle with its per-particle adjacency: the surface passes' triangles (GPU surface
  // set and CPU reference alike).
  SurfaceTriangles surface;

  uint32_t elementSlotBase() const { return 2 * jacobi.count; }
  uint32_t slotCount() const { return 2 * jacobi.count + 4 * jacobiElements.count; }
  // λ buffer: distance constraints first, then two per element (the second: a Neo-Hookean's hydrostatic λ).
  uint32_t lambdaCount() const { return static_cast<uint32_t>(distance.size() + 2 * elements.size()); }
};

// The small levels (settings.fuseSmallLevels) run in the single "coarse levels" dispatch.
SolverLayout buildSolverLayout(const Model& model, const SolverSettings& settings);

// BDF2 with the hierarchy (docs/hierarchy.md "BDF2"): whether `particle` belongs to a body with coarse
// levels, which integrates with implicit Euler; false in every other run.
bool integratesWithEuler(const SolverLayout& layout, uint32_t particle);
// The compliance a constraint whose first particle is `particle` is stored with: α (m/N, or the type's unit)
// times 4/9 for a particle that integrates with Euler in a BDF2 run (gpu::eulerComplianceInBdf2), else α.
float storedCompliance(const SolverLayout& layout, uint32_t particle, float compliance);
// A tearing body's force limit (N) as compared with |λ|·α̃/α: times 9/4 for a body that integrates with Euler
// in a BDF2 run (gpu::eulerForceLimitInBdf2).
float tearForceLimit(const SolverLayout& layout, const TearBody& body);
// The force (N) of a constraint whose first particle is `particle`, from `forceFromLambda` = |λ|·α̃/α with
// the run's α̃/α (SolverSettings::alphaScale): times 4/9 for a body that integrates with Euler in a BDF2 run
// (gpu::eulerForceInBdf2, its compliances being stored × 4/9), else unchanged.
float constraintForce(const SolverLayout& layout, uint32_t particle, float forceFromLambda);

// The Jacobi batch's adjacency and step scales (layout.jacobiScale) for the batch constraints' current
// particles; tearing (sim/tearing.h) calls it again after a split moves constraints to new particles.
JacobiAdjacency buildJacobiAdjacency(const Model& model, SolverLayout& layout);

// The hierarchy as the GPU reads it (VKXPBD_BINDING_HIERARCHY): per level its CoarseConstraints, then its
// ProlongationRows, at layout.hierarchyConstraintBase / hierarchyRowBase; then (BDF2) the coarse
// displacements, zero.
std::vector<glm::vec4> packHierarchy(const SolverLayout& layout);

}  // namespace vkxpbd
