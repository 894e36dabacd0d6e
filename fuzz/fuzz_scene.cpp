// Fuzz target: the scene parser and the model builder (parseScene, buildModel). Any SceneError is a
// correct answer to bad input; a crash, a sanitizer report, a hang or another exception is a finding.
#include <cstddef>
#include <cstdint>

#include "fuzz_input.h"
#include "scene/scene.h"
#include "sim/cloth_builder.h"
#include "sim/work_estimate.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace vkxpbd;
  try {
    const SceneDesc scene = parseScene(fuzz::text(data, size), "fuzz.json");
    // The builder refuses what does not fit in memory; the harness also skips what is merely slow to build
    // (a valid 4096² cloth), to keep the fuzzer's rate and memory limit (2 GiB) meaningful.
    if (estimateWork(scene).bytes > 64.0 * 1024 * 1024) return 0;
    buildModel(scene);
  } catch (const SceneError&) {
  }
  return 0;
}
