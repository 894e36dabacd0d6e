// Tearing (docs/tearing.md): the split's bookkeeping as one flat uint table, so that the same code
// (shared/tear_split.h) walks it in C++ (Tearing) and in GLSL (one buffer). The table starts with a
// header of VKXPBD_TEAR_HEADER_SIZE slots; slot VKXPBD_TEAR_HDR_* holds a count or the first index of a
// section, and tearAt(slot, i) reads element i of that section. Built at load by buildTearTable
// (sim/tear_table.h).
#ifndef VKXPBD_SHARED_TEAR_LAYOUT_H
#define VKXPBD_SHARED_TEAR_LAYOUT_H

#include "shared/config.h"

// Header slots: counts.
#define VKXPBD_TEAR_HDR_PARTICLES 0   // N, particles (spares included)
#define VKXPBD_TEAR_HDR_DISTANCE 1    // D, distance constraints in the layout
#define VKXPBD_TEAR_HDR_BODIES 2      // tear bodies
#define VKXPBD_TEAR_HDR_MAX_AROUND 3  // the most triangles around one original particle
// Header slots: first index of each section.
#define VKXPBD_TEAR_HDR_ORIGIN 4        // uint[N]: the particle p was split off (p for an original)
#define VKXPBD_TEAR_HDR_TEAR_OF 5       // uint[N]: p's tear body, VKXPBD_NONE for none
#define VKXPBD_TEAR_HDR_ON_CRACK 6      // uint[N]: 1 once p (or its copy) was split
#define VKXPBD_TEAR_HDR_SIBLING 7       // uint[N]: p's last copy, or for a copy the particle it came from
#define VKXPBD_TEAR_HDR_TRI_OFFSETS 8   // uint[N + 1]: CSR per original particle over TRIS
#define VKXPBD_TEAR_HDR_TRIS 9          // its triangles at load (packed surface triangle index)
#define VKXPBD_TEAR_HDR_CON_OFFSETS 10  // uint[N + 1]: CSR per original particle over CONS
#define VKXPBD_TEAR_HDR_CONS 11         // its constraints at load: distance k, or D + element k
#define VKXPBD_TEAR_HDR_BODY_TABLE 12   // VKXPBD_TEAR_BODY_STRIDE per tear body
#define VKXPBD_TEAR_HDR_AROUND 13       // scratch of one split: 5 per triangle around the particle
#define VKXPBD_TEAR_HDR_COUNTERS 14     // VKXPBD_TEAR_COUNTER_COUNT: what the last tear step did
#define VKXPBD_TEAR_HDR_NEXT_COPY 15    // uint[N]: the next copy of p's origin taken after p, or NONE
#define VKXPBD_TEAR_HDR_LAST_COPY 16    // uint[N]: per original particle, its last copy (itself at first)
#define VKXPBD_TEAR_HEADER_SIZE 18

// Per tear body.
#define VKXPBD_TEAR_BODY_SPARE_FIRST 0  // first spare particle
#define VKXPBD_TEAR_BODY_SPARE_COUNT 1
#define VKXPBD_TEAR_BODY_NEXT_SPARE 2  // spares taken so far
#define VKXPBD_TEAR_BODY_TRI_FIRST 3   // its surface's first packed triangle
#define VKXPBD_TEAR_BODY_TRI_COUNT 4
#define VKXPBD_TEAR_BODY_STRIDE 5

// Per triangle around the particle being split: packed index, its three corners before the split, and
// 1 when it moves to the copy.
#define VKXPBD_TEAR_AROUND_STRIDE 5

// Counters of one tear step (TearReport).
#define VKXPBD_TEAR_COUNTER_REMOVED 0
#define VKXPBD_TEAR_COUNTER_SPLITS 1
#define VKXPBD_TEAR_COUNTER_BROKEN_ELEMENTS 2
#define VKXPBD_TEAR_COUNTER_HELD 3
#define VKXPBD_TEAR_COUNTER_COLLAPSED 4
// The GPU's tear passes (shaders/tear_split.comp, tear_hold.comp): broken constraints and triangles
// handled, summed over their dispatches, so the host can tell that none was cut short.
#define VKXPBD_TEAR_COUNTER_SPLIT_DONE 5
#define VKXPBD_TEAR_COUNTER_HOLD_DONE 6
// The tear split pass's cursor: the next distance constraint its chunks look at (shaders/tear_split.comp).
#define VKXPBD_TEAR_COUNTER_SPLIT_CURSOR 7
// Items the tear surface pass's phases handled (shared/surface_csr.h, summed over its dispatches):
// (N + 1) + 3T + N + 3T + (N + 1) when none was cut short.
#define VKXPBD_TEAR_COUNTER_CSR_DONE 8
// The tear jacobi pass (shared/jacobi_rows.h): items its counted phases handled, N + 2 × slots +
// constraints of the Jacobi batch when none was cut short; and the rows it built (the scan's carry).
#define VKXPBD_TEAR_COUNTER_JACOBI_DONE 9
#define VKXPBD_TEAR_COUNTER_JACOBI_ROWS 10
#define VKXPBD_TEAR_COUNTER_COUNT 11

// ConstraintKind (sim/model.h) values the split tells apart.
#define VKXPBD_TEAR_KIND_STRETCH 0u
#define VKXPBD_TEAR_KIND_SHEAR 1u
#define VKXPBD_TEAR_KIND_BEND 2u

#endif
