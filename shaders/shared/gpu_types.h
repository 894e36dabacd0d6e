// Structs laid out identically in C++ and in GLSL (std430 storage / std140-compatible uniform).
// Only scalars and vec4 members, so no implicit padding differs between the languages.
#ifndef VKXPBD_SHARED_GPU_TYPES_H
#define VKXPBD_SHARED_GPU_TYPES_H

#include "shared/config.h"
#include "shared/lang.h"

XPBD_BEGIN_NAMESPACE

// One distance constraint C = |x_a - x_b| - restLength.
struct DistanceConstraint {
  uint a;            // particle index
  uint b;            // particle index
  float restLength;  // m
  float compliance;  // α, m/N (XPBD); 0 is rigid
  float stiffness;   // k in [0,1] (PBD mode only)
  uint kind;         // ConstraintKind: stretch, shear or bend (for statistics and debug views)
};

// A particle held at a (possibly moving) target; its inverse mass is 0.
struct Pin {
  uint particle;
  uint motion;  // index into PinMotion[] or VKXPBD_NONE for a fixed pin
  // Attachment: 1 + the index of the collider the pin follows (its offset from the collider at t = 0
  // is kept in the collider's local frame, shared/attach_math.h); 0 = not attached (so a zeroed Pin is
  // a plain one).
  uint attach;
  uint pad1;
  vec4 target;     // xyz rest target (m): the particle's rest position, high part
  vec4 targetLow;  // xyz its low part (m; Model::restPositionsLow): target + targetLow is exact far out
};

struct PinMotion {
  vec4 vector;      // LINEAR: velocity (m/s); SINE: amplitude (m)
  float frequency;  // SINE: Hz
  uint type;        // VKXPBD_MOTION_*
  uint pad0;
  uint pad1;
};

// A collider (VKXPBD_COLLIDER_*), static or kinematic (shared/collider_math.h). Shapes are given in the
// collider's local frame, placed by position and rotation at t = 0 and moved by the velocities.
struct Collider {
  uint type;              // VKXPBD_COLLIDER_*
  uint sdfFirst;          // signed-distance grid: index of its first node value
  float staticFriction;   // μs
  float kineticFriction;  // μk
  float restitution;      // e in [0, 1]
  uint sdfDimX;           // signed-distance grid: nodes along x, y, z (x fastest)
  uint sdfDimY;
  uint sdfDimZ;
  vec4 shape;     // plane: xyz unit normal, w offset (m) (n·x >= offset is outside; planes do not move);
                  // sphere: w radius; capsule: x half length along local x, w radius; box: xyz half extents;
                  // signed-distance grid: xyz local position of node (0, 0, 0), w node spacing (all m)
  vec4 position;  // xyz centre at t = 0, m
  vec4 rotation;  // orientation at t = 0, unit quaternion (x, y, z, w)
  vec4 linearVelocity;   // xyz m/s
  vec4 angularVelocity;  // xyz rad/s about the centre (world axis)
  vec4 oscillation;      // xyz amplitude (m), w frequency (Hz): the centre also moves by xyz·sin(2π·w·t)
};

// Solver parameters, constant during a frame.
struct SimParams {
  vec4 gravity;         // xyz m/s²
  float dt;             // substep length, s
  float invDt;          // 1/s
  float alphaScale;     // 1/dt² (BDF2: 9/(4 dt²)), turns compliance α (m/N) into α̃
  float dampingFactor;  // velocity multiplier per substep: max(0, 1 - damping·dt)
  float omega;          // Jacobi relaxation ω
  float frameDt;        // s
  float thickness;      // collision distance kept from colliders, m
  uint particleCount;
  uint colliderCount;
  uint bodyFriction;     // 1: particles carry their body's friction (VKXPBD_BINDING_PARTICLE_FRICTION)
  uint constraintModel;  // VKXPBD_MODEL_*
  uint substeps;
  uint elementLambdaBase;  // λ of element constraint k: lambdas[elementLambdaBase + 2k] (and + 2k + 1)
  uint hashTableMask;      // particle contacts: hash buckets − 1 (a power of two minus one)
  uint maxNeighbours;      // particle contacts: neighbour list length per particle; 0 = no contacts
  uint scanBlocks;         // blocks of VKXPBD_SCAN_BLOCK buckets in the hash's prefix sum
  float contactDistance;   // particle diameter d, m
  float invCellSize;       // 1 / hash cell size (the neighbour search radius), 1/m
  float staticFriction;    // μs between particles
  float kineticFriction;   // μk between particles
  uint maxTriangles;       // point–triangle contacts: triangle list length per particle; 0 = none
  float triangleSearch;    // point–triangle contacts: triangles nearer than this are listed, m
  uint contactTriangles;   // triangles in VKXPBD_BINDING_CONTACT_TRIANGLES
  uint volumeCornerBase;   // first volume corner in VKXPBD_BINDING_VOLUME_INDICES (after the triangles)
  uint integrator;         // VKXPBD_INTEGRATOR_*
  uint volumeRowBase;      // first word of the volume rows in VKXPBD_BINDING_VOLUME_INDICES
  uint pad1;
  uint pad2;
};

// Advanced on the GPU once per frame, so a recorded frame can be replayed unchanged.
struct FrameClock {
  uint frame;  // frames completed
  uint pad0;
  uint pad1;
  uint pad2;
};

// A long-range attachment (tether): particle may be at most maxLength from its anchor, a pinned
// particle, as in the rest state. An inequality constraint: only stretching past maxLength is
// corrected, and rigidly (the anchor never moves, so every tether is independent of the others).
struct Tether {
  uint particle;
  uint anchor;      // a particle with inverse mass 0
  float maxLength;  // m: the rest distance to the anchor
  uint pad0;
};

// A particle pulled towards a target point, e.g. by the mouse: C = |x − target|, compliance α.
// The host writes it between frames; the GPU keeps λ in it during a substep.
struct GrabConstraint {
  uint particle;
  uint enabled;      // 1 while grabbing
  float compliance;  // α, m/N
  float lambda;      // λ of the current substep, N·s²
  vec4 target;       // xyz target position, m
};

// A constraint on four particles (types VKXPBD_ELEMENT_*). Dihedral and isometric bending: a, b the
// shared edge, c and d the wing vertices of the two triangles (a, b, c) and (b, a, d). Tetrahedral
// volume and Neo-Hookean: the tetrahedron (a, b, c, d), positively oriented at rest.
struct ElementConstraint {
  uint a;
  uint b;
  uint c;
  uint d;
  uint type;   // VKXPBD_ELEMENT_*
  uint data;   // first vec4 of this element in the element data (VKXPBD_NONE if none)
  float rest;  // dihedral: rest angle (rad); isometric: √(3/(A₀+A₁)) (1/m); tet volume: V₀ (m³);
               // Neo-Hookean: γ = 1 + μ/λ
  float
      compliance;  // α: dihedral and isometric 1/(N·m); tet volume m⁶/J; Neo-Hookean deviatoric 1/(μV₀), 1/J
  float stiffness;    // k in [0,1] (PBD mode only)
  float compliance2;  // Neo-Hookean hydrostatic α_H = 1/(λV₀), 1/J
  uint pad0;
  uint pad1;
};

// A closed, outward-oriented surface whose enclosed volume V is held at pressure·V₀ (a balloon with
// pressure > 1 is inflated). One constraint C = V − pressure·V₀ over all its surface particles.
struct VolumeBody {
  uint firstTriangle;  // into the volume triangles (3 indices each)
  uint triangleCount;
  uint firstRow;  // into the volume rows (one per surface particle)
  uint rowCount;
  float restVolume;  // V₀, m³
  float pressure;    // target volume factor (dimensionless, > 0)
  float compliance;  // α, m³/Pa = m⁶/J
  uint pad0;
};

// A particle on a volume body's surface and its triangles: corners[firstCorner .. firstCorner+count).
struct VolumeRow {
  uint particle;
  uint firstCorner;
  uint cornerCount;
  uint body;
};

// What the volume reduction computes for one body in the current iteration.
struct VolumeState {
  float volume;       // V, m³
  float C;            // V − pressure·V₀, m³
  float lambda;       // accumulated λ of the substep
  float deltaLambda;  // Δλ of this iteration
};

// The grab constraint and the frame clock in one buffer (VKXPBD_BINDING_CONTROL).
struct FrameControl {
  GrabConstraint grab;
  FrameClock clock;
};

// A free body (no pinned particle): particles [first, first + count) (shared/momentum_math.h).
struct MomentumBody {
  uint first;
  uint count;
  uint
      solid;  // 1: it has tetrahedra, and its collider friction has a body-wide static cone (collider_math.h)
  uint pad1;
};

// The rigid motion removed from a free body's constraint corrections in one iteration:
// Δx_i = −(shift + rotation × (start_i − centre)).
struct MomentumFix {
  vec4 shift;     // xyz translation, m
  vec4 rotation;  // xyz small rotation vector, rad
  vec4 centre;    // xyz centre of mass at the substep's start, m
};

// A distance constraint of a coarse hierarchy level (sim/hierarchy.h, docs/hierarchy.md) between two
// particles that level keeps. Unilateral (resists stretching only) unless VKXPBD_COARSE_BILATERAL is set.
// It carries the level's inverse masses: a coarse particle also carries the weighted masses of the
// particles it is a parent of.
struct CoarseConstraint {
  uint a;                       // particle index
  uint b;                       // particle index
  float restLength;             // m, from the rest positions
  float compliance;             // α, m/N
  float invMassA;               // 1/kg at this level (0: pinned or kinematic)
  float invMassB;               // 1/kg
  uint flags;                   // VKXPBD_COARSE_*
  float compressionCompliance;  // m/N, used when compressed if VKXPBD_COARSE_COMPRESSION is set
};

// A particle that a coarse level leaves out, moved after that level's solve by the weighted corrections
// of its parents (prolongation): Δx = Σ_k weight_k · Δx_parent_k, the weights summing to 1.
struct ProlongationRow {
  uint particle;
  uint count;  // parents used, 1..VKXPBD_MAX_PARENTS (unused parent slots hold VKXPBD_NONE, weight 0)
  uint pad0;
  uint pad1;
  uint parent0;
  uint parent1;
  uint parent2;
  uint parent3;
  vec4 weights;  // dimensionless, summing to 1
};

// The fused coarse levels (coarse_levels.comp) keep their particles' low parts in the work group's shared
// memory, in slots (SolverLayout::coarseSharedParticles); their constraints and rows are copied with the
// ends as slots, beside the particle indices that the high parts, inverse masses and torn marks need.
struct SharedCoarseConstraint {
  CoarseConstraint constraint;  // a, b: slots
  uint particleA;               // particle index of end a
  uint particleB;
  uint pad0;
  uint pad1;
};
struct SharedProlongationRow {
  ProlongationRow row;  // particle: its slot, or VKXPBD_NONE when no later step reads it; parents: slots
  uint particle;        // the moved particle's index
  uint pad0;
  uint pad1;
  uint pad2;
  uint parentParticle0;  // the parents' particle indices (VKXPBD_NONE unused)
  uint parentParticle1;
  uint parentParticle2;
  uint parentParticle3;
};

// Push constants of every compute pass.
struct PassConstants {
  uint first;            // first element of the range this dispatch covers
  uint count;            // elements in the range
  uint substep;          // substep index within the frame
  uint flags;            // VKXPBD_FLAG_*
  uint slotBase;         // Jacobi: slot index of the range's first constraint
  uint elementFirst;     // first element constraint of the range (colour and Jacobi passes)
  uint elementCount;     // element constraints in the range; their threads follow the `count` distance ones
  uint elementSlotBase;  // Jacobi: slot index of the first element constraint's first particle
  // GPU binding windows (engine/gpu/binding_windows.h), set when the pass is recorded; the CPU reference
  // ignores them. This dispatch runs the pass's threads [chunkFirst, chunkFirst + chunkCount); the bound
  // windows start at distance constraint distanceBase and Jacobi slot deltaBase; Jacobi apply adds the
  // slots in [deltaBegin, deltaEnd) (windows may overlap: each slot is added by one apply).
  uint chunkFirst;
  uint chunkCount;
  uint distanceBase;
  uint deltaBase;
  uint deltaBegin;
  uint deltaEnd;
};

XPBD_END_NAMESPACE

#ifdef __cplusplus
static_assert(sizeof(vkxpbd::gpu::DistanceConstraint) == 24);
static_assert(sizeof(vkxpbd::gpu::Pin) == 48);
static_assert(sizeof(vkxpbd::gpu::Collider) == 128);
static_assert(sizeof(vkxpbd::gpu::PinMotion) == 32);
static_assert(sizeof(vkxpbd::gpu::SimParams) == 128);
static_assert(sizeof(vkxpbd::gpu::PassConstants) == 56);
static_assert(sizeof(vkxpbd::gpu::SharedCoarseConstraint) == 16 * VKXPBD_SHARED_CONSTRAINT_VEC4S);
static_assert(sizeof(vkxpbd::gpu::SharedProlongationRow) == 16 * VKXPBD_SHARED_ROW_VEC4S);
static_assert(sizeof(vkxpbd::gpu::GrabConstraint) == 32);
static_assert(sizeof(vkxpbd::gpu::Tether) == 16);
static_assert(sizeof(vkxpbd::gpu::ElementConstraint) == 48);
static_assert(sizeof(vkxpbd::gpu::VolumeBody) == 32);
static_assert(sizeof(vkxpbd::gpu::VolumeRow) == 16);
static_assert(sizeof(vkxpbd::gpu::VolumeState) == 16);
static_assert(sizeof(vkxpbd::gpu::MomentumBody) == 16);
static_assert(sizeof(vkxpbd::gpu::MomentumFix) == 48);
static_assert(sizeof(vkxpbd::gpu::CoarseConstraint) == 32);
static_assert(sizeof(vkxpbd::gpu::FrameControl) == 48);
static_assert(sizeof(vkxpbd::gpu::ProlongationRow) == 48);
#endif

#endif
