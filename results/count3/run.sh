#!/usr/bin/env bash
# The N=3 count by the symmetry quotient, 1000 parts, resumable: run again to resume.
cd "$(dirname "$0")"
BEL_PYRAMID=$PWD/bin/bel_pyramid exec nice -n 19 bin/count_parts.sh -j 2 -q 1000 -o parts 3 >result.txt 2>log.txt
