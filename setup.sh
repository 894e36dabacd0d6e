#!/usr/bin/env bash
# vkxpbd, command 1: install the missing Debian packages, build (Release), and simulate the built-in
# default scene headless on the best Vulkan device (lavapipe when there is no GPU).
#   ./setup.sh            install + build + run
#   ./setup.sh --no-run   install + build only
set -euo pipefail
cd "$(dirname "$0")"

./tools/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release ${VKXPBD_CMAKE_ARGS:-}
cmake --build build -j"$(nproc)"

if [ "${1:-}" != "--no-run" ]; then
  # Mesa prints a harmless warning when XDG_RUNTIME_DIR is unset.
  export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-$(mktemp -d)}"
  ./build/vkxpbd run --headless --frames 120 --out out/default
fi
