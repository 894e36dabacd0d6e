// Fuzz target: the TetGen reader (parseTetGen). The input is the .node text, a line "@@ele", then the .ele
// text.
#include <cstddef>
#include <cstdint>

#include "fuzz_input.h"
#include "mesh/tet_mesh.h"
#include "scene/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vkxpbd;
  const auto [node, ele] = fuzz::split(fuzz::text(data, size), "\n@@ele\n");
  try {
    parseTetGen(node, ele, "fuzz.node", "fuzz.ele");
  } catch (const SceneError&) {
  }
  return 0;
}
