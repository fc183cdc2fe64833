#!/usr/bin/env bash
# The N=3 count by the symmetry quotient, 1000 parts, resumable: run again to resume.
# Start it in a session of its own, `setsid results/count3/run.sh &`: with the
# kernel's autogroups a process's nice value only ranks it within its session,
# so the whole session is made nice 19 (its autogroup) to leave the CPU to
# everything else on the machine.
#   1. the parts not yet counted, into parts/;
#   2. the cross-check: parts 0-115, counted by the old engine (dancing links),
#      counted again by the bit-set engine (XccBits) into recount/, to be
#      compared line by line with parts/ (README.md here says how);
#   3. every part counted again by a build that also sums each class's own
#      orbit (from its stabiliser), into orbits/: the sums must equal the
#      labelled counts (check.sh, check 4), on one core (-j 1).
cd "$(dirname "$0")"
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 >/proc/self/autogroup
fi
export BEL_PYRAMID=$PWD/bin/bel_pyramid
nice -n 19 bin/count_parts.sh -j 2 -q 1000 -o parts 3 >result.txt 2>>log.txt
nice -n 19 bin/count_parts.sh -j 2 -q 1000 -f 1:116 -o recount 3 >recount.txt 2>>log.txt
nice -n 19 bin/count_parts.sh -j 1 -q 1000 -o orbits 3 >orbits.txt 2>>log.txt
