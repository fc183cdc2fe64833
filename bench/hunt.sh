#!/usr/bin/env bash
# The cooperative hunt against independent jobs, in the same run: H hunts of
# each mode (scripts/hunt.sh with 2 slots and 2 jobs), hunt h with seeds
# 100h+1 and 100h+2 in both modes, the order of the two modes alternating.
# Prints each hunt's CPU seconds to its checked solution (user + system of the
# whole hunt, every job and GNU parallel included) and the medians. A hunt
# that reaches the limit counts its CPU time and is marked unsolved.
# Usage: bench/hunt.sh [-n N] [-F FIRST] [-H HUNTS] [-l LEG] [-k K] [-t SECONDS] [-o DIR]
#   defaults: -n 5  -F 1  -H 6  -l 20  -k 2  -t 300  -o /tmp/bel_pyramid_hunt
# (hunts FIRST to FIRST+HUNTS-1; LEG is wall-clock seconds, as hunt.sh -l)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
n=5 first=1 hunts=6 leg=20 perturb=2 limit=300 dir=/tmp/bel_pyramid_hunt
while getopts "n:F:H:l:k:t:o:h" opt; do
  case $opt in
    n) n=$OPTARG ;;
    F) first=$OPTARG ;;
    H) hunts=$OPTARG ;;
    l) leg=$OPTARG ;;
    k) perturb=$OPTARG ;;
    t) limit=$OPTARG ;;
    o) dir=$OPTARG ;;
    *) usage ;;
  esac
done
source scripts/median.sh
mkdir -p "$dir"

# run MODE H: one hunt; prints "CPU_SECONDS OUTCOME".
run() {
  local mode=$1 h=$2 out="$dir/$1-$2" flags=(-c -l "$leg" -k "$perturb")
  [ "$mode" = independent ] && flags=()
  rm -rf "$out"
  local status=0
  /usr/bin/time -f '%U %S' -o "$out.time" scripts/hunt.sh "$n" -j 2 -n 2 -s $((100 * h + 1)) \
    -t "$limit" -o "$out" "${flags[@]}" >"$out.log" 2>&1 || status=$?
  local cpu
  cpu=$(awk 'END { printf "%.1f", $1 + $2 }' "$out.time")
  case $status in
    0) echo "$cpu solved" ;;
    3) echo "$cpu unsolved" ;;
    *) echo "hunt $mode $h failed (exit $status), see $out.log" >&2; exit 1 ;;
  esac
}

echo "N=$n, $hunts hunts per mode, 2 slots, pool legs of $leg s, $perturb relabels," \
  "limit $limit s per job, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| hunt | seeds | independent (CPU s) | cooperative (CPU s) |"
echo "|---:|---|---:|---:|"
declare -a ind coop
for ((h = first; h < first + hunts; h++)); do
  if ((h % 2)); then
    a=$(run independent "$h") b=$(run pool "$h")
  else
    b=$(run pool "$h") a=$(run independent "$h")
  fi
  ind+=("$a") coop+=("$b")
  show() { [ "${1#* }" = solved ] && echo "${1% *}" || echo "${1% *} (unsolved)"; }
  echo "| $h | $((100 * h + 1)), $((100 * h + 2)) | $(show "$a") | $(show "$b") |"
done
solved() { printf '%s\n' "$@" | grep -c ' solved$' || true; }
med() { printf '%s\n' "$@" | awk '{ print $1 }' | median; }
echo "| median | | $(med "${ind[@]}") ($(solved "${ind[@]}")/$hunts solved) |" \
  "$(med "${coop[@]}") ($(solved "${coop[@]}")/$hunts solved) |"
