#!/bin/sh
# usage: capture_frame.sh OUT_DIR VKXPBD run [ARGS...]
# Runs `vkxpbd run ... --out OUT_DIR` with a RenderDoc capture asked for, saves its output to
# OUT_DIR/run.log (check_capture_labels.sh reads it), and passes when it exits 0, says which .rdc file
# it wrote and that file exists. Exits 77 (skipped) when RenderDoc is not installed.
out=$1
shift
rm -rf "$out"
mkdir -p "$out" || exit 1
"$@" --out "$out" >"$out/run.log" 2>&1
code=$?
cat "$out/run.log"
if grep -q "RenderDoc not available" "$out/run.log"; then
  echo "capture_frame: RenderDoc is not installed (librenderdoc); skipped" >&2
  exit 77
fi
if [ "$code" -ne 0 ]; then
  echo "capture_frame: exit code $code, expected 0" >&2
  exit 1
fi
rdc=$(sed -n 's/^captured frame [0-9]* to \(.*\.rdc\)$/\1/p' "$out/run.log")
if [ -z "$rdc" ] || [ ! -s "$rdc" ]; then
  echo "capture_frame: no .rdc file written (output lacks 'captured frame N to FILE.rdc')" >&2
  exit 1
fi
echo "capture_frame: $rdc, $(wc -c <"$rdc") bytes"
