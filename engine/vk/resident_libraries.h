// Keeps the Vulkan drivers and layers in memory for the life of the process.
#pragma once

#include <string>
#include <vector>

namespace vkxpbd::vk {

// Marks every shared library loaded now as never to be unloaded (RTLD_NODELETE). Called after each
// vkCreateInstance: the loader otherwise unloads the driver (ICD) and the layers when the instance
// is destroyed and loads them again for the next one. Each such cycle of a library with static
// thread-local storage (NVIDIA's libnvidia-tls) takes a slot of glibc's static TLS reserve that is
// not given back, and after about 50 instances in one process (the GPU test suite) the driver no
// longer loads ("cannot allocate memory in static TLS block", vkCreateInstance:
// VK_ERROR_INCOMPATIBLE_DRIVER). Measured on an NVIDIA H200, driver 580.159.04.
void keepLoadedLibrariesResident();

// The paths of the shared libraries loaded in this process now (for tests).
std::vector<std::string> loadedLibraries();

}  // namespace vkxpbd::vk
