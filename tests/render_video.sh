#!/bin/sh
# usage: render_video.sh OUT_DIR VKXPBD
# Renders 4 frames and checks that DIR/video.mp4 is written and is an MP4 (an 'ftyp' box at byte 4).
# Exits 77 (skipped) where ffmpeg is not installed; then render must say so on stdout instead.
out=$1
bin=$2
rm -rf "$out"
log=$("$bin" render --frames 4 --width 64 --height 48 --quiet --out "$out" 2>&1)
code=$?
printf '%s\n' "$log"
[ "$code" -eq 0 ] || { echo "render_video: exit code $code" >&2; exit 1; }
if ! command -v ffmpeg >/dev/null 2>&1; then
  printf '%s' "$log" | grep -q "no video: ffmpeg is not installed" || { echo "render_video: no notice" >&2; exit 1; }
  exit 77
fi
[ -s "$out/video.mp4" ] || { echo "render_video: no video.mp4" >&2; exit 1; }
[ "$(dd if="$out/video.mp4" bs=1 skip=4 count=4 2>/dev/null)" = "ftyp" ] || { echo "render_video: not MP4" >&2; exit 1; }
echo "render_video: $(wc -c <"$out/video.mp4") bytes"
