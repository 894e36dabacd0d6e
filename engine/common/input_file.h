// Reading an input file (scene, OBJ, TetGen) whole, with a size limit: a device such as /dev/zero or
// a huge file is refused after at most `maxBytes` + 1 bytes instead of being read until memory runs out.
#pragma once

#include <cstdint>
#include <string>

namespace vkxpbd {

// The file's bytes. Throws SceneError "PATH: cannot open WHAT" (missing, unreadable, a directory) or
// "PATH: the WHAT is larger than the limit of N MiB" (regular files by their size before reading, pipes and
// devices after maxBytes + 1 bytes).
std::string readInputFile(const std::string& path, uint64_t maxBytes, const std::string& what);

}  // namespace vkxpbd
