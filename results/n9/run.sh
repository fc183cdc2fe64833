#!/usr/bin/env bash
# N=9 and N=10: ColumnStepFlipPrefix (X = x, rows 0..k stepping down from
# y + f, the rest up), then ColumnStep's shifts (X = x, Y = y + h + f), raced
# in CaDiCaL's two configurations at growing budgets; each pass searches only
# what the passes before left undecided (n9.md). Resumable: run again to resume.
# Start it in a session of its own, `setsid results/n9/run.sh &`, so that its
# whole session runs at nice 19 (results/README.md). The binary is the N=8
# campaign's (results/n8/bin/bel_pyramid).
cd "$(dirname "$0")" || exit 1
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 >/proc/self/autogroup
fi
families=../../doc/hypotheses/families
# pass N FAMILY DIR CONFLICTS: the members at N levels that DIR leaves undecided.
pass() {
  nice -n 19 ../n8/bin/bel_pyramid "$1" --hypothesis "$families/$2.hyp" --sweep "$3" \
    --conflicts "$4" --solver portfolio --threads 1 --keep-learned --checkpoint-every 600 \
    --progress-every 300 >>"$3.log" 2>&1
}
# ColumnStepFlipPrefix first (its member f = 2, k = 5 is the first 8-level
# solution, n8.md): N=9 (directory flip-prefix) to 10^6 and 10^7 conflicts;
# ColumnStepFlipEnds at N=9 (flip-ends) to 10^5 and 10^6; N=10
# (n10-flip-prefix) to 10^6; N=9's prefix to 10^8. Then ColumnStep's shifts:
# N=9 to 3*10^6 conflicts, N=10 (n10-shift) to 10^6, N=9 to 10^7 and 10^8
# (a shift that completes at N=9 should need 6*10^7 to 1.5*10^8 conflicts a
# racer at the pace of N=5..7: n9.md).
prefix=ColumnStepFlipPrefix ends=ColumnStepFlipEnds shift=ColumnStepShift
for step in "9 $prefix flip-prefix 1000000" "9 $prefix flip-prefix 10000000" \
  "9 $ends flip-ends 100000" "9 $ends flip-ends 1000000" \
  "10 $prefix n10-flip-prefix 100000" "10 $prefix n10-flip-prefix 1000000" \
  "9 $prefix flip-prefix 100000000" \
  "9 $shift shift 100000" "9 $shift shift 1000000" "9 $shift shift 3000000" \
  "10 $shift n10-shift 100000" "10 $shift n10-shift 1000000" "9 $shift shift 10000000" \
  "9 $shift shift 100000000"; do
  # shellcheck disable=SC2086 # the step's four words
  pass $step
  code=$?
  [ $code -eq 0 ] || [ $code -eq 3 ] || break
done
