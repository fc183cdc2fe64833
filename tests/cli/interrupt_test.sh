#!/usr/bin/env bash
# Ctrl-C during a search stops it with the interrupted message and exit 130
# (SIGTERM: 143), with Z3 too; SIGTERM during an export leaves no temporary or
# partial file behind.
set -euo pipefail
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$bin" 6 --solver local --json "$dir/run.json" > "$dir/out" 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 130 ] || { echo "exit $status, expected 130"; cat "$dir/out"; exit 1; }
grep -q '^Solver interrupted after ' "$dir/out"
grep -q '"status": "interrupted"' "$dir/run.json"  # --json reports the interruption too

# Z3 (inside its check(), where it would catch SIGINT itself) stops the same
# way: 130 for SIGINT, 143 for SIGTERM, JSON status "interrupted".
for signal in INT TERM; do
  "$bin" 4 --solver z3 --json "$dir/z3.json" > "$dir/z3" 2>&1 &
  pid=$!
  sleep 1.5
  kill -s "$signal" "$pid"
  status=0
  wait "$pid" || status=$?
  want=$([ "$signal" = INT ] && echo 130 || echo 143)
  [ "$status" -eq "$want" ] || { echo "z3, SIG$signal: exit $status, expected $want"; cat "$dir/z3"; exit 1; }
  grep -q '^Solver interrupted after [0-9.]* seconds\.$' "$dir/z3" || { cat "$dir/z3"; exit 1; }
  grep -q '"status": "interrupted"' "$dir/z3.json"
done

# Counting: Ctrl-C prints the partial count as a lower bound, exit 130.
"$bin" 3 --count > "$dir/count" 2>&1 &
pid=$!
sleep 1
kill -INT "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 130 ] || { echo "count: exit $status, expected 130"; cat "$dir/count"; exit 1; }
grep -q '^Solver interrupted after ' "$dir/count"
grep -q '^Solutions: at least [0-9]*$' "$dir/count"

"$bin" 5 --cnf "$dir/bp5.cnf.xz" --skip-solver > /dev/null 2>&1 &
pid=$!
sleep 0.2
kill -TERM "$pid" 2>/dev/null || true
wait "$pid" || true
if compgen -G "$dir/*.tmp-*" > /dev/null; then
  echo "temporary file left behind:"; ls "$dir"; exit 1
fi
echo "interrupts: search, z3 and count stopped with 130/143, export left no temporary file"
