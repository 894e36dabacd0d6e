#!/usr/bin/env bash
# usage: run_corpus.sh VKXPBD CATEGORY [CASES_FILE]
# Runs every case of CATEGORY in cases.tsv (written by make_cases.py): the command must exit with the
# case's code within 60 s, its output (stdout + stderr) must contain the case's text (the file and the field
# or element; parts separated by ' && ' may appear apart), and it must print no sanitizer report. Prints each failure and a summary; exits 1 on any.
set -u
vkxpbd=$1
category=$2
here=$(cd "$(dirname "$0")" && pwd)
cases=${3:-$here/cases.tsv}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_RUNTIME_DIR=$work
passed=0
failed=0
n=0
while IFS=$'\t' read -r cat code text cmdline; do
  case "$cat" in "#"*|"") continue ;; esac
  [ "$cat" = "$category" ] || continue
  n=$((n + 1))
  out=$work/out$n
  cmdline=${cmdline//@DIR@/$here}
  cmdline=${cmdline//@OUT@/$out}
  text=${text//@DIR@/$here}
  eval "set -- $cmdline"
  output=$(cd "$work" && timeout 60 "$vkxpbd" "$@" 2>&1 </dev/null)
  got=$?
  why=""
  if [ "$got" -ne "$code" ]; then
    why="exit code $got, expected $code"
  else
    # The text may list several parts separated by " && ": each must appear.
    rest=$text
    while [ -n "$rest" ]; do
      part=${rest%% && *}
      [ "$part" = "$rest" ] && rest="" || rest=${rest#* && }
      [[ "$output" == *"$part"* ]] || why="output lacks: $part"
    done
  fi
  if [ -n "$why" ]; then
    :
  elif [[ "$output" == *"runtime error:"* || "$output" == *"Sanitizer"* ]]; then
    why="sanitizer report"
  fi
  if [ -n "$why" ]; then
    failed=$((failed + 1))
    printf 'FAIL %s: %s\n  vkxpbd %s\n%s\n' "$category" "$why" "$cmdline" "$(printf '%s\n' "$output" | head -c 2000)"
  else
    passed=$((passed + 1))
  fi
done < "$cases"
echo "bad-input corpus, $category: $passed passed, $failed failed"
[ "$n" -gt 0 ] && [ "$failed" -eq 0 ]
