#!/usr/bin/env bash
# Runs the whole benchmark on a machine with a real GPU, in one go, writing everything to $OUT.
# The binary is built here (the GPU machine has no glslang, volk or GLFW headers); volk loads the Vulkan
# loader at run time, so only libvulkan1 is needed there (see ../shared/PLATFORM.md).
#
# It first runs the GPU test suite there with the validation layer and synchronization validation (any
# message fails a test), so a GPU run proves correctness, not only speed.
#
# Here:   VKXPBD_CMAKE_ARGS=-DVKXPBD_WINDOW=OFF ./setup.sh --no-run   (build/ without GLFW)
#         tools/device-deps.sh                  (the Vulkan loader and the validation layer, into .gl/)
# There:  OUT=/some/folder tools/device-bench.sh [--tests-only] [extra bench args]   (carry build and .gl)
set -uo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the results}"
mkdir -p "$OUT"
bin=./build/vkxpbd
tests_only=0
if [ "${1:-}" = "--tests-only" ]; then tests_only=1; shift; fi
# A bare GPU machine has neither the loader nor the layer: unpack the carried packages (tools/device-deps.sh).
if [ -d .gl ] && ls .gl/*.deb >/dev/null 2>&1; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
# The NVIDIA ICD lives outside the default search path on some hosts.
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
{
  echo "== devices"; $bin devices
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv 2>/dev/null
} 2>&1 | tee "$OUT/devices.txt"
# The GPU test suite, validation and synchronization validation on (VKXPBD_VALIDATION=1), on this device.
echo "== GPU tests (validation + sync validation)" | tee "$OUT/test_gpu.log"
VKXPBD_VALIDATION=1 ./build/tests/test_gpu --gtest_output="json:$OUT/test_gpu.json" 2>&1 | tee -a "$OUT/test_gpu.log"
echo "test_gpu exit code: ${PIPESTATUS[0]}" | tee -a "$OUT/test_gpu.log"
[ "$tests_only" = 1 ] && exit 0
$bin bench --sizes 64,128,256,512,1024 --modes gs,jacobi --out "$OUT/bench.json" "$@" 2>&1 | tee "$OUT/bench.log"
# Hierarchical XPBD (issue 13): the cloth cases 128² to 1024² with the hierarchy; each case also times the flat
# solver, the hierarchy without its fused small levels and the hierarchy solving every level (a cloth's level 1
# is only prolongated by default) in the same run, frame by frame in turn ("same_run": the ratios to the flat
# solver). A second run fuses up to 8192 coarse constraints, to choose the default.
$bin bench --sizes 128,256,512,1024 --modes gs,jacobi --hierarchy --render-size 0 --soft-bodies 0 --contacts-size 0 \
  --out "$OUT/bench_hierarchy.json" 2>&1 | tee "$OUT/bench_hierarchy.log"
$bin bench --sizes 128,256,512,1024 --modes gs --hierarchy --fuse-small-levels 8192 --frames 100 --render-size 0 \
  --soft-bodies 0 --contacts-size 0 --out "$OUT/bench_hierarchy_fuse8192.json" 2>&1 | tee "$OUT/bench_hierarchy_fuse8192.log"
# Soft bodies and self-collision at GPU scale: 1000 Neo-Hookean blocks, a 512² self-colliding cloth.
$bin bench --sizes 64 --modes gs,jacobi --render-size 0 --soft-bodies 1000 --contacts-size 512 --out "$OUT/bench_bodies.json" 2>&1 | tee "$OUT/bench_bodies.log"
$bin run scenes/large_cloth.json --headless --frames 300 --out "$OUT/large" 2>&1 | tee "$OUT/large.log"
cp "$OUT/large/state.json" "$OUT/large_state.json" 2>/dev/null; rm -rf "$OUT/large"
