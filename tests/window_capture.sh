#!/bin/sh
# usage: window_capture.sh OUT_DIR VKXPBD
# Runs the window app under Xvfb for 6 displayed frames with a RenderDoc capture of displayed frame 3,
# then checks that the capture file exists. Exits 77 (skipped) without xvfb-run or RenderDoc.
out=$1
bin=$2
command -v xvfb-run >/dev/null 2>&1 || exit 77
rm -rf "$out"
mkdir -p "$out" || exit 1
xvfb-run -a -s '-screen 0 1280x720x24' "$bin" run --frames 6 --capture-frame 3 --validation --out "$out" \
  >"$out/run.log" 2>&1
code=$?
cat "$out/run.log"
grep -q "RenderDoc not available" "$out/run.log" && exit 77
[ "$code" -eq 0 ] || { echo "window_capture: exit code $code" >&2; exit 1; }
grep -q "no display: running headless" "$out/run.log" && { echo "window_capture: no window" >&2; exit 1; }
grep -q "validation messages: 0" "$out/run.log" || { echo "window_capture: validation messages" >&2; exit 1; }
rdc=$(sed -n 's/^captured displayed frame 3 to \(.*\.rdc\)$/\1/p' "$out/run.log")
[ -n "$rdc" ] && [ -s "$rdc" ] || { echo "window_capture: no capture file" >&2; exit 1; }
echo "window_capture: $rdc, $(wc -c <"$rdc") bytes"
