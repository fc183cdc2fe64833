#!/usr/bin/env bash
# ColumnStep's open shifts at N=7 (f = 5, 6: undecided by the sweeps; f = 7
# is refuted in seconds by the race of CaDiCaL's two configurations),
# each decided by cube-and-conquer on one core, the way the N=8 campaign
# conquers f = 6 and 7: the member's completion split on whole lines into
# 15 cubes (fF/), 120 CPU s a cube, a cube that runs out split again into
# 15, down to 8 levels, re-splits starting from their parents' lemmas.
# f = 6 = N - 1 first: that shift completes at N = 5 and 6, and whether it
# still does at N=7 bears on N=8's f = 7.
# Resumable: run again and each conquest goes on where it stopped. Start it
# in a session of its own, `setsid results/n8/windows/cs7/run.sh &`, so that
# its whole session runs at nice 19 (results/README.md). It uses the N=8
# campaign's binary and scripts (results/n8/bin, made by results/n8/run.sh).
cd "$(dirname "$0")" || exit 1
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 >/proc/self/autogroup
fi
bin=../../bin
for f in 6 5; do
  [ -f "f=$f/args" ] || nice -n 19 "$bin/bel_pyramid" 7 --hypothesis ../../../../doc/hypotheses/families/ColumnStepShift.hyp \
    --param "f=$f" --cnf-encoder completion --split 15 "f=$f" >> "f=$f.log" 2>&1 || exit 1
  SOLVER=cadical BEL_PYRAMID=$PWD/$bin/bel_pyramid nice -n 19 "$bin/conquer.sh" --cube-limit 120 --resplit 15 \
    --depth 8 --split-by line "f=$f" -j 1 >> "f=$f.log" 2>&1
  code=$?
  [ $code -eq 0 ] || [ $code -eq 3 ] || exit $code  # 3: cubes left unknown at depth 8
done
