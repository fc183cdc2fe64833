#!/usr/bin/env bash
# Local search benchmark: median time to solution over 5 seeds for
# N=3, N=4, N=5 (no strategy) and N=5 YStep + ConstructiveTripleDiagonal,
# through the CLI (`--solver local --seed K --timeout T`), then the Z3 path on
# N=4 for a ratio, and moves per second from bench/tune_local.
# Runs one process at a time (the machine is shared); a timeout counts as the
# limit in the median and is reported as unsolved.
#   bench/local_search.sh [BUILD_DIR] [N5_TIMEOUT] [N5_STRATEGY_TIMEOUT] [Z3_TIMEOUT]
set -euo pipefail
build=${1:-build}
n5_timeout=${2:-300}
n5_strategy_timeout=${3:-60}
z3_timeout=${4:-300}
bin="$build/bel_pyramid"
source "$(dirname "$0")/../scripts/median.sh"
[ -x "$build/tune_local" ] || { echo "local_search.sh: error: $build/tune_local missing (cmake -S . -B $build -DBEL_PYRAMID_BENCH=ON && cmake --build $build)" >&2; exit 1; }
seeds=(1 2 3 4 5)

# Seconds of one run, "*" appended when it gave up.
one_run() {
  local out
  out=$("$bin" "$@" 2>/dev/null || true)
  if [[ $out =~ Solver\ finished\ in\ ([0-9.]+)\ seconds ]]; then
    echo "${BASH_REMATCH[1]}"
  elif [[ $out =~ Solver\ gave\ up\ after\ ([0-9.]+)\ seconds ]]; then
    echo "${BASH_REMATCH[1]}*"
  else
    echo "error"
  fi
}


row() {
  local label=$1 timeout=$2
  shift 2
  local times=()
  for seed in "${seeds[@]}"; do times+=("$(one_run "$@" --solver local --seed "$seed" --timeout "$timeout")"); done
  printf '%-34s median %8s s   runs: %s\n' "$label" "$(echo "${times[*]}" | tr ' ' '\n' | tr -d '*' | median)" "${times[*]}"
}

echo "bel_pyramid local search benchmark, $(date -u +%FT%TZ), $(nproc) cores, seeds ${seeds[*]}"
row "N=3" 60 3
row "N=4" 60 4
row "N=5" "$n5_timeout" 5
row "N=5 YStep+ConstructiveTripleDiagonal" "$n5_strategy_timeout" 5 --strategy YStep --strategy ConstructiveTripleDiagonal
printf '%-34s %8s s\n' "Z3 (qffd) N=4, seed 1" "$(one_run 4 --seed 1 --timeout "$z3_timeout")"
echo "moves per second (10 s on N=5 XStep+YStep, never solved):"
"$build/tune_local" 5 1 10 - 0 0 0 XStep YStep | sed 's/^/  /'
"$build/tune_local" 5 1 10 - 0 0 0 | sed 's/^/  (N=5, no strategy) /'
echo "(* = gave up at the time limit; counted at the limit in the median)"
