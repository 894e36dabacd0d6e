// Reading an input file (scene, OBJ, TetGen) whole, with a size limit: a huge file is refused before it is
// read (and a file growing while it is read after `maxBytes` + 1 bytes), a device such as /dev/zero or
// /dev/stdin, a pipe or a socket before it is opened, instead of being read until memory runs out or waiting
// forever.
#pragma once

#include <cstdint>
#include <string>

namespace vkxpbd {

// The file's bytes. Throws SceneError "PATH: cannot open WHAT" (missing, unreadable, a directory),
// "PATH: the WHAT is not a regular file (...)" or "PATH: the WHAT is larger than the limit of N MiB".
std::string readInputFile(const std::string& path, uint64_t maxBytes, const std::string& what);

}  // namespace vkxpbd
