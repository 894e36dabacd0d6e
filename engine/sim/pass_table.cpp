#include "sim/pass_table.h"

namespace vkxpbd {

namespace {
using enum PassId;
using enum DispatchShape;
using enum TimingGroup;

constexpr std::array<PassInfo, kPassCount> kTable = {{
    {Predict, "predict", "predict.comp", Threads, Pass,
     "positions, velocities, pins, clock → positions' low part, predicted x*, velocities (v*)"},
    {HashClear, "hash clear", "hash_clear.comp", Threads, Pass, "→ hash cells"},
    {HashCount, "hash count", "hash_count.comp", Threads, Pass, "positions → hash cells, hash particles"},
    {HashScanBlocks, "hash scan blocks", "hash_scan_blocks.comp", WorkGroups, Pass,
     "hash cells → block sums"},
    {HashScanTop, "hash scan top", "hash_scan_top.comp", Threads, Pass, "block sums → block sums"},
    {HashScanAdd, "hash scan add", "hash_scan_add.comp", Threads, Pass, "block sums → bucket starts"},
    {HashScatter, "hash scatter", "hash_scatter.comp", Threads, Pass, "hash particles → sorted particles"},
    {HashSort, "hash sort", "hash_sort.comp", Threads, Pass, "sorted particles → sorted particles"},
    {HashNeighbours, "hash neighbours", "hash_neighbours.comp", Threads, Pass,
     "positions, hash → contact neighbour lists"},
    {TriangleNeighbours, "triangle neighbours", "triangle_neighbours.comp", Threads, Pass,
     "positions, contact triangles, hash → point–triangle candidate lists"},
    {CoarseSolve, "coarse solve", "coarse_solve.comp", Threads, Level,
     "hierarchy constraints, positions → positions' low part (one colour of one level)",
     // record 32, both positions 32 and low parts 32; writes both low parts 32 (no λ)
     128},
    {Prolongate, "prolongate", "prolongate.comp", Threads, Level,
     "hierarchy rows, positions' low part, predicted x* → positions' low part of the left-out particles",
     // row 48, own low part read 16 + written 16; per parent: low part 16 and x* 16
     80, 32},
    {CoarseLevels, "coarse levels", "coarse_levels.comp", WorkGroups, Level,
     "level program, its copies of the levels' constraints and rows, positions, predicted x* → "
     "positions' low part (the small levels, coarsest first, their particles in shared memory)"},
    {MomentumStart, "momentum start", "momentum_start.comp", Threads, Pass,
     "positions' low part → momentum start positions"},
    {SolveColour, "solve colour", "solve_colour.comp", Threads, Colour,
     "distance and element constraints, element data, positions, λ → positions' low part, λ",
     // per element: record 48, data ≤ 48 (Neo-Hookean: 3 vec4), 4 positions and low parts 128, λ pair
     // read 8 + written 8, 4 low parts written 64
     304},
    {SolveDistance, "solve colour", "solve_distance.comp", Threads, Colour,
     "distance constraints, positions, λ → positions' low part, λ",
     // record 24, both positions 32 and low parts 32, λ 4; writes both low parts 32 and λ 4
     128},
    {JacobiConstraints, "jacobi constraints", "jacobi_constraints.comp", Threads, Pass,
     "batch constraints, positions, λ, step scales → slot Δp, λ",
     // per element: step scale 4, record 48, data ≤ 48, 4 positions and low parts 128, λ pair 8 + 8,
     // 4 slot Δp written 64
     308},
    {JacobiDistance, "jacobi constraints", "jacobi_distance.comp", Threads, Pass,
     "batch distance constraints, positions, λ, step scales → slot Δp, λ",
     // step scale 4, record 24, both positions 32 and low parts 32, λ 4 + 4, 2 slot Δp written 32
     132},
    {JacobiApply, "jacobi apply", "jacobi_apply.comp", Threads, Pass,
     "slot Δp, Jacobi rows and slots → positions' low part",
     // row bounds 8 and particle 4, low part read 16 + written 16; per slot: its index 4 and Δp 16
     44, 20},
    {VolumeGradient, "volume gradient", "volume_gradient.comp", Threads, Pass,
     "volume rows and corners, positions → volume gradients"},
    {VolumeReduce, "volume reduce", "volume_reduce.comp", WorkGroups, Pass,
     "volume triangles, positions, gradients → volume state"},
    {VolumeApply, "volume apply", "volume_apply.comp", Threads, Pass,
     "volume state, gradients → positions' low part"},
    {MomentumReduce, "momentum reduce", "momentum_reduce.comp", WorkGroups, Pass,
     "momentum start positions, positions, velocities → momentum fixes"},
    {MomentumApply, "momentum apply", "momentum_apply.comp", WorkGroups, Pass,
     "momentum fixes → positions' low part, velocities"},
    {ContactCount, "contact count", "contact_count.comp", Threads, Pass,
     "neighbour lists, positions → contact counts"},
    {TriangleContactSolve, "triangle contact solve", "triangle_contact_solve.comp", Threads, Pass,
     "point–triangle lists, positions → point–triangle sums, contact counts"},
    {ContactSolve, "contact solve", "contact_solve.comp", Threads, Pass,
     "neighbour lists, counts, positions → contact deltas"},
    {ContactApply, "contact apply", "contact_apply.comp", Threads, Pass,
     "contact deltas, point–triangle sums → positions' low part (sums cleared)"},
    {Tethers, "tethers", "tethers.comp", Threads, Pass, "tethers, positions → positions' low part"},
    {Grab, "grab", "grab.comp", Threads, Pass, "grab constraint, positions → positions' low part, grab λ"},
    {FrictionCone, "friction cone", "friction_cone.comp", WorkGroups, Pass,
     "free bodies, particles' cone terms → bodies' cone surplus, particles' stick marks (next substep)"},
    {PatchStick, "patch stick", "patch_stick.comp", WorkGroups, Pass,
     "free bodies, stick marks, cascade contacts, positions, predicted x*, velocities → positions' low part"},
    {CascadeDetect, "cascade detect", "cascade_detect.comp", Threads, Pass,
     "cascade entries, colliders, signed-distance grids, positions, predicted x*, clock → cascade start, "
     "contact, slip"},
    {CascadeCount, "cascade count", "cascade_count.comp", Threads, Pass,
     "one level's contact lists, cascade contacts → contacts sharing each level particle"},
    {CascadeSolve, "cascade solve", "cascade_solve.comp", Threads, Pass,
     "cascade entries and one level's composed weights, positions → cascade corrections, pushes"},
    {CascadeApply, "cascade apply", "cascade_apply.comp", Threads, Pass,
     "one level's contact lists, cascade corrections → positions' low part"},
    {CascadeProlongate, "cascade prolongate", "cascade_prolongate.comp", Threads, Pass,
     "one level's cascade rows, cascade start, positions' low part → positions' low part"},
    {CollideLimit, "collide limit", "collide_limit.comp", Threads, Pass,
     "colliders, signed-distance grids, positions, predicted x*, clock, stick marks, tetrahedra of each "
     "particle (after the volume rows), elements → collide limits (velocities' w)"},
    {Collide, "collide", "collide.comp", Threads, Pass,
     "colliders, signed-distance grids, positions, predicted x*, clock, stick marks → positions' low "
     "part, velocities, cone terms (within the collide limits)"},
    {UpdateVelocity, "update velocity", "update_velocity.comp", Threads, Pass,
     "positions, predicted x*, integrator history, hierarchy particles (BDF2) → velocities, positions "
     "(renormalised), clock"},
    {AeroForces, "aero forces", "aero_forces.comp", Threads, Pass,
     "surface triangles, positions, velocities, wind, clock → triangle forces", 0, 0, PassLayout::Surface},
    {AeroApply, "aero apply", "aero_apply.comp", Threads, Pass,
     "triangle forces, particle triangles (CSR) → velocities", 0, 0, PassLayout::Surface},
    {TearCheck, "tear check", "tear_check.comp", Threads, Pass,
     "distance constraints, λ, positions, tear bodies and limits → broken count and list (torn marks)", 0, 0,
     PassLayout::Surface},
    {TearSplit, "tear split", "tear_split.comp", Threads, Pass,
     "broken list, tear table, distance constraints, elements, surface triangles, particles → the same, "
     "split (one invocation per chunk)",
     0, 0, PassLayout::Tear},
    {TearHold, "tear hold", "tear_hold.comp", Threads, Pass,
     "tear table, distance constraints, surface triangles → surface triangles, elements (one invocation per "
     "chunk)",
     0, 0, PassLayout::Tear},
    {TearSurface, "tear surface", "tear_surface.comp", Threads, Pass,
     "surface triangles → triangle offsets, particle triangles (one invocation per phase chunk)", 0, 0,
     PassLayout::Tear},
    {TearJacobi, "tear jacobi", "tear_jacobi.comp", Threads, Pass,
     "distance constraints, elements, inverse masses → Jacobi rows, slots, step scales (one invocation "
     "per phase chunk)",
     0, 0, PassLayout::Tear},
}};

constexpr bool inIdOrder() {
  for (uint32_t i = 0; i < kPassCount; ++i)
    if (static_cast<uint32_t>(kTable[i].id) != i) return false;
  return true;
}
static_assert(inIdOrder(), "kPassTable rows must be in PassId order");
}  // namespace

const std::array<PassInfo, kPassCount> kPassTable = kTable;

}  // namespace vkxpbd
