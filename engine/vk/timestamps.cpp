#include "vk/timestamps.h"

namespace vkxpbd::vk {

PassTimer::PassTimer(const Context& ctx, std::vector<std::string> stageNames, uint32_t maxPasses,
                     const std::string& name)
    : ctx_(ctx), stageNames_(std::move(stageNames)), maxQueries_(maxPasses + 1) {
  if (!ctx.timestampsSupported) return;
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = VK_QUERY_TYPE_TIMESTAMP;
  info.queryCount = maxQueries_;
  VK_CHECK(vkCreateQueryPool(ctx.device, &info, nullptr, &pool_));
  ctx.setName(VK_OBJECT_TYPE_QUERY_POOL, pool_, name);
}

PassTimer::~PassTimer() {
  if (pool_ != VK_NULL_HANDLE) vkDestroyQueryPool(ctx_.device, pool_, nullptr);
}

void PassTimer::begin(VkCommandBuffer cmd) {
  stageOfPass_.clear();
  if (!enabled()) return;
  vkCmdResetQueryPool(cmd, pool_, 0, maxQueries_);
  vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool_, 0);
}

void PassTimer::endPass(VkCommandBuffer cmd, uint32_t stage) {
  if (!enabled()) return;
  if (stageOfPass_.size() + 1 >= maxQueries_)
    throw VulkanError("PassTimer: more passes than reserved queries");
  if (stage >= stageNames_.size())
    throw VulkanError("PassTimer: stage " + std::to_string(stage) + " has no name");
  stageOfPass_.push_back(stage);
  vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, pool_,
                      static_cast<uint32_t>(stageOfPass_.size()));
}

std::vector<StageTime> PassTimer::read(double* totalMs) const {
  std::vector<StageTime> stages(stageNames_.size());
  for (size_t i = 0; i < stages.size(); ++i) stages[i].name = stageNames_[i];
  if (totalMs != nullptr) *totalMs = 0.0;
  if (!enabled() || stageOfPass_.empty()) return stages;

  const uint32_t count = static_cast<uint32_t>(stageOfPass_.size()) + 1;
  std::vector<uint64_t> ticks(count);
  VK_CHECK(vkGetQueryPoolResults(ctx_.device, pool_, 0, count, count * sizeof(uint64_t), ticks.data(),
                                 sizeof(uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
  const double msPerTick = ctx_.timestampPeriodNs * 1e-6;
  for (size_t p = 0; p < stageOfPass_.size(); ++p) {
    StageTime& s = stages[stageOfPass_[p]];
    s.ms += static_cast<double>(ticks[p + 1] - ticks[p]) * msPerTick;
    s.passes += 1;
  }
  if (totalMs != nullptr) *totalMs = static_cast<double>(ticks[count - 1] - ticks[0]) * msPerTick;
  return stages;
}

}  // namespace vkxpbd::vk
