#!/usr/bin/env bash
# The N=8 sweeps, resumable: run again to resume (each sweep's journal is in
# its directory). Start it in a session of its own, `setsid results/n8/run.sh &`,
# so that its whole session runs at nice 19 (results/README.md).
#   1. ColumnStepShift (X = x, Y = y + h + f), 15 members, 3*10^6 conflicts each;
#   2. ColumnAffine (X = x, Y = d y + e h + f), 3375 members in 894 classes
#      under the symmetries, 10^5 conflicts each;
#   2b. With the completion's lines narrowed by the matching of positions to
#      cubes (--cnf-tune cube-matching, on since 2026-11-27), ColumnStepShift
#      again (shift-m, 10^6 conflicts each) and ColumnAffine again
#      (column-affine-m, 10^5 conflicts each); then the shifts shift-m leaves
#      undecided by cube-and-conquer (scripts/sweep.sh -c: each member's
#      completion split by whole lines into 15 cubes, the CaDiCaL binary,
#      120 CPU s a cube on both cores, hard cubes split again, 3 levels;
#      shift-m/conquer/MEMBER). The earlier cube-and-conquer of the shifts
#      without the narrowing (shift-cubes/fF: f = 5 refuted, f = 6 part-way)
#      is kept as it stopped.
#   2b'. Before that conquest, in this order:
#      - ColumnAffine at N=7, every (d, e), 10^5 conflicts each
#        (windows/ca7): which multipliers still complete at N=7 beside
#        ColumnStep's, so that the N=8 budget goes to their classes first
#        (only the slice e = 1 had been swept at N=7), then again on its
#        undecided members (1200 at 10^5 conflicts, none found) with 10^6
#        conflicts, racing the two configurations (moved before the
#        partial shapes on 2026-11-29: a pass of hours that says which
#        multipliers to push at N=8, where the free-level pass takes days);
#      - ColumnStepFreeLevels with one level freed, for f = 5, 6, 7
#        (ColumnStep's refuted shift just below its window and the two open
#        ones), one member at a time racing two CaDiCaL seeds, as a sweep of
#        that slice (directory free-level; at N=7 the same relaxation of
#        f = 3, level 5 freed, completes in 41 s, found by CaDiCaL, where
#        the local search stays short of it): level
#        5 (its 5 Y lines) at 3*10^6 conflicts each, then levels 5 and 6 at
#        10^7 (level 6's 3 lines took the 3*10^6 pass one member a run
#        before sweeps took slices: free-level/j6-fF.log);
#      - ColumnStepFreeXLevels, the same slice with X lines freed instead
#        (at N=7 levels 4 and 5 rescue f = 3, in 24 and 16 s), 3*10^6
#        conflicts each: directory free-x-level;
#      - ColumnStepFreeTop with k = 2 (the Y lines of the top two levels
#        free), 3*10^6 conflicts each, two members at once: directory
#        free-top-k2 (at N=7 it completes f=3, which ColumnStep refutes),
#        the shifts f = 4..8 around ColumnStep's window first;
#   2c. ColumnAffine's members that column-affine-m leaves undecided, again
#      with 10^6 conflicts each, one member at a time racing CaDiCaL's "sat"
#      and "unsat" configurations (the second 10 to 400 times faster than
#      the first on refuted members at N=8, the first the one that finds):
#      directory column-affine-u, begun as a copy of column-affine-m (its
#      first members searched in the "unsat" configuration alone). After
#      the shifts' cube-and-conquer (2b's last step): its remaining members
#      (f = 6, 7, 8) decide ColumnStep's window at N=8 in hours, where
#      column-affine-u's 129 classes left take about ten minutes each;
#   3. ColumnStepFreeBottom (ColumnStepShift with the bottom level's Y lines
#      free), 15 members, 3*10^6 conflicts each;
#   3b. ColumnAffine with e = 1 (Y = d y + h + f: at N=6 the multipliers 3
#      and 8 complete more shifts than ColumnStep's d = 1), 3*10^6
#      conflicts each: directory column-affine-e1;
#   4. ColumnStepFreeTop with k = 1 (the Y lines of the top level free; k = 2
#      is 2b'), 15 members, 3*10^6 conflicts each: directory free-top-k1;
#   5. LevelShiftsAffine (X = x, Y = d y + s_h with every level's shift s_h
#      free: tied lines), 14 members, 3*10^6 conflicts each (its first member
#      ran over three hours without an answer).
# From 2026-11-29 the shifts' cube-and-conquer (2b's last step) runs beside
# the rest on one job slot, from the start, instead of after the partial
# shapes: the free-level pass alone would hold both cores for days, and the
# conquest of f = 6 and 7 (the open ends of ColumnStep's window at N=8) is
# the step whose answer, found or refuted, settles ColumnStep at N=8.
# From the next day each of the two shifts is conquered on a slot of its own
# (a sweep of its slice, so neither touches the other's tree), and the rest
# waits for f = 6's answer: the free-level pass had run for days without one.
# From 2026-11-30 f = 6 has both slots, then f = 7: on a slot each, beside
# the N=7 conquest's session, f = 6 had a quarter of the machine, and its
# answer is the one that decides ColumnStep's window at N=8.
# From 2026-12-05 f = 7 has one slot and the rest (the free-level pass at
# 10^7 first) the other: the time members that complete take at N=5..7
# says f = 7 is far past a completing shift at N=8, where the one-level
# relaxations are not (results/n8.md); and the 10^7 pass of the
# relaxation goes before ColumnAffine at N=7 again, which had searched 14
# of its undecided members at 10^6 over several restarts. Before that pass,
# level 6 freed (N-2, the level that rescues f = 3 at N=7) for f = 6, 7
# at 5*10^7 conflicts a racer: at N=8 a one-level relaxation that completes
# should take CaDiCaL 2,600-4,100 CPU s at the median, about 3-5*10^7
# conflicts at its 12,000 a second there; 10^7 is less than that.
# From 2026-12-05 (evening) one row's Y lines freed (ColumnStepFreeRow)
# goes first, on both slots: at N=5..7 a row freed rescues the refuted
# shifts next to ColumnStep's window in seconds (N=7, f=3: rows 2..7, 4.5
# to 58 CPU s), where a level freed took minutes or stayed undecided
# (results/n8.md, "One row freed"). Below the window the rows 2..N-1
# rescue, so f = 6, 7 on rows 2..8 first, then f = 5, 8 wider, then 10^7.
# Their trees may go eight levels deep (-d 8: f = 6 left a cube of the
# third level, then one of the fourth, unanswered at 120 s; a resumed run
# splits such a cube once more and leaves the answered cubes alone).
# The sweeps of long members (2b' from the free-level sweep on, 3, 4, 5) keep
# each undecided member's learned clauses (--keep-learned, saved every 10
# minutes in DIR/learned/): a member stopped at a session's end starts again
# from them, and the free-level members of the 10^7 pass from theirs.
cd "$(dirname "$0")" || exit 1
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 >/proc/self/autogroup
fi
families=../../doc/hypotheses/families
# The scripts of this run, beside its binary, so that editing the checkout
# leaves a running campaign alone.
[ -x bin/sweep.sh ] || cp ../../scripts/conquer.sh ../../scripts/conquer_cube.sh ../../scripts/proof_checker.sh \
  ../../scripts/slurm_wait.sh ../../scripts/parallel_note.sh ../../scripts/usage.sh ../../scripts/sweep.sh bin/
# A sweep through bin/sweep.sh (two job slots, the parts' binary bin/bel_pyramid).
# SLOTS=K for another number of job slots.
sweep() {
  local family=$1 dir=$2
  shift 2
  SOLVER=cadical SOLVER_OPTIONS=-q BEL_PYRAMID=$PWD/bin/bel_pyramid nice -n 19 bin/sweep.sh 8 \
    "$families/$family" -o "$dir" -j "${SLOTS:-2}" -b bin/bel_pyramid "$@"
}
# conquer_shift F: the cube-and-conquer of ColumnStep's shift F on both slots.
conquer_shift() {
  sweep ColumnStepShift.hyp shift-m -c 15 -l 120 -r 15 -d 8 -- --conflicts 1000000 \
    --param "f=$1..$1" >>"shift-m/conquest-f$1.log" 2>&1
}
conquer_shift 6
# free_row SHIFTS ROWS CONFLICTS: ColumnStep with one row's Y lines freed,
# two members at once (each CaDiCaL with seed 1), learned clauses kept.
free_row() {
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeRow.hyp" --param "f=$1" \
    --param "r=$2" --sweep free-row --seed 1 --threads 2 --solver cadical --keep-learned \
    --checkpoint-every 600 --progress-every 600 --conflicts "$3" >>free-row.log 2>&1
}
free_row 6,7 2..8 3000000
free_row 5,8 2..12 3000000
free_row 6,7 2..8 10000000
SLOTS=1 conquer_shift 7 &
{
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepShift.hyp" --sweep shift \
    --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnAffine.hyp" --sweep column-affine \
    --conflicts 100000 --threads 1 --progress-every 600
  sweep ColumnStepShift.hyp shift-m -- --conflicts 1000000
  sweep ColumnAffine.hyp column-affine-m -- --conflicts 100000
  # free_level FAMILY DIR ARGS...: one level freed, shifts 5 to 7 (F=A..B
  # for others).
  free_level() {
    local family=$1 dir=$2
    shift 2
    nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/$family" --param k=1 \
      --param "f=${F:-5..7}" --sweep "$dir" --seed 1 --threads 1 --portfolio cadical,cadical \
      --keep-learned --checkpoint-every 600 --progress-every 600 "$@"
  }
  free_level ColumnStepFreeLevels.hyp free-level --param j=5..5 --conflicts 3000000
  F=6..7 free_level ColumnStepFreeLevels.hyp free-level --param j=6..6 --conflicts 50000000
  free_level ColumnStepFreeLevels.hyp free-level --param j=5,6 --conflicts 10000000
  nice -n 19 bin/bel_pyramid 7 --hypothesis "$families/ColumnAffine.hyp" --sweep windows/ca7 \
    --conflicts 100000 --threads 2 --progress-every 600
  nice -n 19 bin/bel_pyramid 7 --hypothesis "$families/ColumnAffine.hyp" --sweep windows/ca7 \
    --conflicts 1000000 --solver portfolio --threads 1 --progress-every 600
  free_level ColumnStepFreeXLevels.hyp free-x-level --param j=5,6 --conflicts 3000000
  for slice in f=4..8 f=0..14; do
    nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeTop.hyp" --param k=2 \
      --param $slice --sweep free-top-k2 --conflicts 3000000 --threads 2 --keep-learned \
      --checkpoint-every 600 --progress-every 600
  done
  [ -d column-affine-u ] || cp -r column-affine-m column-affine-u
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnAffine.hyp" --sweep column-affine-u \
    --conflicts 1000000 --solver portfolio --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeBottom.hyp" --sweep free-bottom \
    --conflicts 3000000 --threads 1 --keep-learned --checkpoint-every 600 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnAffine.hyp" --param e=1 \
    --sweep column-affine-e1 --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeTop.hyp" --param k=1 \
    --sweep free-top-k1 --conflicts 3000000 --threads 1 --keep-learned --checkpoint-every 600 \
    --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/LevelShiftsAffine.hyp" --sweep level-shifts \
    --conflicts 3000000 --threads 1 --keep-learned --checkpoint-every 600 --progress-every 600
} >>log.txt 2>&1
wait
