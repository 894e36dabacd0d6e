#!/bin/sh
# usage: check_capture_labels.sh OUT_DIR
# Reads the capture written by capture_frame.sh into OUT_DIR (its run.log names the .rdc file, the
# colour count, substeps and iterations), converts it to XML with `renderdoccmd convert` and checks
# the solver's debug labels: one "solve colour=c s=S it=I" per colour, iteration and substep
# in recording order, and "predict s=S" ... "update velocity s=S" bracketing each substep in turn.
# Exits 77 (skipped) when renderdoccmd is missing or no capture was written.
out=$1
log="$out/run.log"
fail() {
  echo "check_capture_labels: $*" >&2
  exit 1
}
command -v renderdoccmd >/dev/null 2>&1 || { echo "check_capture_labels: renderdoccmd missing; skipped" >&2; exit 77; }
[ -f "$log" ] || { echo "check_capture_labels: $log missing; skipped" >&2; exit 77; }
rdc=$(sed -n 's/^captured frame [0-9]* to \(.*\.rdc\)$/\1/p' "$log")
[ -n "$rdc" ] && [ -s "$rdc" ] || { echo "check_capture_labels: no capture in $log; skipped" >&2; exit 77; }

colours=$(sed -n 's/^colours: \([0-9][0-9]*\).*/\1/p' "$log")
substeps=$(sed -n 's/^solver: .*, \([0-9][0-9]*\) substeps x \([0-9][0-9]*\) iterations.*/\1/p' "$log")
iterations=$(sed -n 's/^solver: .*, \([0-9][0-9]*\) substeps x \([0-9][0-9]*\) iterations.*/\2/p' "$log")
[ -n "$colours" ] && [ -n "$substeps" ] && [ -n "$iterations" ] ||
  fail "cannot read 'colours: N' and 'S substeps x I iterations' from $log"

xml="$out/capture.xml"
renderdoccmd convert -f "$rdc" -o "$xml" -c xml || fail "renderdoccmd convert failed"
# Every debug label, in recording order, one a line.
labels="$out/labels.txt"
sed -n 's/.*<string name="pLabelName"[^>]*>\([^<]*\)<\/string>.*/\1/p' "$xml" >"$labels"
echo "check_capture_labels: $(wc -l <"$labels") labels in $rdc"

expected=$((colours * substeps * iterations))
got=$(grep -c '^solve colour=' "$labels")
[ "$got" -eq "$expected" ] ||
  fail "$got 'solve colour=' labels, expected $colours colours x $substeps substeps x $iterations iterations = $expected"

# The colour passes in order: substep, then iteration, then colour.
want="$out/labels_expected.txt"
: >"$want"
s=0
while [ "$s" -lt "$substeps" ]; do
  it=0
  while [ "$it" -lt "$iterations" ]; do
    c=0
    while [ "$c" -lt "$colours" ]; do
      echo "solve colour=$c s=$s it=$it" >>"$want"
      c=$((c + 1))
    done
    it=$((it + 1))
  done
  s=$((s + 1))
done
grep '^solve colour=' "$labels" | cmp -s - "$want" || fail "colour passes out of order (see $labels)"

# Each substep: "substep s" < "predict s=s" < its colour passes < "update velocity s=s" < "predict s=s+1".
awk -v S="$substeps" '
  { line[$0] = line[$0] ? line[$0] : NR; last[$0] = NR }
  /^solve colour=/ { split($0, f, " "); sub("s=", "", f[4]); if (!(f[4] in first)) first[f[4]] = NR; lastsolve[f[4]] = NR }
  END {
    prev = 0
    for (s = 0; s < S; s++) {
      g = line["substep " s]; p = line["predict s=" s]; u = line["update velocity s=" s]
      if (!g || !p || !u) { print "missing substep/predict/update velocity label for s=" s; exit 1 }
      if (last["predict s=" s] != p || last["update velocity s=" s] != u) { print "s=" s " labelled twice"; exit 1 }
      inside = !(s in first) || (p < first[s] && lastsolve[s] < u)
      if (!(prev < g && g < p && p < u && inside)) { print "labels of substep " s " out of order"; exit 1 }
      prev = u
    }
  }' "$labels" || fail "substep labels wrong (see $labels)"
echo "check_capture_labels: $got colour passes ($colours x $substeps x $iterations) in order; predict/update velocity bracket all $substeps substeps"
