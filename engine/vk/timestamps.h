// GPU timestamps around every pass of a recorded command buffer. A timestamp is written at the start
// and after each pass (at the compute stage), and pass times are summed per stage name, so a frame
// of 10 substeps reports e.g. "predict" as the total of its 10 dispatches.
#pragma once

#include <string>
#include <vector>

#include "vk/context.h"

namespace vkxpbd::vk {

struct StageTime {
  std::string name;
  double ms = 0.0;      // total GPU time of the stage's passes in one frame
  uint32_t passes = 0;  // dispatches of this stage in one frame
};

class PassTimer {
 public:
  PassTimer(const Context& ctx, std::vector<std::string> stageNames, uint32_t maxPasses,
            const std::string& name);
  ~PassTimer();
  PassTimer(const PassTimer&) = delete;
  PassTimer& operator=(const PassTimer&) = delete;

  bool enabled() const { return pool_ != VK_NULL_HANDLE; }

  // Recording: resets the queries and writes the start timestamp.
  void begin(VkCommandBuffer cmd);
  // Recording: writes the timestamp that ends the pass just recorded, attributed to `stage`.
  void endPass(VkCommandBuffer cmd, uint32_t stage);

  // After the recorded commands completed: per-stage times of that execution, and the whole span.
  std::vector<StageTime> read(double* totalMs = nullptr) const;

 private:
  const Context& ctx_;
  std::vector<std::string> stageNames_;
  std::vector<uint32_t> stageOfPass_;
  uint32_t maxQueries_ = 0;
  VkQueryPool pool_ = VK_NULL_HANDLE;
};

}  // namespace vkxpbd::vk
