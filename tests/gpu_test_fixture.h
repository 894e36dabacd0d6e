// Base fixture of every test that touches Vulkan: a context on the default device (lavapipe in CI)
// with the validation layer and synchronization validation always on. Any validation message, even
// one reported while the device is destroyed, fails the test.
#pragma once

#include <memory>

#include <gtest/gtest.h>

#include "vk/context.h"

namespace vkxpbd::test {

class GpuTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Destroy GPU objects owned by the test before the context (called by TearDown).
  virtual void releaseGpuObjects() {}

  // For the canary tests: `count` messages were provoked on purpose and do not fail the test.
  void expectMessages(uint32_t count) { messagesBefore_ += count; }

  std::unique_ptr<vk::Context> ctx;

 private:
  uint32_t messagesBefore_ = 0;
};

}  // namespace vkxpbd::test
