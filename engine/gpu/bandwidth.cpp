#include "gpu/bandwidth.h"

#include <algorithm>

#include "vk/buffer.h"
#include "vk/compute.h"
#include "vk/descriptors.h"
#include "vk/timestamps.h"

namespace vkxpbd {

namespace {
// shaders/copy_bandwidth.comp
constexpr uint32_t kCopyGroupSize = 256;
constexpr uint32_t kCopyMaxGroups = 4096;  // a grid-stride loop covers the rest
struct CopyConstants {
  uint32_t count;   // vec4 elements
  uint32_t stride;  // threads in the dispatch
};
}  // namespace

CopyBandwidth measureCopyBandwidth(const vk::Context& ctx, uint64_t maxBytes, uint32_t runs) {
  CopyBandwidth result;
  const uint64_t range = ctx.properties.limits.maxStorageBufferRange;
  const uint64_t bytes = std::min(maxBytes, range) / 16 * 16;  // whole vec4s
  const uint32_t count = static_cast<uint32_t>(bytes / 16);
  result.bufferBytes = bytes;
  result.runs = runs;
  if (!ctx.timestampsSupported || count == 0 || runs == 0) return result;

  const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  vk::Buffer source = vk::createBuffer(ctx, bytes, usage, vk::MemoryKind::DeviceLocal, "copy source");
  vk::Buffer destination =
      vk::createBuffer(ctx, bytes, usage, vk::MemoryKind::DeviceLocal, "copy destination");
  vk::BufferDescriptorSet set = vk::createBufferDescriptorSet(ctx, {{source.buffer}, {destination.buffer}},
                                                              VK_SHADER_STAGE_COMPUTE_BIT, "copy bandwidth");
  VkPipelineLayout layout = vk::createPipelineLayout(ctx, set.layout, VK_SHADER_STAGE_COMPUTE_BIT,
                                                     sizeof(CopyConstants), "copy bandwidth pipeline layout");
  VkPipeline pipeline = vk::createComputePipeline(ctx, layout, "copy_bandwidth.comp");

  const uint32_t groups = std::min(vk::groupCount(count, kCopyGroupSize), kCopyMaxGroups);
  const CopyConstants constants{count, groups * kCopyGroupSize};
  vk::PassTimer timer(ctx, {"copy"}, 1, "copy bandwidth timestamps");
  // Run 0 fills the source and warms the pipeline up (first-dispatch JIT on lavapipe); runs 1..n are timed.
  for (uint32_t run = 0; run <= runs; ++run) {
    ctx.submitAndWait([&](VkCommandBuffer cmd) {
      if (run == 0) {
        vkCmdFillBuffer(cmd, source.buffer, 0, bytes, 0x3f800000u);  // 1.0f
        vk::memoryBarrier(ctx, cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
      } else {
        // The previous run's writes to the destination before this run's.
        vk::memoryBarrier(ctx, cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                          VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
      }
      timer.begin(cmd);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0, 1, &set.set, 0, nullptr);
      vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(constants), &constants);
      vkCmdDispatch(cmd, groups, 1, 1);
      timer.endPass(cmd, 0);
    });
    const double ms = timer.read().at(0).ms;
    if (run > 0 && (result.bestMs == 0.0 || ms < result.bestMs)) result.bestMs = ms;
  }
  if (result.bestMs > 0.0) result.gbPerSecond = 2.0 * double(bytes) / (result.bestMs * 1e-3) * 1e-9;

  vkDestroyPipeline(ctx.device, pipeline, nullptr);
  vkDestroyPipelineLayout(ctx.device, layout, nullptr);
  vk::destroyBufferDescriptorSet(ctx, set);
  vk::destroyBuffer(ctx, destination);
  vk::destroyBuffer(ctx, source);
  return result;
}

}  // namespace vkxpbd
