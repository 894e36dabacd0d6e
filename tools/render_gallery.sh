#!/bin/sh
# usage: tools/render_gallery.sh [VKXPBD] [SCENE.json ...]
# Renders one frame of every shipped scene (default: scenes/*.json) into docs/images/scenes/NAME.png,
# 480 x 300, with the scene's own camera or the framing one, so that docs/scenes.md shows what each scene
# does. The frame shown is 120 (2 s) unless the scene needs longer to show what its description says.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/vkxpbd}
[ $# -gt 0 ] && shift
scenes=${*:-$(ls "$root"/scenes/*.json)}
out=$root/docs/images/scenes
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for scene in $scenes; do
  name=$(basename "$scene" .json)
  case "$name" in
    cloth_fold | soft_pour | soft_stack) frame=240 ;;   # settled
    standard_cloth_*) frame=30 ;;                       # swinging through the bottom, hanging from its corners
    *) frame=120 ;;
  esac
  start=$(date +%s)
  "$bin" render "$scene" --frames "$frame" --every "$frame" --width 480 --height 300 --quiet --no-video \
    --out "$work/$name" > "$work/$name.log" 2>&1 || { cat "$work/$name.log"; exit 1; }
  cp "$work/$name/frame_$(printf %05d "$frame").png" "$out/$name.png"
  echo "$name: frame $frame in $(( $(date +%s) - start )) s"
done
