#include "app/output_check.h"

#include <filesystem>
#include <fstream>

#include "app/cli.h"

namespace vkxpbd {

namespace {

// `what` starts each message: "OPTION PATH: ".
void checkDirectory(const std::string& what, const std::string& dir) {
  namespace fs = std::filesystem;
  if (dir.find('\0') != std::string::npos) throw UsageError(what + "contains a NUL character");
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw UsageError(what + "cannot create the folder (" + error.message() + ")");
  if (!fs::is_directory(dir, error)) throw UsageError(what + "is not a folder");
  const fs::path probe = fs::path(dir) / ".vkxpbd-write-check";
  {
    std::ofstream out(probe, std::ios::binary);
    if (!out) throw UsageError(what + "cannot write in this folder");
  }
  fs::remove(probe, error);
}

}  // namespace

void requireWritableDirectory(const std::string& option, const std::string& dir) {
  checkDirectory(option + " " + dir + ": ", dir);
}

void requireWritableFile(const std::string& option, const std::string& file) {
  namespace fs = std::filesystem;
  std::error_code error;
  if (fs::is_directory(file, error)) throw UsageError(option + " " + file + ": is a folder, not a file");
  const fs::path parent = fs::path(file).parent_path();
  checkDirectory(option + " " + file + ": ", parent.empty() ? std::string(".") : parent.string());
}

}  // namespace vkxpbd
