#include "sim/pass_bytes.h"

namespace vkxpbd {

uint64_t passBytes(const ScheduledPass& p, const SolverLayout& layout) {
  const PassInfo& info = passInfo(p.pass);
  const gpu::PassConstants& pc = p.constants;
  switch (p.pass) {
    case PassId::SolveColour:  // its distance threads as SolveDistance, its element threads as itself
      return uint64_t(pc.count) * passInfo(PassId::SolveDistance).bytes +
             uint64_t(pc.elementCount) * info.bytes;
    case PassId::JacobiConstraints:
      return uint64_t(pc.count) * passInfo(PassId::JacobiDistance).bytes +
             uint64_t(pc.elementCount) * info.bytes;
    case PassId::Prolongate: {
      const HierarchyLevel& level = layout.hierarchy.levels.at(p.index - 1);
      uint64_t parents = 0;
      for (uint32_t r = pc.first; r < pc.first + pc.count; ++r) parents += level.prolongation.at(r).count;
      return uint64_t(pc.count) * info.bytes + parents * info.bytesPerGather;
    }
    case PassId::JacobiApply: {
      const std::vector<uint32_t>& offsets = layout.adjacency.offsets;
      const uint64_t slots = offsets.at(pc.first + pc.count) - offsets.at(pc.first);
      return uint64_t(pc.count) * info.bytes + slots * info.bytesPerGather;
    }
    default:
      return uint64_t(p.threads) * info.bytes;
  }
}

uint64_t passProjections(const ScheduledPass& p) {
  switch (p.pass) {
    case PassId::SolveColour:
    case PassId::SolveDistance:
    case PassId::JacobiConstraints:
    case PassId::JacobiDistance:
      return uint64_t(p.constants.count) + p.constants.elementCount;
    case PassId::CoarseSolve:
      return p.constants.count;
    default:
      return 0;
  }
}

}  // namespace vkxpbd
