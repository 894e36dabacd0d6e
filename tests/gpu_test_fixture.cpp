#include "gpu_test_fixture.h"

#include <cstdlib>

namespace vkxpbd::test {

void GpuTest::SetUp() {
  messagesBefore_ = vk::processValidationMessageCount();
  vk::ContextOptions options;
  options.validation = true;  // always, whatever the environment says
  options.quiet = true;
  if (const char* device = std::getenv("VKXPBD_TEST_DEVICE")) options.device = device;
  ctx = std::make_unique<vk::Context>(options);
  ASSERT_TRUE(ctx->validationEnabled());
}

void GpuTest::TearDown() {
  releaseGpuObjects();
  ctx.reset();
  EXPECT_EQ(vk::processValidationMessageCount(), messagesBefore_)
      << "the validation layer reported messages (printed above as [vulkan validation])";
}

}  // namespace vkxpbd::test
