// The tear table (shared/tear_layout.h) of a model and its layout at load: the per-particle and
// per-tear-body bookkeeping that the shared split (shared/tear_split.h) reads and writes.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/model.h"
#include "sim/solver_layout.h"

namespace vkxpbd {

std::vector<uint32_t> buildTearTable(const Model& model, const SolverLayout& layout);

// Whether the GPU solver splits in its tear passes (shaders/tear_split.comp, tear_hold.comp): every
// tearing surface has at most VKXPBD_TEAR_GPU_MAX_TRIANGLES triangles. Otherwise the host splits.
bool tearSplitsOnGpu(const Model& model);

// The Jacobi rows the GPU solver makes room for: the layout's, or with tearing bodies one per particle
// (a row per moving particle at most), so that it does not change with a tear. The apply pass runs this
// many threads; rows past the built ones are empty.
uint32_t jacobiRowCapacity(const Model& model, const SolverLayout& layout);

// The GPU's Jacobi rows buffer (VKXPBD_BINDING_JACOBI_ROWS): capacity + 1 offsets (past the rows, the
// last repeated: empty rows), then capacity particles (past the rows, 0).
std::vector<uint32_t> packJacobiRows(const JacobiAdjacency& adjacency, uint32_t capacity);

}  // namespace vkxpbd
