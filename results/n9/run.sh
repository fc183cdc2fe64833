#!/usr/bin/env bash
# N=9 and N=10: ColumnStep's shifts (X = x, Y = y + h + f), raced in
# CaDiCaL's two configurations at growing budgets; each pass searches only
# what the passes before left undecided (n9.md). Resumable: run again to resume.
# Start it in a session of its own, `setsid results/n9/run.sh &`, so that its
# whole session runs at nice 19 (results/README.md). The binary is the N=8
# campaign's (results/n8/bin/bel_pyramid).
cd "$(dirname "$0")" || exit 1
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 >/proc/self/autogroup
fi
families=../../doc/hypotheses/families
# pass N DIR CONFLICTS: the shifts at N levels that DIR leaves undecided.
pass() {
  nice -n 19 ../n8/bin/bel_pyramid "$1" --hypothesis "$families/ColumnStepShift.hyp" --sweep "$2" \
    --conflicts "$3" --solver portfolio --threads 1 --keep-learned --checkpoint-every 600 \
    --progress-every 300 >>"$2.log" 2>&1
}
# N=9 to 3*10^6 conflicts, then N=10 (directory n10-shift) to 10^6, then
# N=9 to 10^7 and 10^8 (a shift that completes at N=9 should need 6*10^7
# to 1.5*10^8 conflicts a racer at the pace of N=5..7: n9.md).
for step in "9 shift 100000" "9 shift 1000000" "9 shift 3000000" "10 n10-shift 100000" \
  "10 n10-shift 1000000" "9 shift 10000000" "9 shift 100000000"; do
  # shellcheck disable=SC2086 # the step's three words
  pass $step
  code=$?
  [ $code -eq 0 ] || [ $code -eq 3 ] || break
done
