#include "vk/resident_libraries.h"

#include <dlfcn.h>
#include <link.h>

namespace vkxpbd::vk {

std::vector<std::string> loadedLibraries() {
  std::vector<std::string> names;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void* data) {
        // The main program and the vDSO have no file name.
        if (info->dlpi_name && info->dlpi_name[0] != '\0')
          static_cast<std::vector<std::string>*>(data)->push_back(info->dlpi_name);
        return 0;
      },
      &names);
  return names;
}

void keepLoadedLibrariesResident() {
  for (const std::string& name : loadedLibraries()) {
    // RTLD_NOLOAD: only a library already loaded is affected; the handle's reference is kept on purpose.
    dlopen(name.c_str(), RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE);
  }
}

}  // namespace vkxpbd::vk
