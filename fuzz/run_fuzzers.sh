#!/bin/sh
# usage: run_fuzzers.sh BUILD_DIR SECONDS [TARGET...]
# Runs each fuzz target (default: all four) for SECONDS under ASan + UBSan (a build with -DVKXPBD_FUZZ=ON),
# starting from the seed corpora (make_seeds.sh) and the crash regressions (fuzz/regressions/TARGET).
# A finding is written to BUILD_DIR/fuzz-findings/TARGET/ and makes the script fail: add the input to
# fuzz/regressions/TARGET/ once fixed, where every build's tests replay it (tests/CMakeLists.txt).
set -u
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
seconds=$2
shift 2
targets=${*:-scene obj tetgen sdf}
"$here/make_seeds.sh" "$build/fuzz-seeds"
status=0
for t in $targets; do
  work=$build/fuzz-corpus/$t
  findings=$build/fuzz-findings/$t
  mkdir -p "$work" "$findings"
  # Runs from an empty folder: file names in fuzzed scenes resolve to nothing there.
  scratch=$(mktemp -d)
  start=$(date +%s)
  (cd "$scratch" && "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
     -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" "$work" "$build/fuzz-seeds/$t" \
     "$here/regressions/$t") > "$build/fuzz-$t.log" 2>&1
  code=$?
  rm -rf "$scratch"
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$build/fuzz-$t.log" | grep -o '[0-9]*$')
  echo "fuzz_$t: exit $code after $(( $(date +%s) - start )) s, ${runs:-?} inputs, corpus $(ls "$work" | wc -l) files"
  if [ "$code" -ne 0 ]; then
    status=1
    tail -n 40 "$build/fuzz-$t.log"
    ls -l "$findings"
  fi
done
exit $status
