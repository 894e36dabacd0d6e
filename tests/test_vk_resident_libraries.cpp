// The Vulkan driver and layers stay loaded after a context is destroyed (vk/resident_libraries.h).
// Without that the loader unloads and reloads them for every instance, and on NVIDIA's driver the
// GPU test suite stopped after about 50 contexts ("cannot allocate memory in static TLS block").
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpu_test_fixture.h"
#include "vk/resident_libraries.h"

namespace vkxpbd {
namespace {

class ResidentLibraries : public test::GpuTest {};

TEST_F(ResidentLibraries, DriverAndLayersStayLoadedAfterTheContextIsDestroyed) {
  const std::vector<std::string> whileAlive = vk::loadedLibraries();
  ctx.reset();  // the fixture's context (validation on); TearDown still counts its messages
  const std::vector<std::string> after = vk::loadedLibraries();
  // The driver and the validation layer are among the libraries loaded while the context lived.
  EXPECT_TRUE(std::any_of(whileAlive.begin(), whileAlive.end(), [](const std::string& name) {
    return name.find("VkLayer_khronos_validation") != std::string::npos;
  }));
  for (const std::string& name : whileAlive) {
    EXPECT_NE(std::find(after.begin(), after.end(), name), after.end()) << name << " was unloaded";
  }
}

}  // namespace
}  // namespace vkxpbd
