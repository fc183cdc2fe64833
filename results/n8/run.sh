#!/usr/bin/env bash
# The N=8 sweeps, resumable: run again to resume (each sweep's journal is in
# its directory). Start it in a session of its own, `setsid results/n8/run.sh &`,
# so that its whole session runs at nice 19 (results/README.md).
#   1. ColumnStepShift (X = x, Y = y + h + f), 15 members, 3*10^6 conflicts each;
#   2. ColumnAffine (X = x, Y = d y + e h + f), 3375 members in 894 classes
#      under the symmetries, 10^5 conflicts each;
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
{
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepShift.hyp" --sweep shift \
    --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnAffine.hyp" --sweep column-affine \
    --conflicts 100000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeBottom.hyp" --sweep free-bottom \
    --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnAffine.hyp" --param e=1 \
    --sweep column-affine-e1 --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/ColumnStepFreeTop.hyp" --sweep free-top \
    --conflicts 3000000 --threads 1 --progress-every 600
  nice -n 19 bin/bel_pyramid 8 --hypothesis "$families/LevelShiftsAffine.hyp" --sweep level-shifts \
    --conflicts 3000000 --threads 1 --progress-every 600
} >>log.txt 2>&1
