// The Vulkan driver and layers stay loaded after a context is destroyed (vk/resident_libraries.h).
// Without that the loader unloads and reloads them for every instance, and on NVIDIA's driver the
// GPU test suite stopped after about 50 contexts ("cannot allocate memory in static TLS block").
#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vk/context.h"
#include "vk/resident_libraries.h"

namespace vkxpbd {
namespace {

TEST(ResidentLibraries, DriverAndLayersStayLoadedAfterTheContextIsDestroyed) {
  const uint32_t messagesBefore = vk::processValidationMessageCount();
  std::vector<std::string> whileAlive;
  {
    vk::ContextOptions options;
    options.validation = true;
    options.quiet = true;
    if (const char* device = std::getenv("VKXPBD_TEST_DEVICE")) options.device = device;
    vk::Context ctx(options);
    whileAlive = vk::loadedLibraries();
  }
  const std::vector<std::string> after = vk::loadedLibraries();
  // The driver and the validation layer are among the libraries loaded while the context lived.
  const auto named = [&](const char* part) {
    return std::any_of(whileAlive.begin(), whileAlive.end(),
                       [&](const std::string& name) { return name.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(named("VkLayer_khronos_validation"));
  for (const std::string& name : whileAlive) {
    EXPECT_NE(std::find(after.begin(), after.end(), name), after.end()) << name << " was unloaded";
  }
  EXPECT_EQ(vk::processValidationMessageCount(), messagesBefore);
}

}  // namespace
}  // namespace vkxpbd
