// Buffer transfers, under validation and synchronization validation. lavapipe's only memory type is
// host-visible, so buffers there are mapped; discrete GPUs use the staging path instead. The staging
// test forces that path by hiding the mapping, so its copies and barriers are checked here too.
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "gpu_test_fixture.h"
#include "vk/buffer.h"

namespace vkxpbd {
namespace {

class BufferTest : public test::GpuTest {};

std::vector<uint32_t> pattern(size_t n) {
  std::vector<uint32_t> v(n);
  std::iota(v.begin(), v.end(), 7u);
  return v;
}

TEST_F(BufferTest, MappedRoundTrip) {
  const std::vector<uint32_t> data = pattern(1000);
  vk::Buffer b = vk::createBuffer(*ctx, data.size() * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                  vk::MemoryKind::HostVisible, "mapped round trip");
  ASSERT_NE(b.mapped, nullptr);
  vk::uploadBuffer(*ctx, b, data.data(), data.size() * 4);
  std::vector<uint32_t> back(data.size());
  vk::downloadBuffer(*ctx, b, back.data(), back.size() * 4);
  EXPECT_EQ(back, data);
  vk::destroyBuffer(*ctx, b);
}

TEST_F(BufferTest, StagingRoundTrip) {
  const std::vector<uint32_t> data = pattern(4096);
  vk::Buffer b = vk::createBuffer(*ctx, data.size() * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                  vk::MemoryKind::DeviceLocal, "staging round trip");
  vk::Buffer unmapped = b;
  unmapped.mapped = nullptr;  // as on a discrete GPU: transfers go through staging buffers
  vk::uploadBuffer(*ctx, unmapped, data.data(), data.size() * 4);
  std::vector<uint32_t> back(data.size(), 0u);
  vk::downloadBuffer(*ctx, unmapped, back.data(), back.size() * 4);
  EXPECT_EQ(back, data);
  // A second upload over the first must be ordered after the download's read (checked by sync validation).
  const std::vector<uint32_t> second = pattern(4096);
  vk::uploadBuffer(*ctx, unmapped, second.data(), second.size() * 4);
  vk::destroyBuffer(*ctx, b);
}

TEST_F(BufferTest, ZeroSizedRequestIsRoundedUp) {
  vk::Buffer b =
      vk::createBuffer(*ctx, 0, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, vk::MemoryKind::DeviceLocal, "empty");
  EXPECT_EQ(b.size, 16u);
  vk::destroyBuffer(*ctx, b);
}

}  // namespace
}  // namespace vkxpbd
