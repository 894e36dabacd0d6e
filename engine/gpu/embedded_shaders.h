// SPIR-V of every shader in shaders/, compiled at build time (cmake/Shaders.cmake) and linked in.
#pragma once

#include <cstddef>
#include <cstdint>

namespace vkxpbd {

struct EmbeddedShader {
  const char* name;  // file name, e.g. "predict.comp"
  const uint32_t* words;
  size_t wordCount;
};

// nullptr when no shader of that name was built.
const EmbeddedShader* findEmbeddedShader(const char* name);

}  // namespace vkxpbd
