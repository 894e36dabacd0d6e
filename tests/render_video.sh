#!/bin/sh
# usage: render_video.sh OUT_DIR VKXPBD [window]
# Records a few frames and checks that OUT_DIR/video.mp4 is an MP4 (an 'ftyp' box at byte 4) holding as many
# frames as PNG files were written, at the PNGs' size (ffprobe). Without "window" the frames come from
# `render` (64×48); with it, from the window app under Xvfb (`run --record`, validation on).
# Exits 77 (skipped) where ffmpeg is not installed (or, for the window, xvfb-run); then the command must
# say so on stdout instead.
out=$1
bin=$2
mode=${3:-render}
rm -rf "$out"
if [ "$mode" = window ]; then
  command -v xvfb-run >/dev/null 2>&1 || exit 77
  log=$(xvfb-run -a -s '-screen 0 1280x720x24' "$bin" run --frames 4 --record "$out" --validation 2>&1)
  code=$?
  frames=4
  width=1280
  height=720
else
  log=$("$bin" render --frames 4 --width 64 --height 48 --quiet --out "$out" 2>&1)
  code=$?
  frames=5 # frames 0..4
  width=64
  height=48
fi
printf '%s\n' "$log"
[ "$code" -eq 0 ] || { echo "render_video: exit code $code" >&2; exit 1; }
if ! command -v ffmpeg >/dev/null 2>&1; then
  printf '%s' "$log" | grep -q "no video: ffmpeg is not installed" || { echo "render_video: no notice" >&2; exit 1; }
  exit 77
fi
[ -s "$out/video.mp4" ] || { echo "render_video: no video.mp4" >&2; exit 1; }
[ "$(dd if="$out/video.mp4" bs=1 skip=4 count=4 2>/dev/null)" = "ftyp" ] || { echo "render_video: not MP4" >&2; exit 1; }
pngs=$(ls "$out"/frame_*.png | wc -l)
[ "$pngs" -eq "$frames" ] || { echo "render_video: $pngs PNG frames, expected $frames" >&2; exit 1; }
if command -v ffprobe >/dev/null 2>&1; then
  # Frames decoded, width and height of the first video stream; sizes are padded to even by one pixel.
  got=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames,width,height \
        -of csv=p=0 "$out/video.mp4")
  want="$(( (width + 1) / 2 * 2 )),$(( (height + 1) / 2 * 2 )),$pngs"
  [ "$got" = "$want" ] || { echo "render_video: ffprobe says '$got' (width,height,frames), expected '$want'" >&2; exit 1; }
fi
echo "render_video: $(wc -c <"$out/video.mp4") bytes, $pngs frames"
