#!/usr/bin/env bash
# Downloads (here, on a machine with Debian's package lists) what tools/device-bench.sh needs on the GPU
# machine and that a bare machine lacks, as .deb files in .gl/ (ignored by git), to be carried there and
# unpacked by device-bench.sh: the Vulkan loader, the Khronos validation layer, the GL vendor-neutral
# dispatch libraries that NVIDIA's Vulkan ICD loads, and the two shared libraries our binaries link
# (stb and tinyobjloader, which the GPU machine's image does not have), and the plots' font.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .git/info && { grep -qx '/.gl/' .git/info/exclude 2>/dev/null || echo /.gl/ >>.git/info/exclude; }
mkdir -p .gl /tmp/amd64/partial
opts=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64)
apt-get "${opts[@]}" update -qq
(cd .gl && apt-get "${opts[@]}" download libvulkan1 vulkan-validationlayers libegl1 libglvnd0 libopengl0 libgl1 libglx0 \
  libgles2 libstb0 libtinyobjloader2rc10 fonts-dejavu-core)
ls -l .gl
