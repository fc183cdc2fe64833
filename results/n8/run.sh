#!/usr/bin/env bash
# The N=8 sweeps, resumable: run again to resume (each sweep's journal is in
# its directory). Start it in a session of its own, `setsid results/n8/run.sh &`,
# so that its whole session runs at nice 19 (results/README.md).
#   1. ColumnStepShift (X = x, Y = y + h + f), 15 members, 3*10^6 conflicts each;
#   2. ColumnAffine (X = x, Y = d y + e h + f), 3375 members in 894 classes
#      under the symmetries, 10^5 conflicts each;
#   2b. The shifts that sweep left undecided (f = 6..9, then 5), each
#      member's completion split by whole lines (15 cubes: a central
#      column's labels) and conquered by the CaDiCaL binary, 120 CPU s a
#      cube on both cores, hard cubes split again by lines (3 levels): directory
#      shift-cubes/fF (conquer.sh resumes from its results/);
#   3. ColumnStepFreeBottom (ColumnStepShift with the bottom level's Y lines
#      free), 15 members, 3*10^6 conflicts each;
#   3b. ColumnAffine with e = 1 (Y = d y + h + f: at N=6 the multipliers 3
#      and 8 complete more shifts than ColumnStep's d = 1), 3*10^6
#      conflicts each: directory column-affine-e1;
#   4. ColumnStepFreeTop (the Y lines of the top k = 1, 2 levels free), 30
#      members, 3*10^6 conflicts each;
#   5. LevelShiftsAffine (X = x, Y = d y + s_h with every level's shift s_h
#      free: tied lines), 14 members, 3*10^6 conflicts each (its first member
#      ran over three hours without an answer: a member is not checkpointed).
cd "$(dirname "$0")"
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 >/proc/self/autogroup
fi
families=../../doc/hypotheses/families
# The scripts of this run, beside its binary, so that editing the checkout
# leaves a running campaign alone.
[ -x bin/conquer.sh ] || cp ../../scripts/conquer.sh ../../scripts/conquer_cube.sh bin/
shift_cubes() {
  local d=shift-cubes/f$1 member=(--hypothesis "$families/ColumnStepShift.hyp" --param "f=$1")
  [ -f "$d/cubes" ] || nice -n 19 bin/bel_pyramid 8 "${member[@]}" --cnf-encoder completion \
    --split 15 "$d" --split-by line -q || return
  if [ ! -f "$d/formula.cnf" ]; then  # a fresh clone: the same formula again
    nice -n 19 bin/bel_pyramid 8 "${member[@]}" --cnf-encoder completion --split 1 "$d.cnf" -q &&
      mv "$d.cnf/formula.cnf" "$d/" && rm -r "$d.cnf" || return
  fi
  SOLVER=cadical SOLVER_OPTIONS=-q BEL_PYRAMID=$PWD/bin/bel_pyramid nice -n 19 bin/conquer.sh \
    --cube-limit 120 --resplit 15 --depth 3 --split-by line "$d" -j 2
}
{
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepShift.hyp" --sweep shift \
    --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnAffine.hyp" --sweep column-affine \
    --conflicts 100000 --threads 1 --progress-every 600
  for f in 6 7 8 9 5; do shift_cubes "$f"; done
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeBottom.hyp" --sweep free-bottom \
    --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnAffine.hyp" --param e=1 \
    --sweep column-affine-e1 --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeTop.hyp" --sweep free-top \
    --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/LevelShiftsAffine.hyp" --sweep level-shifts \
    --conflicts 3000000 --threads 1 --progress-every 600
} >>log.txt 2>&1
