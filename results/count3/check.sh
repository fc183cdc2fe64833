#!/usr/bin/env bash
# The checks before the N=3 count is quoted (README.md here, "Checks"):
#   1. all 1000 parts are there and exact; their sums;
#   2. parts 0-115, counted by the old engine (the dancing links), counted
#      again by XccBits into recount/: the same solutions and classes;
#   3. a second split of the same quotient: part I of 1000 holds the
#      representatives numbered I mod 1000, that is those numbered I and
#      I + 1000 mod 2000, so I/1000 = I/2000 + (I+1000)/2000 for each sample I
#      (counted here with BEL_PYRAMID, default bin/bel_pyramid);
#   4. the parts recounted into orbits/ so far: their classes' own orbits add
#      up to their labelled counts, and their figures equal parts/.
# Prints one line per check and the totals; exits 1 at the first failure.
# Usage: results/count3/check.sh [SAMPLE ...]   (default samples: 3 500 998)
set -uo pipefail
cd "$(dirname "$0")"
bin=${BEL_PYRAMID:-bin/bel_pyramid}
fail() { echo "FAILED: $*"; exit 1; }
samples=("$@")
((${#samples[@]})) || samples=(3 500 998)

# 1. Every part, exact.
missing=0 inexact=0
for ((i = 0; i < 1000; i++)); do
  f=parts/${i}_1000
  if [ ! -s "$f" ]; then missing=$((missing + 1)); continue; fi
  [ "$(cut -d' ' -f5 "$f")" = exact ] || inexact=$((inexact + 1))
done
((missing == 0)) || fail "$missing of the 1000 parts are missing"
((inexact == 0)) || fail "$inexact parts are not exact"
read -r solutions classes cpu < <(cat parts/*_1000 |
  python3 -c 'import sys
s = c = 0; t = 0.0
for line in sys.stdin:
    f = line.split(); s += int(f[2]); c += int(f[3]); t += float(f[6])
print(s, c, round(t))')
echo "1. 1000 parts, all exact: $solutions labelled solutions, $classes classes, $cpu CPU s in all"

# 2. The recount of parts 0-115 by the other engine.
for ((i = 0; i < 116; i++)); do
  [ -s "recount/${i}_1000" ] || fail "recount/${i}_1000 is missing (run.sh makes it)"
  [ "$(cut -d' ' -f1-5 "recount/${i}_1000")" = "$(cut -d' ' -f1-5 "parts/${i}_1000")" ] ||
    fail "part $i: the engines differ: $(cut -d' ' -f3,4 "parts/${i}_1000") against $(cut -d' ' -f3,4 "recount/${i}_1000")"
done
echo "2. parts 0-115: the dancing links and XccBits give the same solutions and classes"

# 3. A second split: I/1000 = I/2000 + (I+1000)/2000.
figures() {  # SOLUTIONS CLASSES of --quotient PART
  "$bin" 3 --count --quotient "$1" --json - 2> /dev/null |
    python3 -c 'import json, sys; d = json.load(sys.stdin)["count"]; print(int(d["solutions"]), int(d["classes"]))'
}
for i in "${samples[@]}"; do
  read -r s1 c1 < <(cut -d' ' -f3,4 "parts/${i}_1000")
  read -r s2 c2 < <(figures "$i/2000")
  read -r s3 c3 < <(figures "$((i + 1000))/2000")
  [ "$s1 $c1" = "$((s2 + s3)) $((c2 + c3))" ] ||
    fail "part $i/1000 ($s1, $c1) is not $i/2000 + $((i + 1000))/2000 ($((s2 + s3)), $((c2 + c3)))"
  echo "3. part $i/1000 = $i/2000 + $((i + 1000))/2000: $s1 solutions, $c1 classes"
done
# 4. The recount into orbits/: each part's classes, each with its own orbit,
# add up to its labelled count, and its figures equal parts/ (the parts
# recounted so far; run.sh's third step counts them all).
recounted=0
for ((i = 0; i < 1000; i++)); do
  f=orbits/${i}_1000
  [ -s "$f" ] || continue
  read -r _ _ s c status _ _ _ orbits <"$f"
  [ "$status" = exact ] || continue
  [ "$s" = "${orbits:-}" ] || fail "part $i: the classes' orbits add up to ${orbits:-nothing}, not $s"
  [ "$s $c" = "$(cut -d' ' -f3,4 "parts/${i}_1000")" ] ||
    fail "part $i: recounted $s $c, parts/ has $(cut -d' ' -f3,4 "parts/${i}_1000")"
  recounted=$((recounted + 1))
done
echo "4. $recounted of the 1000 parts recounted with each class's own orbit: orbits add up to the labelled counts, same figures"
echo "checked: $solutions labelled solutions of the 3-level pyramid, $classes up to symmetry"
