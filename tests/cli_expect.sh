#!/bin/sh
# usage: cli_expect.sh EXPECTED_EXIT_CODE TEXT COMMAND [ARGS...]
# Runs COMMAND; passes when it exits with EXPECTED_EXIT_CODE and its output (stdout + stderr) contains TEXT
# (parts of TEXT separated by ' && ' may appear apart, each must appear).
expected=$1
text=$2
shift 2
output=$("$@" 2>&1)
code=$?
printf '%s\n' "$output"
if [ "$code" -ne "$expected" ]; then
  echo "cli_expect: exit code $code, expected $expected" >&2
  exit 1
fi
rest=$text
while [ -n "$rest" ]; do
  part=${rest%% && *}
  if [ "$part" = "$rest" ]; then rest=""; else rest=${rest#* && }; fi
  case "$output" in
    *"$part"*) ;;
    *) echo "cli_expect: output lacks: $part" >&2; exit 1 ;;
  esac
done
exit 0
