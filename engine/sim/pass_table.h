// The table of solver passes: one row per compute shader, the one place a pass is declared. Names,
// labels, timing stages, pipelines (engine/gpu/gpu_solver.cpp) and their destruction all derive from it;
// the frame schedule (sim/solver_schedule.h) says when each runs. Adding a pass: docs/architecture.md,
// "Adding a pass".
#pragma once

#include <array>
#include <cstdint>

namespace vkxpbd {

enum class PassId : uint32_t {
  Predict,
  HashClear,  // the spatial hash's 8 passes, in order (docs/contacts.md)
  HashCount,
  HashScanBlocks,
  HashScanTop,
  HashScanAdd,
  HashScatter,
  HashSort,
  HashNeighbours,
  TriangleNeighbours,
  CoarseSolve,   // one colour of one hierarchy level (sim/hierarchy.h)
  Prolongate,    // one hierarchy level's left-out particles follow their parents
  CoarseLevels,  // the hierarchy's small levels, every colour and prolongation, in one work group
  MomentumStart,
  SolveColour,    // one colour with element constraints
  SolveDistance,  // one colour of distance constraints only
  JacobiConstraints,
  JacobiDistance,  // the Jacobi batch without element constraints
  JacobiApply,
  VolumeGradient,
  VolumeReduce,
  VolumeApply,
  MomentumReduce,
  MomentumApply,
  ContactCount,
  TriangleContactSolve,
  ContactSolve,
  ContactApply,
  Tethers,
  Grab,
  FrictionCone,       // solid bodies' static cones, after collide (scheduled there)
  PatchStick,         // a sticking solid body with the cascade moved rigidly, after the cascade
  CascadeDetect,      // the contact cascade (shared/cascade_math.h), before collide: each particle's contact
  CascadeCount,       // one level: how many contacts share each of its particles
  CascadeSolve,       // one level: each contact's correction of its point on the level
  CascadeApply,       // one level: each level particle moves by its contacts' average
  CascadeProlongate,  // one level: its left-out particles follow their parents since the cascade's start
  CollideLimit,  // before collide where there are tetrahedra: how far each particle's tetrahedra let it move
  Collide,
  UpdateVelocity,
  AeroForces,  // surface passes (PassLayout::Surface): wind and aerodynamics, before predict
  AeroApply,
  TearCheck,    // surface pass: once per frame, the constraints of tearing bodies that break
  TearSplit,    // tear pass: the broken ones break and split (shared/tear_split.h), in chunks
  TearHold,     // tear pass: the torn surfaces' triangles stay held on two edges, in chunks
  TearSurface,  // tear pass: the surface adjacency after a tear (shared/surface_csr.h), in phases
  TearJacobi,   // tear pass: the Jacobi rows, slots and scales after a tear (shared/jacobi_rows.h)
  Count
};
inline constexpr uint32_t kPassCount = static_cast<uint32_t>(PassId::Count);

// How a pass's `threads` count is dispatched.
enum class DispatchShape : uint32_t {
  Threads,     // one thread per element, VKXPBD_WORKGROUP_SIZE to a work group
  WorkGroups,  // one work group per element (reductions)
};

// What a pass's timing stage is: the pass itself, or one stage per colour / per hierarchy level.
enum class TimingGroup : uint32_t { Pass, Colour, Level };

// Which descriptor set (and pipeline layout) a pass uses: the solver's set (VKXPBD_BINDING_*,
// shaders/solver_common.glsl), or the small surface set (VKXPBD_SURFACE_BINDING_*,
// shaders/surface_common.glsl) of passes over the bodies' surface triangles (docs/architecture.md).
// The tear passes have a set of their own (VKXPBD_TEAR_BINDING_*, shaders/tear_common.glsl).
enum class PassLayout : uint32_t { Solver, Surface, Tear };

struct PassInfo {
  PassId id;
  const char* name;    // label prefix and timing stage name
  const char* shader;  // shaders/<shader>, embedded as SPIR-V
  DispatchShape shape;
  TimingGroup timing;
  const char* io;  // what it reads → what it writes (documentation, `vkxpbd passes`)
  // Bytes one thread reads plus writes in device memory (each load and store counted once), for the
  // bench's effective bandwidth (sim/pass_bytes.h, docs/benchmarks.md); 0: not counted. SolveColour and
  // JacobiConstraints: per element constraint (their distance threads count as SolveDistance /
  // JacobiDistance).
  uint32_t bytes = 0;
  uint32_t bytesPerGather = 0;  // plus, per gathered entry: Prolongate per parent, JacobiApply per slot
  PassLayout layout = PassLayout::Solver;
};

// In PassId order (checked by a static_assert in pass_table.cpp).
extern const std::array<PassInfo, kPassCount> kPassTable;

inline const PassInfo& passInfo(PassId id) {
  return kPassTable[static_cast<uint32_t>(id)];
}

}  // namespace vkxpbd
