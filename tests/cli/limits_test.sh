#!/usr/bin/env bash
# --timeout and Ctrl-C hold while the model is still being built: N=7 spends
# seconds in the native encoding + clause transfer (cadical) or the Z3
# lowering before any search starts. Usage: limits_test.sh BIN CASE
#   timeout-SOLVER    bel_pyramid 7 --solver SOLVER --timeout 2 exits 3 within LIMIT s
#   interrupt-SOLVER  SIGINT after 1 s exits 130 ("Solver interrupted") within 1+LIMIT s
# LIMIT (default 4) is generous for sanitizer builds; the measured figure is printed.
set -euo pipefail
bin=$1 case=$2 limit=${LIMIT:-4}
out=$(mktemp)
trap 'rm -f "$out"' EXIT
now() { date +%s.%N; }
solver=${case#*-}
# The bare puzzle's portfolio at N=7 is the construction, which answers in
# about a second: a strategy keeps it out, and the portfolio races local
# search and CaDiCaL, whose encoding takes seconds.
extra=()
[ "$solver" = portfolio ] && extra=(--strategy YStep)

start=$(now)
status=0
if [[ $case == timeout-* ]]; then
  "$bin" 7 --solver "$solver" "${extra[@]}" --timeout 2 > "$out" 2>&1 || status=$?
  expected=3 message='^Solver gave up after [0-9.]* seconds: .*time limit'
  budget=$(echo "2 + $limit" | bc)
else
  "$bin" 7 --solver "$solver" "${extra[@]}" > "$out" 2>&1 &
  pid=$!
  sleep 1
  kill -INT "$pid"
  wait "$pid" || status=$?
  expected=130 message='^Solver interrupted after '
  budget=$(echo "1 + $limit" | bc)
fi
elapsed=$(echo "$(now) - $start" | bc)
echo "$case: exit $status after $elapsed s (bound $budget s)"
[ "$status" -eq "$expected" ] || { echo "exit $status, expected $expected"; cat "$out"; exit 1; }
grep -q "$message" "$out" || { echo "missing \"$message\""; cat "$out"; exit 1; }
[ "$(echo "$elapsed < $budget" | bc)" -eq 1 ] || { echo "too slow"; exit 1; }
