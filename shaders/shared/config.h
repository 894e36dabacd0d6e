// Constants shared by the C++ host code and the GLSL shaders.
#ifndef VKXPBD_SHARED_CONFIG_H
#define VKXPBD_SHARED_CONFIG_H

// Threads per compute workgroup for every solver pass.
#define VKXPBD_WORKGROUP_SIZE 64

// Marks "no pin" / "no motion" in index fields.
#define VKXPBD_NONE 0xFFFFFFFFu

// PassConstants.flags bits.
#define VKXPBD_FLAG_FIRST_ITERATION 1u  // λ is taken as 0 (XPBD resets λ once per substep)
#define VKXPBD_FLAG_LAST_SUBSTEP 2u     // the velocity pass advances the frame clock
// collide: the scene has solid bodies' static cones (the momentum buffer's per-particle cone words)
#define VKXPBD_FLAG_SOLID_CONES 4u

// SimParams.constraintModel values.
#define VKXPBD_MODEL_XPBD 0u
#define VKXPBD_MODEL_PBD 1u

// SimParams.integrator values (shared/integrator_math.h).
#define VKXPBD_INTEGRATOR_EULER 0u  // implicit Euler
#define VKXPBD_INTEGRATOR_BDF2 1u   // second-order backward differentiation

// PinMotion.type values.
#define VKXPBD_MOTION_LINEAR 0u  // target = rest + vector * t
#define VKXPBD_MOTION_SINE 1u    // target = rest + vector * sin(2π f t)

// Descriptor bindings of the solver's single descriptor set (set 0).
#define VKXPBD_BINDING_POSITIONS 0   // vec4[particles]: xyz position (m), w inverse mass (1/kg)
#define VKXPBD_BINDING_PREDICTED 1   // vec4[particles]: xyz low part of the predicted position x* (m), w 1/kg
#define VKXPBD_BINDING_VELOCITIES 2  // vec4[particles]: xyz velocity (m/s); predicted v* during a substep
#define VKXPBD_BINDING_PARTICLE_PIN 3  // uint[particles]: pin index or VKXPBD_NONE
#define VKXPBD_BINDING_PINS 4          // Pin[pins]
#define VKXPBD_BINDING_MOTIONS 5       // PinMotion[motions]
#define VKXPBD_BINDING_DISTANCE 6      // DistanceConstraint[], sorted by colour, Jacobi batch last
#define VKXPBD_BINDING_LAMBDA 7        // float[constraints]: accumulated λ of the current substep (N·s²)
#define VKXPBD_BINDING_JACOBI_DELTA 8  // vec4[slots]: Δp of each (constraint, particle) slot (m)
// uint[2·rows + 1]: per Jacobi row (a particle of the batch) its CSR offsets into JACOBI_SLOTS [rows + 1],
// then the row's particle [rows]
#define VKXPBD_BINDING_JACOBI_ROWS 9
#define VKXPBD_BINDING_JACOBI_SLOTS 10  // uint[]: slot indices, per Jacobi particle, in fixed order
// vec4[2·particles] (BDF2 only): xyz the mean velocity of the last substep u = Δx/Δt [0, N), then the
// velocity before the last substep's [N, 2N) (m/s); shared/integrator_math.h
#define VKXPBD_BINDING_INTEGRATOR_HISTORY 11
#define VKXPBD_BINDING_COLLIDERS 12   // Collider[]: planes, spheres, capsules, boxes, signed-distance grids
#define VKXPBD_BINDING_SDF_VALUES 13  // float[]: the signed-distance grids' node values (m)
#define VKXPBD_BINDING_PARAMS 14      // SimParams (uniform)
// vec4[]: the hierarchy (sim/hierarchy.h): per coarse level its CoarseConstraints (2 vec4 each, sorted by
// colour), then its ProlongationRows (3 vec4 each); the bases per level are push constants
#define VKXPBD_BINDING_HIERARCHY 15
// FrameControl: the grab constraint (mouse dragging, written by the host between frames) and the frame
// clock (advanced by the GPU), one host-visible buffer because lavapipe allows 32 storage buffers per stage
#define VKXPBD_BINDING_CONTROL 16
#define VKXPBD_BINDING_TETHERS 17        // Tether[]: long-range attachments to pinned particles
#define VKXPBD_BINDING_ELEMENTS 18       // ElementConstraint[], sorted by colour, Jacobi batch last
#define VKXPBD_BINDING_ELEMENT_DATA 19   // vec4[]: per-element data (isometric K, Neo-Hookean Dm⁻¹ rows)
#define VKXPBD_BINDING_VOLUME_BODIES 20  // VolumeBody[]: closed surfaces under a global volume constraint
// uint[]: the volume bodies' surface triangles (3 per triangle), then from SimParams.volumeCornerBase
// the rows' corners (per row, 3·triangle + corner of its triangles), then from SimParams.volumeRowBase
// the rows (VolumeRow, 4 words: one per particle on a volume body's surface)
#define VKXPBD_BINDING_VOLUME_INDICES 21
// float[batch constraints]: the Jacobi step scale ω / (largest batch count of a constraint's particles)
#define VKXPBD_BINDING_JACOBI_SCALE 23
#define VKXPBD_BINDING_VOLUME_GRADIENT 24  // vec4[rows]: xyz ∇_x V (m²), w  w·|∇V|² (m⁴/kg)
#define VKXPBD_BINDING_VOLUME_STATE 25     // VolumeState[bodies]: V, C, λ, Δλ of the current iteration
#define VKXPBD_BINDING_HASH_CELLS 26  // uint[]: bucket starts [T + 1], scatter cursors [T], scan block sums
#define VKXPBD_BINDING_HASH_PARTICLES \
  27                                // uint[2N]: bucket of each particle, then particles sorted by bucket
#define VKXPBD_BINDING_CONTACTS 28  // uint[]: neighbour count per particle [N], overflow count, lists [N·K]
#define VKXPBD_BINDING_CONTACT_DELTA \
  29  // vec4[N]: xyz summed particle-contact corrections (m), w their count
#define VKXPBD_BINDING_PARTICLE_FRICTION 30  // float[2N]: μs, μk of each particle's body (negative: not set)
// uint[]: the contact triangles' corners [3T], then per particle its triangles as CSR: offsets [N + 1], list
#define VKXPBD_BINDING_CONTACT_TRIANGLES 31
// vec4[particles]: xyz the low part of each position (m), x = positions + positionLow
// (shared/position_math.h); the substep's motion accumulates here
#define VKXPBD_BINDING_POSITION_LOW 32
// uint[]: the free bodies' momentum (shared/momentum_math.h), one buffer because lavapipe allows 32
// storage buffers per stage: per particle 16 words, its position before this iteration's constraint
// passes (3, float bits, m), its body's stick mark written by the friction cone pass for the next
// substep's collide (float 0 or 1), then its static-cone terms written by collide (m Δ_t and m μs depth,
// 4 floats, kg·m), then, for a particle of a body with the contact cascade, the cone terms of its cascade
// contact (4 floats, kg·m) and the contact itself (its normal and normal impulse, kg·m; 0 without one),
// both written by the cascade (shared/patch_stick_math.h); then per free body 16 words, its MomentumBody
// (its last word: the static friction cone's mean surplus, float bits, shared/collider_math.h) and its
// MomentumFix (float bits).
#define VKXPBD_BINDING_MOMENTUM 22
#define VKXPBD_MOMENTUM_PARTICLE_WORDS 16
#define VKXPBD_BINDING_COUNT 33

// Descriptor bindings of the surface set (set 0 of the passes with PassLayout::Surface, declared in
// shaders/surface_common.glsl): passes over the bodies' surface triangles (sim/surface_triangles.h),
// whose own buffers do not fit the full solver set. Bindings 0-3, 7, 10, 11 and 15 are the solver's buffers.
#define VKXPBD_SURFACE_BINDING_POSITIONS 0           // the solver's VKXPBD_BINDING_POSITIONS
#define VKXPBD_SURFACE_BINDING_POSITION_LOW 1        // the solver's VKXPBD_BINDING_POSITION_LOW
#define VKXPBD_SURFACE_BINDING_VELOCITIES 2          // the solver's VKXPBD_BINDING_VELOCITIES
#define VKXPBD_SURFACE_BINDING_PARAMS 3              // the solver's VKXPBD_BINDING_PARAMS (uniform)
#define VKXPBD_SURFACE_BINDING_TRIANGLES 4           // uint[3T]: every surface triangle's corners
#define VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS 5    // uint[N + 1]: particle p's triangles are [o[p], o[p+1])
#define VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES 6  // uint[3T]: triangle ids, ascending per particle
#define VKXPBD_SURFACE_BINDING_CONTROL 7             // the solver's VKXPBD_BINDING_CONTROL (frame clock)
// WindField, then vec4[T]: per triangle its aerodynamic coefficients (shared/aero_math.h)
#define VKXPBD_SURFACE_BINDING_AERO 8
#define VKXPBD_SURFACE_BINDING_TRIANGLE_FORCE 9  // vec4[T]: xyz the triangle's aerodynamic force (N)
// Tearing (docs/tearing.md): the tear check pass reads the solver's distance constraints and λ, each
// particle's tear body (uint[N], VKXPBD_NONE: none; spares count as their body's) and per tear body its
// thresholds (vec4: x strain, y force N), and writes the constraints that break: a count, then their
// indices (uint[1 + D], host-visible; the order of the list is not fixed, the host sorts it).
#define VKXPBD_SURFACE_BINDING_DISTANCE 10     // the solver's VKXPBD_BINDING_DISTANCE
#define VKXPBD_SURFACE_BINDING_LAMBDA 11       // the solver's VKXPBD_BINDING_LAMBDA
#define VKXPBD_SURFACE_BINDING_TEAR_BODY 12    // uint[N]: the tear body of each particle
#define VKXPBD_SURFACE_BINDING_TEAR_LIMITS 13  // vec4[tear bodies]: x strain, y force (N)
// uint[1 + D + ⌈D/32⌉ + VKXPBD_TEAR_BINS + 2]: count, flags (1 + strain bin), block flags (1 + the
// block's highest bin), the flagged count of each bin, then the split's cutoff bin and quota
#define VKXPBD_SURFACE_BINDING_TEAR_BROKEN 14
// The solver's VKXPBD_BINDING_INTEGRATOR_HISTORY (aero apply reads whether a particle's BDF2 history is
// valid)
#define VKXPBD_SURFACE_BINDING_INTEGRATOR_HISTORY 15
// vec4[]: the solver's VKXPBD_BINDING_HIERARCHY; the tear check marks torn particles in it (hierarchy_math.h)
#define VKXPBD_SURFACE_BINDING_HIERARCHY 16
#define VKXPBD_SURFACE_BINDING_COUNT 17

// The tear passes' set (PassLayout::Tear, shaders/tear_common.glsl, docs/tearing.md): the shared split
// (shared/tear_split.h) over the solver's particles, constraints and surface triangles, the tear table
// (shared/tear_layout.h), the inverse masses the split halves, and the broken list of the tear check.
#define VKXPBD_TEAR_BINDING_POSITIONS 0            // the solver's VKXPBD_BINDING_POSITIONS
#define VKXPBD_TEAR_BINDING_POSITION_LOW 1         // the solver's VKXPBD_BINDING_POSITION_LOW
#define VKXPBD_TEAR_BINDING_VELOCITIES 2           // the solver's VKXPBD_BINDING_VELOCITIES
#define VKXPBD_TEAR_BINDING_HISTORY 3              // the solver's VKXPBD_BINDING_INTEGRATOR_HISTORY
#define VKXPBD_TEAR_BINDING_DISTANCE 4             // the solver's VKXPBD_BINDING_DISTANCE
#define VKXPBD_TEAR_BINDING_ELEMENTS 5             // the solver's VKXPBD_BINDING_ELEMENTS
#define VKXPBD_TEAR_BINDING_TRIANGLES 6            // the surface set's VKXPBD_SURFACE_BINDING_TRIANGLES
#define VKXPBD_TEAR_BINDING_TABLE 7                // uint[]: the tear table
#define VKXPBD_TEAR_BINDING_REST_W 8               // float[N]: the model's inverse masses (1/kg)
#define VKXPBD_TEAR_BINDING_BROKEN 9               // the surface set's VKXPBD_SURFACE_BINDING_TEAR_BROKEN
#define VKXPBD_TEAR_BINDING_TRIANGLE_OFFSETS 10    // surface set: VKXPBD_SURFACE_BINDING_TRIANGLE_OFFSETS
#define VKXPBD_TEAR_BINDING_PARTICLE_TRIANGLES 11  // surface set: VKXPBD_SURFACE_BINDING_PARTICLE_TRIANGLES
#define VKXPBD_TEAR_BINDING_JACOBI_ROWS 12         // the solver's VKXPBD_BINDING_JACOBI_ROWS
#define VKXPBD_TEAR_BINDING_JACOBI_SLOTS 13        // the solver's VKXPBD_BINDING_JACOBI_SLOTS
#define VKXPBD_TEAR_BINDING_JACOBI_SCALE 14        // the solver's VKXPBD_BINDING_JACOBI_SCALE
#define VKXPBD_TEAR_BINDING_JACOBI_SCRATCH 15      // uint[2N]: per particle its slot count, then its row
#define VKXPBD_TEAR_BINDING_CONTACT_TRIANGLES 16   // the solver's VKXPBD_BINDING_CONTACT_TRIANGLES
#define VKXPBD_TEAR_BINDING_HASH_PARTICLES 17  // the solver's VKXPBD_BINDING_HASH_PARTICLES (stitch partners)
#define VKXPBD_TEAR_BINDING_COUNT 18
// The split and the held-triangles pass each run as this many one-invocation dispatches, each taking
// its share of the broken constraints or of the triangles (a single invocation must not loop too long).
#define VKXPBD_TEAR_CHUNKS 8u
// What the tear passes take in one frame, so that no invocation loops too long (lavapipe cuts one short
// past 65,535 loop iterations): each split chunk breaks at most this many of the flagged constraints,
// in layout order from where the chunk before stopped, so at most VKXPBD_TEAR_CHUNKS × this many break
// in a frame (256; the others are checked again in the next frame, docs/tearing.md).
#define VKXPBD_TEAR_SPLIT_PER_CHUNK 32u
// When a frame flags more than that, the most strained break first (docs/tearing.md): the tear check
// sorts each flagged constraint into one of VKXPBD_TEAR_BINS bins of its strain ratio (how far past its
// limit, shared/tear_math.h, tearStrainBin), VKXPBD_TEAR_BINS_PER_OCTAVE bins per doubling of the ratio
// (the last bin takes every ratio from 2^(VKXPBD_TEAR_BINS / VKXPBD_TEAR_BINS_PER_OCTAVE) = 16 on).
#define VKXPBD_TEAR_BINS 64u
#define VKXPBD_TEAR_BINS_PER_OCTAVE 16u
// Tearing surfaces of at most this many triangles each (larger ones are split on the host).
#define VKXPBD_TEAR_GPU_MAX_TRIANGLES 4096u
// ... and scenes of at most this many particles: the tear surface pass sums the per-particle counts in
// one serial loop over all of them (shared/surface_csr.h, surfaceCsrScan).
#define VKXPBD_TEAR_GPU_MAX_PARTICLES 16384u

// ElementConstraint.type values (formulas and gradients: shared/element_math.h).
#define VKXPBD_ELEMENT_DIHEDRAL 0u        // bending angle between two triangles (rad)
#define VKXPBD_ELEMENT_ISOMETRIC_BEND 1u  // isometric (quadratic) bending of two triangles
#define VKXPBD_ELEMENT_TET_VOLUME 2u      // volume of one tetrahedron (m³)
#define VKXPBD_ELEMENT_NEOHOOKEAN 3u      // stable Neo-Hookean: ‖F‖ and det F − γ, solved together
#define VKXPBD_ELEMENT_TYPE_COUNT 4u

// Hierarchy (sim/hierarchy.h): parents of a left-out particle at most, and CoarseConstraint.flags bits.
#define VKXPBD_MAX_PARENTS 4u
#define VKXPBD_COARSE_BILATERAL 1u    // also resists compression, with the stretch compliance
#define VKXPBD_COARSE_COMPRESSION 2u  // also resists compression, with its compressionCompliance
// Of a tearing body (docs/hierarchy.md, "Tearing with the hierarchy"): skipped once an end is torn at the
// constraint's level, which flags holds from bit VKXPBD_COARSE_LEVEL_SHIFT.
#define VKXPBD_COARSE_TEARS 4u
#define VKXPBD_COARSE_LEVEL_SHIFT 8u
// vec4s per particle of the torn marks at the start of the hierarchy buffer (shared/hierarchy_tear.h)
#define VKXPBD_TEAR_MARK_VEC4S 2u

// Entries of the hash table's prefix sum handled by one work group (VKXPBD_WORKGROUP_SIZE threads × 16).
#define VKXPBD_SCAN_BLOCK 1024u

// Collider.type values (shared/collider_math.h).
#define VKXPBD_COLLIDER_PLANE 0u
#define VKXPBD_COLLIDER_SPHERE 1u
#define VKXPBD_COLLIDER_CAPSULE 2u
#define VKXPBD_COLLIDER_BOX 3u
#define VKXPBD_COLLIDER_SDF 4u

// Work-group size of the global volume reduction (one work group per volume body).
#define VKXPBD_VOLUME_REDUCE_SIZE 256

// Work-group size of the momentum reduction (one work group per free body, shared/momentum_math.h).
#define VKXPBD_MOMENTUM_REDUCE_SIZE 64
// Threads of the one work group that solves the hierarchy's small levels in one dispatch
// (coarse_levels.comp).
#define VKXPBD_COARSE_LEVELS_SIZE 256
// The most particles those levels may touch: their low parts (3 floats each, 24 KiB) stay in the work
// group's shared memory for the whole dispatch (GpuSolver checks maxComputeSharedMemorySize) ...
#define VKXPBD_COARSE_SHARED_PARTICLES 2048u
// ... and the most steps, whose descriptors stay there too (uvec4 each, 2 KiB; a cloth's levels take 9 steps
// each, the soft column's 10–20).
#define VKXPBD_COARSE_SHARED_STEPS 128u
// Shared memory that work group uses (bytes).
#define VKXPBD_COARSE_SHARED_BYTES (12u * VKXPBD_COARSE_SHARED_PARTICLES + 16u * VKXPBD_COARSE_SHARED_STEPS)
// vec4s per element of the fused levels' shared copies (gpu::SharedCoarseConstraint,
// gpu::SharedProlongationRow).
#define VKXPBD_SHARED_CONSTRAINT_VEC4S 3u
#define VKXPBD_SHARED_ROW_VEC4S 5u
#define VKXPBD_COARSE_STEP_SOLVE 0u       // a step of that pass: one colour of a level's constraints
#define VKXPBD_COARSE_STEP_PROLONGATE 1u  // a level's prolongation rows

#endif
