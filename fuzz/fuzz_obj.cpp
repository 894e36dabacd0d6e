// Fuzz target: the OBJ reader and the welder (parseObj). The first 4 bytes are the weld distance (m, a float,
// used when finite and in [0, 1e6] like the scene field), the rest is the OBJ text.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fuzz_input.h"
#include "mesh/triangle_mesh.h"
#include "scene/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vkxpbd;
  if (size < 4) return 0;
  float weld = 0.0f;
  std::memcpy(&weld, data, sizeof(weld));
  if (!std::isfinite(weld) || weld < 0.0f || weld > 1e6f) weld = 0.0f;
  try {
    const TriangleMesh mesh = parseObj(fuzz::text(data + 4, size - 4), "fuzz.obj", weld);
    isClosedManifold(mesh);
    enclosedVolume(mesh);
  } catch (const SceneError&) {
  }
  return 0;
}
