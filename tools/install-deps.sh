#!/usr/bin/env bash
# Installs the Debian 12 packages vkxpbd needs; does nothing for packages already present.
# Uses sudo when not run as root. Safe to run any number of times.
set -euo pipefail

packages=(
  # toolchain
  cmake g++ pkg-config ninja-build
  # Vulkan: loader + headers, lavapipe (CPU device), validation layers, tools, volk
  libvulkan-dev mesa-vulkan-drivers vulkan-tools vulkan-validationlayers libvulkan-volk-dev
  # shader compilers
  glslang-tools glslang-dev glslc spirv-tools
  # libraries
  libglfw3-dev libglm-dev nlohmann-json3-dev libtinyobjloader-dev libimgui-dev libstb-dev fonts-dejavu-core tetgen
  # convergence lab: the Newton reference
  libeigen3-dev
  # tests and headless windows
  libgtest-dev xvfb
  # RenderDoc frame capture (vkxpbd run --capture-frame; docs/profiling.md)
  librenderdoc renderdoccmd librenderdoc-dev
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: not root and no sudo; install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
