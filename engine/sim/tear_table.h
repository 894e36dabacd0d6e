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

}  // namespace vkxpbd
