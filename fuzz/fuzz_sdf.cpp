// Fuzz target: the signed-distance baker (sdfBakeCost, buildSdf) on an OBJ mesh. The first 4 bytes are the
// cell size (m, a float, used when it lies in [1e-6, 1e6] like the scene field), the rest is the OBJ text.
// Bakes of more than 2e6 point–triangle evaluations are skipped (their cost is what sdfBakeCost is for).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fuzz_input.h"
#include "mesh/sdf_grid.h"
#include "mesh/triangle_mesh.h"
#include "scene/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vkxpbd;
  if (size < 4) return 0;
  float cell = 0.0f;
  std::memcpy(&cell, data, sizeof(cell));
  if (!(cell >= 1e-6f && cell <= 1e6f)) cell = 0.1f;
  try {
    const TriangleMesh mesh = parseObj(fuzz::text(data + 4, size - 4), "fuzz.obj", 0.0f);
    const SdfCost cost = sdfBakeCost(mesh, cell);
    if (cost.pairs > 2e6) return 0;
    const SdfGrid grid = buildSdf(mesh, cell, "fuzz.obj");
    for (float v : grid.values)
      if (!std::isfinite(v)) __builtin_trap();  // a baked distance must be finite
  } catch (const SceneError&) {
  }
  return 0;
}
