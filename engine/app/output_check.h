// Output paths are checked before any work: a folder that cannot be created or written, or a file path
// that is a folder, is a bad command line (exit 2) naming the option, not an I/O failure after minutes.
#pragma once

#include <string>

namespace vkxpbd {

// Creates `dir` (with its parents) and checks that a file can be created in it; throws UsageError
// "OPTION DIR: ..." otherwise.
void requireWritableDirectory(const std::string& option, const std::string& dir);

// Checks that `file` is not a folder and that its folder can be created and written.
void requireWritableFile(const std::string& option, const std::string& file);

}  // namespace vkxpbd
