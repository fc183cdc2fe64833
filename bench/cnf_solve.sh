#!/usr/bin/env bash
# Solve time of the cadical binary on exported CNFs: median of 3 seeds.
# usage: bench/cnf_solve.sh LABEL "bel_pyramid args..." [timeout_s=300]
# e.g.   bench/cnf_solve.sh native4 "4" ; bench/cnf_solve.sh z3_4 "4 --cnf-encoder z3"
# Prints: LABEL seed times, median, result. Run from the repository root
# after building into build/. Do not run several of these in parallel.
set -euo pipefail
label=$1 args=$2 limit=${3:-300}
bin=${BEL_PYRAMID:-build/bel_pyramid}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# shellcheck disable=SC2086
"$bin" $args --cnf "$dir/f.cnf" --skip-solver >/dev/null
header=$(grep -m1 '^p cnf' "$dir/f.cnf")
times=() results=()
for seed in 1 2 3; do
  start=$(date +%s.%N)
  set +e
  timeout "$limit" cadical -q --seed="$seed" "$dir/f.cnf" >"$dir/cert" 2>/dev/null
  rc=$?
  set -e
  end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc)
  case $rc in 10) r=SAT ;; 20) r=UNSAT ;; 124) r=TIMEOUT ;; *) r=rc$rc ;; esac
  times+=("$(printf '%.2f' "$t")") results+=("$r")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
echo "$label | $header | seeds: ${times[*]} | median $median s | ${results[*]}"
