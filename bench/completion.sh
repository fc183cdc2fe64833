#!/usr/bin/env bash
# The construction's Z lines, several ways, on the same seeds in one run: the
# whole native formulation with CaDiCaL (`--hypothesis ColumnStep.hyp
# --solver cadical --cnf-tune completion=off`, the baseline), the
# exact-cover completion that `--solver construct` uses
# (src/solvers/completion.hpp: pairwise at-most-one, CaDiCaL's "sat"
# configuration), the completion with the sequential at-most-one
# (completion-sequential), and with CaDiCaL's default configuration
# (completion-default). Prints CPU seconds (user + system; the
# machine may be shared) and peak memory per run, then per N and way the
# median, the solved count and the ratio of medians to the baseline.
# Usage: bench/completion.sh [-n "N ..."] [-s "SEED ..."] [-t LIMIT] [-w "WAYS"]
#   defaults: -n "6 7" -s "1 2 3 4 5 6 7 8 9 10" -t 300 -w "full completion completion-default"
set -euo pipefail
usage() { sed -n '2,${/^#/!q;s/^# \{0,1\}//;p;}' "$0" >&2; exit 2; }
cd "$(dirname "$0")/.."
levels="6 7" seeds="1 2 3 4 5 6 7 8 9 10" limit=300 ways="full completion completion-default"
while getopts "n:s:t:w:h" opt; do
  case $opt in
    n) levels=$OPTARG ;;
    s) seeds=$OPTARG ;;
    t) limit=$OPTARG ;;
    w) ways=$OPTARG ;;
    *) usage ;;
  esac
done
bin=${BEL_PYRAMID:-build/bel_pyramid}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# CPU seconds of one run, with a "*" when it did not answer (found or refuted).
run() {
  local n=$1 way=$2 seed=$3 args status=0
  case $way in
    full) args=(--hypothesis doc/hypotheses/ColumnStep.hyp --solver cadical --cnf-tune completion=off) ;;
    completion) args=(--solver construct) ;;
    completion-default) args=(--solver construct --cnf-tune cadical-config=default) ;;
    completion-sequential) args=(--solver construct --cnf-tune completion-amo=sequential) ;;
    *) echo "completion.sh: unknown way '$way'" >&2; exit 2 ;;
  esac
  /usr/bin/time -o "$tmp" -f "%U %S %M" "$bin" "$n" "${args[@]}" --seed "$seed" --timeout "$limit" \
    --sat-exit-codes -q >/dev/null 2>&1 || status=$?
  tail -n 1 "$tmp" | awk -v s="$status" '{ printf "%.2f%s %d\n", $1 + $2, s == 10 || s == 20 ? "" : "*", $3 / 1024 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| N | way | CPU s per seed ($seeds) | peak MB | median CPU s | answered | vs first |"
echo "|---|---|---|---:|---:|---:|---:|"
for n in $levels; do
  base=""
  for way in $ways; do
    times=() peak=0 solved=0
    for seed in $seeds; do
      read -r t mb < <(run "$n" "$way" "$seed")
      times+=("$t")
      [[ $t == *'*' ]] || solved=$((solved + 1))
      if ((mb > peak)); then peak=$mb; fi
    done
    med=$(printf '%s\n' "${times[@]}" | tr -d '*' | median)
    [ -z "$base" ] && base=$med
    ratio=$(awk -v a="$base" -v b="$med" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    echo "| $n | $way | ${times[*]} | $peak | $med | $solved | ${ratio}x |"
  done
done
