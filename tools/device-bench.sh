#!/usr/bin/env bash
# Runs the whole benchmark on a machine with a real GPU, in one go, writing everything to $OUT.
# The binary is built here (the GPU machine has no glslang, volk or GLFW headers); volk loads the Vulkan
# loader at run time, so only libvulkan1 is needed there (see ../shared/PLATFORM.md).
#
# Here:   VKXPBD_CMAKE_ARGS=-DVKXPBD_WINDOW=OFF ./setup.sh --no-run   (build/vkxpbd without GLFW)
# There:  OUT=/some/folder tools/device-bench.sh [extra bench args]
set -uo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the results}"
mkdir -p "$OUT"
bin=./build/vkxpbd
# The NVIDIA ICD lives outside the default search path on some hosts.
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
{
  echo "== devices"; $bin devices
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv 2>/dev/null
} 2>&1 | tee "$OUT/devices.txt"
$bin bench --sizes 64,128,256,512,1024 --modes gs,jacobi --out "$OUT/bench.json" "$@" 2>&1 | tee "$OUT/bench.log"
# Soft bodies and self-collision at GPU scale: 1000 Neo-Hookean blocks, a 512² self-colliding cloth.
$bin bench --sizes 64 --modes gs,jacobi --render-size 0 --soft-bodies 1000 --contacts-size 512 --out "$OUT/bench_bodies.json" 2>&1 | tee "$OUT/bench_bodies.log"
$bin run scenes/large_cloth.json --headless --frames 300 --out "$OUT/large" 2>&1 | tee "$OUT/large.log"
cp "$OUT/large/state.json" "$OUT/large_state.json" 2>/dev/null; rm -rf "$OUT/large"
