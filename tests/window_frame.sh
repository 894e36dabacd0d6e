#!/bin/sh
# usage: window_frame.sh OUT_DIR VKXPBD CHECKER [SCENE]
# Records 3 displayed frames of the window app under Xvfb (run --record, validation on) and checks the
# last with window_frame_check: the bodies lie in the 3D view right of the docked panel (400 px wide at
# start) and are centred there. Exits 77 (skipped) without xvfb-run.
out=$1
bin=$2
check=$3
shift 3
command -v xvfb-run >/dev/null 2>&1 || exit 77
rm -rf "$out"
mkdir -p "$out" || exit 1
xvfb-run -a -s '-screen 0 1280x720x24' "$bin" run "$@" --frames 3 --record "$out/frames" --validation \
  --out "$out" >"$out/run.log" 2>&1
code=$?
cat "$out/run.log"
[ "$code" -eq 0 ] || { echo "window_frame: exit code $code" >&2; exit 1; }
grep -q "no display: running headless" "$out/run.log" && { echo "window_frame: no window" >&2; exit 1; }
grep -q "validation messages: 0" "$out/run.log" || { echo "window_frame: validation messages" >&2; exit 1; }
grep -q "recorded 3 window frames" "$out/run.log" || { echo "window_frame: not 3 frames recorded" >&2; exit 1; }
exec "$check" "$out/frames/frame_00002.png" 400
