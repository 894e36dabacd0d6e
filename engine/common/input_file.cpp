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
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status status = path.empty() ? fs::file_status() : fs::status(path, error);
  if (path.empty() || error || !fs::exists(status) || fs::is_directory(status))
    throw SceneError(path + ": cannot open " + what);
  // Checked before opening: opening a pipe without a writer, or reading a terminal, would wait forever.
  if (!fs::is_regular_file(status))
    throw SceneError(path + ": the " + what + " is not a regular file (a device, pipe or socket)");
  const uintmax_t size = fs::file_size(path, error);
  if (!error && size > maxBytes) throw SceneError(tooLarge(path, maxBytes, what));
  std::ifstream file(path, std::ios::binary);
  if (!file) throw SceneError(path + ": cannot open " + what);
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
