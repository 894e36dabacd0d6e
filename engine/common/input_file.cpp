#include "common/input_file.h"

#include <filesystem>
#include <fstream>

#include "scene/scene.h"

namespace vkxpbd {

namespace {

std::string tooLarge(const std::string& path, uint64_t maxBytes, const std::string& what) {
  return path + ": the " + what + " is larger than the limit of " + std::to_string(maxBytes >> 20) + " MiB";
}

}  // namespace

std::string readInputFile(const std::string& path, uint64_t maxBytes, const std::string& what) {
  std::error_code error;
  if (path.empty() || std::filesystem::is_directory(path, error))
    throw SceneError(path + ": cannot open " + what);
  std::ifstream file(path, std::ios::binary);
  if (!file) throw SceneError(path + ": cannot open " + what);
  if (std::filesystem::is_regular_file(path, error)) {
    const uintmax_t size = std::filesystem::file_size(path, error);
    if (!error && size > maxBytes) throw SceneError(tooLarge(path, maxBytes, what));
  }
  std::string text;
  char buffer[1 << 16];
  while (file.read(buffer, sizeof(buffer)) || file.gcount() > 0) {
    text.append(buffer, static_cast<size_t>(file.gcount()));
    if (text.size() > maxBytes) throw SceneError(tooLarge(path, maxBytes, what));
  }
  if (file.bad()) throw SceneError(path + ": cannot read " + what);
  return text;
}

}  // namespace vkxpbd
