#!/usr/bin/env bash
# Time to solution over many seeds, as a campaign that survives stops: each
# seed runs `bel_pyramid N --solver local --seed S` until it is solved or has
# used CAP CPU seconds in all. A stopped seed resumes from its checkpoint the
# next time (--resume starts every replica from the best state, so the
# number of legs is recorded with each result). Seeds run one after another; start a second copy
# with other seeds (and another DIR) to use a second core.
#
#   bench/seed_campaign.sh N [-r "SEEDS"] [-c CAP] [-o DIR] [-b BINARY] [-p SECONDS] [-a "ARGS"]
#     -r seeds (default "1 2 3 4 5 6 7 8 9 10")   -c CPU seconds per seed (default 3600)
#     -o directory (default seeds-N)              -b binary (default build/bel_pyramid)
#     -p seconds between CPU checks (default 10)
#     -a more arguments for every run, e.g. "--local-tune tmin=0.10" (an arm
#        of a comparison); kept in DIR/args, and a DIR refuses other ones
# A seed with a line in DIR/results.tsv is done; delete the line to give it
# a higher cap. Ctrl-C or SIGTERM stops the running seed (its checkpoint is
# written) and exits 130.
#
# DIR/seed-S.{log,ckpt,out,json} are each seed's log, checkpoint, output and
# --json result, and DIR/seed-S.solution its solution in Knuth's format (drawn
# from the result by scripts/knuth.jq), checked with --check;
# DIR/results.tsv has one line per finished seed: seed, "solved" or
# "capped", total CPU seconds, legs, and the best cost. The summary at the
# end counts the solved seeds and gives the median CPU seconds (capped seeds
# count at the cap).
set -uo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")/.." && pwd)
(($# >= 1)) && [ "$1" != -h ] && [ "$1" != --help ] || usage
n=$1
shift
seeds="1 2 3 4 5 6 7 8 9 10" cap=3600 dir="seeds-$n" bin=$here/build/bel_pyramid poll=10 args=""
while getopts "r:c:o:b:p:a:h" opt; do
  case $opt in
    r) seeds=$OPTARG ;;
    c) cap=$OPTARG ;;
    o) dir=$OPTARG ;;
    b) bin=$OPTARG ;;
    p) poll=$OPTARG ;;
    a) args=$OPTARG ;;
    *) usage ;;
  esac
done
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "seed_campaign: N must be a positive integer, got \"$n\"" >&2; exit 2; }
[[ $cap =~ ^[0-9]+$ ]] || { echo "seed_campaign: -c needs whole CPU seconds, got \"$cap\"" >&2; exit 2; }
[ -x "$bin" ] || { echo "seed_campaign: $bin is not an executable" >&2; exit 2; }
command -v jq >/dev/null || { echo "seed_campaign: jq is missing (apt-get install jq)" >&2; exit 2; }
mkdir -p "$dir" || exit 1
# One campaign directory is one arm: its seeds all run with the same arguments.
if [ -e "$dir/args" ]; then
  [ "$(cat "$dir/args")" = "$args" ] || { echo "seed_campaign: $dir was run with -a \"$(cat "$dir/args")\", not \"$args\"" >&2; exit 2; }
elif [ -n "$args" ]; then
  printf '%s\n' "$args" >"$dir/args" || exit 1
fi
read -r -a extra <<<"$args"
source "$here/scripts/median.sh"
results=$dir/results.tsv

# The CPU seconds a seed has used: the checkpoint's, or 0.
used() { awk '$1 == "c" && $2 == "cpu_seconds" {print $3; f = 1} END {if (!f) print 0}' "$1" 2>/dev/null || echo 0; }
# The last logged total CPU seconds and best cost (the log's 4th and 3rd
# columns; a search logs each new best cost and its end).
logged() { grep -v '^#' "$1" 2>/dev/null | tail -n 1 | awk '{print $4, $3}'; }

stop_requested=0
trap 'stop_requested=1; [ -n "${pid:-}" ] && kill -INT "$pid" 2>/dev/null' INT TERM

run_seed() {
  local seed=$1 ckpt=$dir/seed-$1.ckpt log=$dir/seed-$1.log out=$dir/seed-$1.out legs_file=$dir/seed-$1.legs
  local json=$dir/seed-$1.json
  local legs=$(( $(cat "$legs_file" 2>/dev/null || echo 0) + 1 ))
  local resume=()
  [ -s "$ckpt" ] && resume=(--resume "$ckpt")
  echo "$legs" >"$legs_file"
  rm -f "$json"
  "$bin" "$n" --solver local --seed "$seed" "${resume[@]}" "${extra[@]}" --checkpoint "$ckpt" \
    --log "$log" --checkpoint-every 60 --json "$json" >"$out" 2>&1 &
  pid=$!
  local before now
  before=$(used "$ckpt")
  while kill -0 "$pid" 2>/dev/null; do
    sleep "$poll"
    now=$(ps -o times= -p "$pid" 2>/dev/null) || break  # this leg's CPU seconds
    if awk -v b="$before" -v c="$now" -v m="$cap" 'BEGIN {exit !(b + c >= m)}'; then
      kill -INT "$pid" 2>/dev/null
    fi
  done
  wait "$pid"
  local code=$? cost
  pid=""
  read -r cpu cost <<<"$(logged "$log")"
  if [ "$code" != 0 ] && [ "$code" != 130 ]; then
    echo "seed_campaign: seed $seed: $bin exited with $code (see $out)" >&2
    return 1
  fi
  if [ "$code" = 0 ] && jq -e '.status == "sat"' "$json" >/dev/null 2>&1; then
    if ! jq -r -f "$here/scripts/knuth.jq" "$json" >"$dir/seed-$seed.solution" ||
      ! "$bin" --check "$dir/seed-$seed.solution" >/dev/null 2>&1; then
      echo "seed_campaign: seed $seed: the solution does not check" >&2
      return 1
    fi
    printf '%s\tsolved\t%s\t%s\t0\n' "$seed" "$cpu" "$legs" >>"$results"
  elif ((stop_requested == 0)); then
    printf '%s\tcapped\t%s\t%s\t%s\n' "$seed" "$(used "$ckpt")" "$legs" "$cost" >>"$results"
  fi
}

for seed in $seeds; do
  ((stop_requested)) && break
  grep -q "^$seed"$'\t' "$results" 2>/dev/null && continue
  echo "seed $seed: $(used "$dir/seed-$seed.ckpt") CPU s so far"
  run_seed "$seed" || exit 1
done

[ -s "$results" ] || exit $((stop_requested ? 130 : 0))
solved=$(awk '$2 == "solved"' "$results" | wc -l)
total=$(wc -l <"$results")
median_cpu=$(awk -v m="$cap" '{print ($2 == "solved" ? $3 : m)}' "$results" | median)
echo "N=$n: $solved/$total seeds solved within $cap CPU s; median $median_cpu CPU s (capped seeds at the cap)"
((stop_requested)) && exit 130
exit 0
