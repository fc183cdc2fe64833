#!/usr/bin/env bash
# A stop signalled twice, as `timeout` does (to the process and to its group),
# is one request: a threaded search always ends with its final checkpoint, its
# JSON (status "interrupted") and the "Solver interrupted" line, and exits
# 128 + the signal (130 for SIGINT, 143 for SIGTERM).
# Usage: stop_test.sh BIN [REPETITIONS]   (default 100; the runs cycle
# through local search on 2 threads and the portfolio, SIGINT and SIGTERM)
set -euo pipefail
bin=$1 repetitions=${2:-100}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

configs=("--solver local --threads 2" "--solver portfolio")
signals=(INT TERM)
declare -A expected=([INT]=130 [TERM]=143)
# Prints what the stopped run failed to leave behind; nothing when all is there.
what_was_lost() {
  local status=$1 want=$2 resumed=0
  if [ "$status" -ne "$want" ]; then
    echo "exit $status, expected $want"
  elif ! grep -q '^Solver interrupted after ' "$dir/out"; then
    echo "no 'Solver interrupted' line"
  elif ! python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["status"] == "interrupted"' \
    "$dir/run.json" 2> /dev/null; then
    echo "no JSON with status interrupted"
  else
    # The checkpoint must resume: a short run from it ends by its time limit (3).
    "$bin" 4 --strategy ConstructiveBottom --solver local --resume "$dir/run.ckpt" \
      --timeout 0.01 > /dev/null 2>&1 || resumed=$?
    [ "$resumed" -eq 3 ] || echo "the checkpoint cannot be resumed (exit $resumed)"
  fi
}

failures=0
for ((i = 0; i < repetitions; i++)); do
  config=${configs[i % 2]} signal=${signals[(i / 2) % 2]}
  rm -f "$dir"/*
  # A group of its own, so that the whole group can be signalled.
  # shellcheck disable=SC2086
  setsid "$bin" 4 --strategy ConstructiveBottom $config --seed "$i" \
    --checkpoint "$dir/run.ckpt" --json "$dir/run.json" > "$dir/out" 2>&1 &
  pid=$!
  # Signal a search, not a start-up: before its handlers exist a process
  # ignores SIGINT (a background job) or dies of SIGTERM.
  for ((wait_tenths = 0; wait_tenths < 300; wait_tenths++)); do
    grep -q '^Starting solver' "$dir/out" 2> /dev/null && break
    sleep 0.1
  done
  sleep 0.1
  kill -s "$signal" "$pid" 2> /dev/null || true
  sleep 0.01  # the second copy arrives while the first is being handled
  kill -s "$signal" -- "-$pid" 2> /dev/null || true
  status=0
  wait "$pid" || status=$?
  problem=$(what_was_lost "$status" "${expected[$signal]}")
  if [ -n "$problem" ]; then
    echo "run $i ($config, SIG$signal twice): $problem"
    sed 's/^/  | /' "$dir/out"
    failures=$((failures + 1))
  fi
done
echo "stops: $failures of $repetitions runs lost a final write"
[ "$failures" -eq 0 ]
