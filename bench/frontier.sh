#!/usr/bin/env bash
# The frontier benchmark (doc/searches.md): the searches side by side on the hard
# N=5 rows, in one run, interleaved per seed (so a busy machine hits every
# method alike). Times are CPU seconds of one single-threaded run under a CPU
# limit (`ulimit -t`), which a shared machine skews far less than wall time;
# a run that hits the limit counts as the limit (marked *). Every answer is
# re-validated by the driver (build/search_driver); a run that fails (neither
# an answer nor the limit) stops the benchmark with one error line, exit 1.
#
# Usage: bench/frontier.sh [-b BUILD] [-r "SEEDS"] [-m "METHODS"] [-t CAP] [-y CAP] [-4]
#   -r  seeds (default "1 2 3 4 5 6 7 8 9 10")
#   -m  methods of search_driver (default "local"); a method may
#       carry driver settings, e.g. "LS_TMIN=0.10:local", and DRIVER=PATH
#       runs another build's driver (a baseline: "DRIVER=/tmp/old:local")
#   -t  CPU limit per run, N=5 no strategy (default 60)
#   -y  CPU limit per run, N=5 YStep + ConstructiveTripleDiagonal (default 120)
#   -4  add the N=4 row (limit 20 s)
#   -R  rows to run, of "four free fixed" (default "free fixed"; -4 adds four)
# KISSAT=/path/to/kissat adds kissat on the original's Z3-encoded CNF of the
# same rows (`bel_pyramid ARGS --cnf F --cnf-encoder z3 --skip-solver`; ~15 s
# and ~2 GB to write at N=5), seed --seed=S, same CPU limit.
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build seeds="1 2 3 4 5 6 7 8 9 10" methods="local"
cap_free=60 cap_fixed=120 rows="free fixed"
while getopts "b:r:m:t:y:R:4h" opt; do
  case $opt in
    b) build=$OPTARG ;;
    r) seeds=$OPTARG ;;
    m) methods=$OPTARG ;;
    t) cap_free=$OPTARG ;;
    y) cap_fixed=$OPTARG ;;
    4) rows="four $rows" ;;
    R) rows=$OPTARG ;;
    *) usage ;;
  esac
done
source "$here/scripts/median.sh"
fail() { echo "frontier.sh: error: $*" >&2; exit 1; }
driver=$build/search_driver
[ -x "$driver" ] || fail "$driver missing (cmake -S . -B $build -DBEL_PYRAMID_BENCH=ON && cmake --build $build)"
# kissat's rows need its binary and bel_pyramid (which writes the CNF and
# checks the answers): a missing one would count every run as capped.
if [ -n "${KISSAT:-}" ]; then
  [ -f "$KISSAT" ] && [ -x "$KISSAT" ] || fail "KISSAT=$KISSAT is not an executable file"
  [ -x "$build/bel_pyramid" ] || fail "$build/bel_pyramid missing (kissat's rows need it: cmake --build $build)"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# p90: the 90th percentile (nearest rank) of the numbers on standard input.
p90() { sort -g | awk '{a[NR]=$1} END {k=int(0.9*NR+0.999); if (k<1) k=1; print a[k]}'; }

# cpu_limit_or_none STATUS: a run that ended without an answer, by itself
# (0) or killed at the CPU limit (SIGXCPU, then SIGKILL at the hard limit).
# Anything else is a failure, never a run counted at the cap.
cpu_limit_or_none() { [ "$1" = 0 ] || [ "$1" = 152 ] || [ "$1" = 137 ]; }

# run_method METHOD CAP N [STRATEGY...]: prints "SAT|CAP CPU-SECONDS".
run_method() {
  local method=$1 cap=$2 n=$3 settings='' out status=0 run_driver=$driver kv env_settings=()
  shift 3
  if [[ $method == *:* ]]; then settings=${method%:*}; method=${method##*:}; fi
  for kv in ${settings//,/ }; do
    if [[ $kv == DRIVER=* ]]; then run_driver=${kv#DRIVER=}; else env_settings+=("$kv"); fi
  done
  out=$( (ulimit -t "$cap"; env "${env_settings[@]}" FIRST_SEED="$seed" nice -n 5 "$run_driver" "$method" "$n" 1 0 "$@") 2>/dev/null) || status=$?
  if [[ $out == *" SAT "* ]]; then
    echo "SAT $(echo "$out" | sed -n 's/.* cpu \([0-9.]*\) s.*/\1/p')"
  elif ! cpu_limit_or_none "$status"; then
    fail "$method, seed $seed: the driver failed (exit $status): ${out:-no output}"
  else
    echo "CAP $cap"
  fi
}

# run_kissat CNF CAP N [STRATEGY...]: kissat's answer is re-imported with
# --cert (which validates the solution) before it counts.
run_kissat() {
  local cnf=$1 cap=$2 n=$3 TIMEFORMAT='%3U %3S' status=0 cpu strategies=()
  shift 3
  for s in "$@"; do strategies+=(--strategy "$s"); done
  cpu=$({ time (ulimit -t "$cap"; nice -n 5 "$KISSAT" --seed="$seed" "$cnf" >"$work/cert" 2>/dev/null); } 2>&1) || status=$?
  cpu=$(echo "$cpu" | tail -n 1 | awk '{print $1 + $2}')
  if [ "$status" != 10 ]; then
    cpu_limit_or_none "$status" ||
      fail "kissat, seed $seed: exit $status (10 SAT, 0 or killed at the CPU limit expected)"
    echo "CAP $cap"
    return
  fi
  if "$build/bel_pyramid" "$n" "${strategies[@]}" --cnf-encoder z3 --cert "$work/cert" >/dev/null 2>&1; then
    echo "SAT $cpu"
  else
    echo "INVALID $cap"
  fi
}

# One row: every seed, every method in turn.
row() {
  local label=$1 cap=$2 n=$3
  shift 3
  local all_methods=$methods
  if [ -n "${KISSAT:-}" ]; then
    local cnf=$work/row.cnf strategies=()
    for s in "$@"; do strategies+=(--strategy "$s"); done
    "$build/bel_pyramid" "$n" "${strategies[@]}" --cnf "$cnf" --cnf-encoder z3 --skip-solver >/dev/null
    all_methods="$methods kissat-z3cnf"
  fi
  for m in $all_methods; do : > "$work/${m//\//_}.times"; done
  for seed in $seeds; do
    for m in $all_methods; do
      if [ "$m" = kissat-z3cnf ]; then r=$(run_kissat "$cnf" "$cap" "$n" "$@"); else r=$(run_method "$m" "$cap" "$n" "$@"); fi
      echo "$r" >> "$work/${m//\//_}.times"
    done
  done
  echo "$label (CPU limit $cap s, seeds $seeds)"
  local base=''
  for m in $all_methods; do
    local times med p solved runs
    times=$(awk '{print $2}' "$work/${m//\//_}.times")
    med=$(echo "$times" | median)
    p=$(echo "$times" | p90)
    solved=$(grep -c '^SAT' "$work/${m//\//_}.times" || true)
    runs=$(awk '{printf "%s%s ", $2, ($1 == "SAT" ? "" : "*")}' "$work/${m//\//_}.times")
    [ -z "$base" ] && base=$med
    printf '  %-22s median %8.2f s  p90 %8.2f s  solved %2d/%d  vs %s: %6.2fx   runs: %s\n' \
      "$m" "$med" "$p" "$solved" "$(echo $seeds | wc -w)" "${methods%% *}" \
      "$(awk -v a="$base" -v b="$med" 'BEGIN {print (b > 0 ? a / b : 0)}')" "$runs"
  done
}

echo "bel_pyramid frontier benchmark, $(date -u +%FT%TZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "commit $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?'); times: CPU seconds; * = gave up at the limit (counted at the limit)"
for r in $rows; do
  case $r in
    four) row "N=4" 20 4 ;;
    free) row "N=5, no strategy" "$cap_free" 5 ;;
    fixed) row "N=5, YStep + ConstructiveTripleDiagonal" "$cap_fixed" 5 YStep ConstructiveTripleDiagonal ;;
    *) echo "frontier.sh: error: unknown row \"$r\" (four, free, fixed)" >&2; exit 2 ;;
  esac
done
