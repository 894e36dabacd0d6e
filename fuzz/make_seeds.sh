#!/bin/sh
# usage: make_seeds.sh OUT_DIR
# Writes the seed corpora of the fuzz targets into OUT_DIR/{scene,obj,tetgen,sdf}: the shipped scenes, the
# test data and the bad-input corpus, in each target's input format (fuzz/fuzz_*.cpp).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=$1
rm -rf "$out"
mkdir -p "$out/scene" "$out/obj" "$out/tetgen" "$out/sdf"
for f in "$root"/scenes/*.json "$root"/tests/data/*.json "$root"/tests/bad_input/scenes/*.json; do
  case "$f" in *deep_*) continue ;; esac  # 150 kB of brackets: slows the fuzzer, adds nothing
  cp "$f" "$out/scene/$(basename "$(dirname "$f")")_$(basename "$f")"
done
# OBJ inputs: 4 bytes of weld distance (obj) or cell size (sdf) as a little-endian float, then the text.
for f in "$root"/scenes/meshes/*.obj "$root"/tests/data/meshes/*.obj "$root"/tests/bad_input/meshes/*.obj; do
  name=$(basename "$(dirname "$f")")_$(basename "$f")
  { printf '\000\000\000\000'; cat "$f"; } > "$out/obj/$name"            # weld 0
  { printf '\315\314\314\075'; cat "$f"; } > "$out/obj/weld01_$name"     # weld 0.1 m
  { printf '\315\314\314\075'; cat "$f"; } > "$out/sdf/$name"            # cell 0.1 m
done
# TetGen inputs: the .node text, a line "@@ele", the .ele text.
# Each .ele with the .node of its name, or else with the folder's first .node.
for ele in "$root"/tests/data/meshes/*.ele "$root"/tests/bad_input/meshes/*.ele; do
  dir=$(dirname "$ele")
  node=$dir/$(basename "$ele" .ele).node
  [ -f "$node" ] || node=$(ls "$dir"/*.node | head -n 1)
  { cat "$node"; printf '\n@@ele\n'; cat "$ele"; } > "$out/tetgen/$(basename "$dir")_$(basename "$ele" .ele)"
done
for node in "$root"/tests/bad_input/meshes/*.node; do
  { cat "$node"; printf '\n@@ele\n'; cat "$root/tests/bad_input/meshes/tet.ele"; } > "$out/tetgen/node_$(basename "$node" .node)"
done
