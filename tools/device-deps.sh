#!/usr/bin/env bash
# Downloads (here, on a machine with Debian's package lists) what tools/device-bench.sh needs on the GPU
# machine and that a bare machine lacks: the Vulkan loader and the Khronos validation layer, as .deb
# files in .gl/ (ignored by git), to be carried there and unpacked by device-bench.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
grep -qx '/.gl/' .git/info/exclude 2>/dev/null || echo /.gl/ >>.git/info/exclude
mkdir -p .gl /tmp/amd64/partial
opts=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64)
apt-get "${opts[@]}" update -qq
(cd .gl && apt-get "${opts[@]}" download libvulkan1 vulkan-validationlayers)
ls -l .gl
