// The simulation model: what does not change while simulating (rest state, masses, constraints, pins,
// colliders), kept apart from State, which holds what the solver advances. SI units throughout.
#pragma once

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "shared/aero_math.h"
#include "shared/gpu_types.h"

namespace vkxpbd {

using gpu::Collider;
using gpu::DistanceConstraint;
using gpu::ElementConstraint;
using gpu::MomentumBody;
using gpu::Pin;
using gpu::PinMotion;
using gpu::Tether;
using gpu::VolumeBody;

// What a distance constraint models on a cloth; stored in DistanceConstraint::kind.
// Stitch: a zero-length constraint joining two pieces (docs/attachments.md).
enum class ConstraintKind : uint32_t { Stretch = 0, Shear = 1, Bend = 2, Stitch = 3, Count = 4 };
const char* constraintKindName(ConstraintKind kind);
// "dihedral", "isometric bend", "tet volume", "neo-hookean".
const char* elementTypeName(uint32_t type);

enum class SolverMode : uint32_t {
  GaussSeidel,  // coloured Gauss-Seidel: one pass per colour, the tail solved by Jacobi
  Jacobi,       // every constraint in one Jacobi batch, Δp averaged per particle
};
const char* solverModeName(SolverMode mode);

enum class ConstraintModel : uint32_t { Xpbd = VKXPBD_MODEL_XPBD, Pbd = VKXPBD_MODEL_PBD };
const char* constraintModelName(ConstraintModel model);

// The time integrator of a substep (shared/integrator_math.h).
enum class Integrator : uint32_t { Euler = VKXPBD_INTEGRATOR_EULER, Bdf2 = VKXPBD_INTEGRATOR_BDF2 };
const char* integratorName(Integrator integrator);  // "euler", "bdf2"

struct ColouringOptions {
  uint32_t maxColours = 32;    // colours beyond this go to the Jacobi tail (at most 64)
  uint32_t minColourSize = 0;  // colours with fewer constraints than this go to the Jacobi tail
};

// Hierarchical XPBD (sim/hierarchy.h, docs/hierarchy.md): coarse levels whose constraints carry
// corrections across a whole body in one sweep.
struct HierarchySettings {
  bool enabled = false;
  uint32_t maxLevels = 0;     // coarse levels at most; 0 = automatic (until a level is small)
  uint32_t minParticles = 8;  // automatic: no coarse level of a body with fewer particles than this
  uint32_t parents = 2;       // k: every left-out particle has at least this many parents
  // Coarse constraints also resist compression. Unset: only for a sheet whose bending is rigid (every
  // bending constraint of a cloth or shell at compliance 0 and stiffness 1), which cannot buckle at any
  // scale; a sheet that bends may fold, so its coarse constraints resist stretching only (bilateral
  // ones kept cloth_on_sphere from draping), and so do soft bodies' (docs/hierarchy.md).
  std::optional<bool> bilateral;
  // Compliance (m/N) with which stretching-only coarse constraints also resist compression; < 0: they
  // do not (the default). Between the two: soft enough for the cloth to fold at the coarse scale, stiff
  // enough to carry the weight a compressed stretching-only level lets through (docs/hierarchy.md).
  float compressionCompliance = -1.0f;
  // Coarse level l's stiffness (the series rule's k, hence 1/compliance) times
  // stiffnessScale · stiffnessGrowth^(l−1), both dimensionless. A coarse constraint is solved once per
  // substep, so its stiffness acts as how far one projection goes; on the stiff soft column the rule's
  // k over-corrects at level 1 and the bar swings, while the deep levels carry the bending
  // (docs/hierarchy.md "Soft bodies: the soft column"). Defaults 1: the rule unchanged.
  float stiffnessScale = 1.0f;
  float stiffnessGrowth = 1.0f;
  // > 0 (rad/s): every coarse constraint gets the stiffness k = ω²·m_ab (m_ab = 1/(w_a + w_b), the
  // reduced mass of its ends at its level) instead of the series rule's, so each one is a spring of
  // natural frequency ω: compliance α = (w_a + w_b)/ω². Solved once per substep with λ from 0, it moves
  // f = ω²Δt²/(1 + ω²Δt²) of its error, so its effective stiffness does not depend on Δt, where a fixed
  // fraction's grows as 1/Δt² (docs/hierarchy.md "Soft bodies: the soft column"). stiffnessScale and
  // stiffnessGrowth still multiply k. 0: the series rule.
  float naturalFrequency = 0.0f;
  // The finest coarse level that is solved (1-based); the levels finer than it carry the coarser levels'
  // corrections down by prolongation only (no coarse constraints, no colour passes). 0: automatic
  // (solvedFromLevel in sim/hierarchy.h): level 2 for a sheet (a body without tetrahedra) whose level 1
  // has more than 2048 constraints (such a level 1 measured to stiffen the cloth no more than its fine
  // solve does, at 8 dispatches a substep); level 1 for a smaller sheet (its level 1 runs in the default
  // fused dispatch) and for a soft body. A body with fewer levels solves its coarsest (docs/hierarchy.md
  // "Which levels are solved").
  uint32_t solveFromLevel = 0;
  // The coarse levels also see the body's collider contacts (the contact cascade, shared/cascade_math.h;
  // docs/contacts.md "Contacts seen by the coarse levels"): a rigid body then rests on its whole patch
  // instead of denting at the particles that touch. Off by default.
  bool contacts = false;
  // Solver setting only: `enabled` applies to every body, even one that sets its own (the command
  // line's --hierarchy / --no-hierarchy).
  bool overridesBodies = false;
};

// The largest "fuse_small_levels" a scene or the command line may give (coarse constraints).
inline constexpr uint32_t kMaxFuseSmallLevels = 1u << 24;
// --coarse-threads: Vulkan guarantees work groups of 128 threads; a device may allow up to this many.
inline constexpr uint32_t kMaxCoarseLevelsThreads = 1024;

struct SolverSettings {
  float frameDt = 1.0f / 60.0f;  // s
  uint32_t substeps = 10;        // per frame
  uint32_t iterations = 1;       // per substep
  SolverMode mode = SolverMode::GaussSeidel;
  ConstraintModel constraintModel = ConstraintModel::Xpbd;
  Integrator integrator = Integrator::Euler;
  float omega = 1.0f;                     // Jacobi relaxation ω (dimensionless, > 0)
  float damping = 0.0f;                   // linear velocity damping, 1/s
  glm::vec3 gravity{0.0f, -9.81f, 0.0f};  // m/s²
  ColouringOptions colouring;
  HierarchySettings hierarchy;  // for every body that does not set its own
  // The hierarchy's small levels in one dispatch: a level with at most this many coarse constraints, and
  // every coarser one, runs in the single "coarse levels" pass (one work group, a barrier between steps)
  // instead of a pass per colour and per prolongation; 0: every level its own passes. The default 2048
  // was measured on lavapipe (docs/hierarchy.md "Frame time, measured in one run"): the standard cloth's
  // frame 13–21% shorter at 128² than with every level's own passes, 4–7% at 256², a third on the soft
  // column.
  uint32_t fuseSmallLevels = 2048;  // coarse constraints
  // The "coarse levels" work group's threads: 0 picks by device (16 on a CPU device, 256 on a GPU, within its
  // limits); the command line's --coarse-threads sets it to compare sizes on a device (the result is the same
  // at any size: a step's elements are independent).
  uint32_t coarseLevelsThreads = 0;

  float substepDt() const { return frameDt / static_cast<float>(substeps); }
  // α̃/α of a substep, 1/s² (1/Δt², BDF2 9/(4Δt²)): a constraint's force is λ times this.
  float alphaScale() const;
  // The time step h of the substep's implicit system, α̃ = α/h² (s): Δt, or 2/3·Δt with BDF2. The
  // convergence lab's residual and Newton reference use it.
  float implicitDt() const { return 1.0f / std::sqrt(alphaScale()); }
};

// A triangle mesh view of (part of) the particles, for output and drawing.
struct SurfaceMesh {
  std::string name;
  std::vector<uint32_t> indices;  // 3 per triangle, into the model's particles
  // Texture coordinates (u, v), dimensionless: one per triangle corner, in `indices` order, or empty
  // (none); per corner because a welded mesh keeps its UV seams. Written by the animation export.
  std::vector<glm::vec2> uvs;
  // Aerodynamic coefficients (dimensionless): normal drag C_n, tangential drag C_t, lift C_l
  // (shared/aero_math.h); 0 disables each.
  glm::vec3 aero{0.0f};
  // A closed, outward-oriented surface (a soft body's boundary): the air acts on a triangle only from
  // outside (aeroTriangleForce), so the leeward faces do not add drag (docs/wind.md).
  bool oneSided = false;
};

// Particle–particle contacts (self-collision and collision between bodies): every particle is a sphere
// of diameter `distance`. Neighbours within searchRadius are found once per substep by a spatial hash;
// the contacts are solved by Jacobi averaging in every iteration (docs/contacts.md). The distance must
// stay below the shortest rest length, so that particles joined by a constraint do not collide.
struct ContactSettings {
  bool enabled = false;
  float distance = 0.01f;        // m
  float searchRadius = 0.015f;   // m, >= distance: neighbours found at the substep's start
  float staticFriction = 0.0f;   // μs
  float kineticFriction = 0.0f;  // μk
  uint32_t maxNeighbours = 16;   // per particle; more are dropped and counted
  // The lists are rebuilt at the substeps s of each frame with s % rebuildInterval == 0 and reused in
  // between (docs/contacts.md: the search radius must cover the motion in between).
  uint32_t rebuildInterval = 1;
  // Point–triangle contacts between particles and the bodies' surface triangles (model.surfaces).
  bool triangles = false;
  uint32_t maxTriangles = 16;   // triangle list length per particle; more are dropped and counted
  float triangleSearch = 0.0f;  // m: triangles nearer than this are listed (set by buildModel)
  // false: buildModel widens searchRadius so that the triangles are found (docs/contacts.md)
  bool searchRadiusGiven = true;
};

// The air (docs/wind.md): when enabled, every surface triangle feels drag and lift against the wind
// field (constant velocity plus deterministic gusts) in every substep, before the prediction.
struct WindSettings {
  bool enabled = false;
  // velocity: xyz m/s, w air density ρ (kg/m³); gust: amplitude (m/s), frequency (Hz), wavelength (m),
  // seed (an integer)
  gpu::WindField field{glm::vec4(0.0f, 0.0f, 0.0f, 1.2f), glm::vec4(0.0f, 0.5f, 4.0f, 0.0f)};
};

// The surface of a mesh collider in the collider's own frame (m), kept for drawing it.
struct ColliderSurface {
  uint32_t collider = 0;  // index into Model::colliders
  std::vector<glm::vec3> vertices;
  std::vector<uint32_t> indices;  // 3 per triangle, outward counter-clockwise
};

// The particles of one body (a cloth, or one instance of a soft body or shell), in scene order.
struct BodyRange {
  std::string name;
  uint32_t first = 0;                          // index of its first particle
  uint32_t count = 0;                          // particles
  std::optional<HierarchySettings> hierarchy;  // the body's own; otherwise SolverSettings::hierarchy
};

// Tearing of one body (sim/tearing.h, docs/tearing.md): its stretch and shear constraints break past a
// stretch ratio (or a force), and particles on the crack are split into copies taken from the spares.
struct TearSettings {
  float strain = 1.5f;  // stretch ratio |x_a − x_b| / rest length past which a constraint breaks (> 1)
  float force = 0.0f;   // N: also breaks when |λ|/Δt² exceeds this; 0 = strain only
  uint32_t spareParticles = 0;  // particles reserved for the copies; 0 = one per particle of the body
};

// A tearing body: its surface particles [first, first + count), then its spare particles
// [spareFirst, spareFirst + spareCount) (inverse mass 0 and parked until a split takes them, in order).
struct TearBody {
  uint32_t body = 0;     // index into Model::bodies
  uint32_t surface = 0;  // index into Model::surfaces
  uint32_t first = 0;
  uint32_t count = 0;
  uint32_t spareFirst = 0;
  uint32_t spareCount = 0;
  TearSettings settings;
};

struct Model {
  std::string name;
  std::vector<glm::vec4> restPositions;  // xyz m; w inverse mass, 1/kg (0 = pinned or kinematic)
  // xyz m: the low part of each rest position, x = restPositions + restPositionsLow (as State's split
  // positions): a body placed far from the origin keeps its exact rest shape. Every rest value (lengths,
  // masses, elements, volumes, the hierarchy) is computed from restPosition / restOffset below, never from
  // the rounded high part. Empty (all zero) or one per particle.
  std::vector<glm::vec4> restPositionsLow;
  std::vector<DistanceConstraint> distance;
  std::vector<ElementConstraint> elements;  // four-particle constraints (shared/element_math.h)
  std::vector<glm::vec4> elementData;       // their extra data, indexed by ElementConstraint::data
  // Closed surfaces under a global volume constraint; their rows (firstRow, rowCount) are filled by
  // buildSolverLayout. A particle belongs to at most one volume body.
  std::vector<VolumeBody> volumes;
  std::vector<uint32_t> volumeTriangles;  // 3 per triangle, outward counter-clockwise
  std::vector<Tether> tethers;            // at most one per particle
  // Free bodies (no pinned particle) whose constraints keep their momentum (sim/momentum_bodies.h).
  std::vector<MomentumBody> momentumBodies;
  std::vector<Pin> pins;
  std::vector<PinMotion> motions;
  std::vector<Collider> colliders;  // solved in this order, after the constraints of each substep
  std::vector<float> sdfValues;     // node values of the signed-distance grid colliders, m
  std::vector<ColliderSurface> colliderSurfaces;  // of the mesh colliders, for drawing
  std::vector<SurfaceMesh> surfaces;
  // μs, μk of each particle's body (negative: the body sets none); empty when no body sets friction.
  std::vector<glm::vec2> particleFriction;
  std::vector<glm::vec4> initialVelocities;  // xyz m/s; empty or one per particle (missing ones are 0)
  std::vector<BodyRange> bodies;             // every body's particles (set by buildModel)
  float thickness = 0.0f;                    // collision distance kept from colliders, m
  ContactSettings contacts;
  // The scene field that sets the size of the body with the most constraints, e.g. "cloths[0].resolution"
  // (empty for bodies from mesh files): named when the model is too large for a device.
  std::string largestBodyField;
  std::string sourcePath;  // the scene file ("<builtin>" for built-in scenes), for error messages
  WindSettings wind;
  std::vector<TearBody> tears;  // bodies that tear (sim/tearing.h)

  uint32_t particleCount() const { return static_cast<uint32_t>(restPositions.size()); }
  // Distance and element constraints (the global volume constraints not counted).
  size_t constraintCount() const { return distance.size() + elements.size(); }
};

// What the solver advances.
struct State {
  std::vector<glm::vec4> positions;  // xyz m; w inverse mass, 1/kg
  // xyz m: the low part of each position, x = positions + positionsLow (shared/position_math.h); at
  // most half an ulp of the position between frames; empty means all zero.
  std::vector<glm::vec4> positionsLow;
  std::vector<glm::vec4> velocities;  // xyz m/s
  uint64_t frame = 0;                 // frames simulated
};

// The rest state: positions and their low parts (restPositionsLow), the initial velocities.
State makeInitialState(const Model& model);

// Appends a particle at rest position x (m; split into the float high part and its low part) with
// inverse mass w (1/kg).
void appendParticle(Model& model, const glm::dvec3& x, float inverseMass);
// Particle p's rest position (m): the high part plus the low part, exact.
glm::dvec3 restPosition(const Model& model, uint32_t p);
// x_a − x_b at rest (m), rounded once: as exact a metre-scale offset at 1 km from the origin as at it.
glm::vec3 restOffset(const Model& model, uint32_t a, uint32_t b);
// Pins particle p at its rest position (target and its low part, exact far from the origin) and makes
// it immovable (inverse mass 0); motion: index into Model::motions or VKXPBD_NONE, attach: 1 + the
// collider it follows or 0 (gpu::Pin).
void pinAtRest(Model& model, uint32_t p, uint32_t motion, uint32_t attach);

// Particle i's position with its low part (m), exact; an empty positionsLow counts as zero.
glm::dvec3 exactPosition(const State& state, size_t i);

// Each position as one float vector, positions + positionsLow rounded (xyz m, w inverse mass): what a
// diagnostic reading a state in the middle of a substep needs (between substeps the low part is at
// most half an ulp).
std::vector<glm::vec4> combinedPositions(const State& state);

// Gives particles [first, first + count) their body's friction (μs, μk), when the body sets one.
void setBodyFriction(Model& model, uint32_t first, uint32_t count, const std::optional<glm::vec2>& friction);

// Colliders at rest with no friction (scenes add friction, restitution and motion).
Collider planeCollider(glm::vec3 unitNormal, float offset);
Collider sphereCollider(glm::vec3 centre, float radius);

}  // namespace vkxpbd
