#!/usr/bin/env bash
# Runs the whole benchmark on a machine with a real GPU, in one go, writing everything to $OUT.
# The binary is built here (the GPU machine has no glslang, volk or GLFW headers); volk loads the Vulkan
# loader at run time, so only libvulkan1 is needed there (see ../shared/PLATFORM.md).
#
# It first runs the GPU test suite there with the validation layer and synchronization validation (any
# message fails a test), so a GPU run proves correctness, not only speed.
#
# Here:   cmake -S . -B build-device -G Ninja -DCMAKE_BUILD_TYPE=Release -DVKXPBD_WINDOW=OFF
#         cmake --build build-device --target vkxpbd test_gpu        (no GLFW: the machine has no window system)
#         tools/device-deps.sh                  (the Vulkan loader, the validation layer, our two shared
#                                                libraries and the plots' font, into .gl/)
# There:  OUT=/some/folder VKXPBD_BUILD_DIR=build-device tools/device-bench.sh [--tests-only|--bench-only]
#         [extra bench args]; carry .gl, build-device/vkxpbd, build-device/tests/test_gpu and
#         build-device/CMakeCache.txt (the whole build folder is over the 64 MiB a call carries).
set -uo pipefail
cd "$(dirname "$0")/.."
: "${OUT:?set OUT to the folder for the results}"
mkdir -p "$OUT"
build=${VKXPBD_BUILD_DIR:-build}
bin=./$build/vkxpbd
tests_only=0
bench_only=0
if [ "${1:-}" = "--tests-only" ]; then tests_only=1; shift; fi
if [ "${1:-}" = "--bench-only" ]; then bench_only=1; shift; fi
# The tests read scenes from the source folder they were built in (VKXPBD_SOURCE_DIR); where that path does
# not exist on this machine, point it at this checkout.
src=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$build/CMakeCache.txt" 2>/dev/null)
if [ -n "$src" ] && [ ! -e "$src" ]; then mkdir -p "$(dirname "$src")" && ln -s "$PWD" "$src"; fi
# A bare GPU machine has neither the loader nor the layer: unpack the carried packages (tools/device-deps.sh).
if [ -d .gl ] && ls .gl/*.deb >/dev/null 2>&1; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
# The NVIDIA ICD lives outside the default search path on some hosts.
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ]; then
  export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
fi
# Results go to $res and are packed into $OUT/device-results.tar.gz after every step, so that a run stopped
# at its time limit still returns what it finished (and the device tool returns at most 8 files).
res=${VKXPBD_RESULTS:-/tmp/vkxpbd-device}
mkdir -p "$res"
pack() { tar -czf "$OUT/device-results.tar.gz" -C "$(dirname "$res")" "$(basename "$res")"; }
{
  echo "== devices"; $bin devices
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv 2>/dev/null
} 2>&1 | tee "$res/devices.txt"
pack
# The GPU test suite, validation and synchronization validation on (VKXPBD_VALIDATION=1), on this device.
if [ "$bench_only" = 0 ]; then
  echo "== GPU tests (validation + sync validation)" | tee "$res/test_gpu.log"
  VKXPBD_VALIDATION=1 ./$build/tests/test_gpu --gtest_output="json:$res/test_gpu.json" >>"$res/test_gpu.log" 2>&1
  echo "test_gpu exit code: $?" | tee -a "$res/test_gpu.log"
  # The first failures with what they printed, then the summary (the whole log is in the results).
  grep -E -A6 'Failure$' "$res/test_gpu.log" | head -n 80
  grep -E '^\[==========\]|^\[  PASSED|^\[  FAILED' "$res/test_gpu.log" | tail -n 40
  pack
fi
[ "$tests_only" = 1 ] && exit 0
step() { # step NAME COMMAND...: runs one benchmark, its log in $res/NAME.log, then packs
  local name=$1; shift
  echo "== $name"
  "$@" >"$res/$name.log" 2>&1
  echo "$name exit code: $?"; tail -n 4 "$res/$name.log"
  pack
}
step bench $bin bench --sizes 64,128,256,512,1024 --modes gs,jacobi --out "$res/bench.json" "$@"
# Hierarchical XPBD (issue 13): the cloth cases 128² to 1024² with the hierarchy; each case also times the flat
# solver, the hierarchy without its fused small levels and the hierarchy solving every level (a cloth's level 1
# is only prolongated by default) in the same run, frame by frame in turn ("same_run": the ratios to the flat
# solver). Then the fused pass's settings, to choose the defaults on a GPU: up to 8192 coarse constraints
# fused (level 2 of a 128² cloth, 1,089 particles, then runs in shared memory too), and its work group at
# 1024 threads beside the default 256, at both bounds (the result is the same in all four).
step bench_hierarchy $bin bench --sizes 128,256,512,1024 --modes gs,jacobi --hierarchy --render-size 0 \
  --soft-bodies 0 --contacts-size 0 --out "$res/bench_hierarchy.json"
for fuse in 2048 8192; do
  for threads in 256 1024; do
    [ "$fuse" = 2048 ] && [ "$threads" = 256 ] && continue  # the run above
    step "bench_hierarchy_fuse${fuse}_threads${threads}" $bin bench --sizes 128,256,512 --modes gs,jacobi \
      --hierarchy --fuse-small-levels "$fuse" --coarse-threads "$threads" --frames 100 --render-size 0 \
      --soft-bodies 0 --contacts-size 0 --out "$res/bench_hierarchy_fuse${fuse}_threads${threads}.json"
  done
done
# Soft bodies and self-collision at GPU scale: 1000 Neo-Hookean blocks, a 512² self-colliding cloth.
step bench_bodies $bin bench --sizes 64 --modes gs,jacobi --render-size 0 --soft-bodies 1000 --contacts-size 512 \
  --out "$res/bench_bodies.json"
# Its log keeps the summary; its state.json (126 MB at 512²) and final.obj stay out of the results.
step large $bin run scenes/large_cloth.json --headless --frames 300 --out /tmp/vkxpbd-large
