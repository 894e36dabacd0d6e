// The frame schedule: every pass of one frame, in order, with its dispatch size and push constants,
// built from the model, layout and settings. The GPU solver records exactly these passes (one dispatch
// each, a barrier after each); the CPU reference walks the same list with one switch over PassId, so
// the two cannot run different orders. One substep:
//
//   [aero forces → aero apply]  (wind, on the surface set)
//   → predict → [hash (8 passes) → triangle neighbours]  (contacts, every rebuild interval)
//   → hierarchy: [momentum start] → [coarse levels: the small levels in one dispatch]
//     → for each other level, coarsest first: its colours → prolongate                (hierarchy on)
//   → iterations × [momentum start → colours → Jacobi batch (2) → volume (3) → momentum reduce, apply
//                   → contacts (3–4) → tethers → grab]
//   → collide → [friction cone]  (solid bodies and colliders) → update velocity
// and after the last substep, with tearing bodies: tear check (on the surface set).
#pragma once

#include <string>
#include <vector>

#include "shared/gpu_types.h"
#include "sim/model.h"
#include "sim/pass_table.h"
#include "sim/solver_layout.h"

namespace vkxpbd {

inline constexpr uint32_t kNoIteration = 0xFFFFFFFFu;

struct ScheduledPass {
  PassId pass;
  uint32_t substep = 0;
  uint32_t iteration = kNoIteration;  // within the substep, or kNoIteration outside the iteration loop
  uint32_t index = 0;                 // colour (colour passes), level (hierarchy passes, 1 = finest coarse)
  uint32_t colour = 0;                // hierarchy: the colour within the level
  uint32_t threads = 0;               // threads, or work groups (DispatchShape::WorkGroups)
  uint32_t stage = 0;                 // timing stage (FrameSchedule::stageNames)
  gpu::PassConstants constants{};
};

struct FrameSchedule {
  std::vector<ScheduledPass> passes;
  // Timing stages: every table pass with TimingGroup::Pass (table order, names deduplicated), then
  // "solve colour c" per colour, then "level l" per hierarchy level; the same with or without a grab.
  std::vector<std::string> stageNames;

  // The debug label of a pass, e.g. "solve colour=3 s=0 it=1" or "coarse solve level=2 colour=0 s=4".
  std::string label(const ScheduledPass& p) const;
  uint32_t passCount(PassId id) const;
};

// `grab`: whether the grab pass runs (while the user drags a particle).
FrameSchedule buildFrameSchedule(const Model& model, const SolverSettings& settings,
                                 const SolverLayout& layout, bool grab);

}  // namespace vkxpbd
