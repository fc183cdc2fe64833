# The solution of a `bel_pyramid --json` result drawn in Knuth's text format
# (doc/model.md), as bel_pyramid prints it: `jq -r -f scripts/knuth.jq RESULT`.
# `bel_pyramid --check` reads the drawing back. A result without a solution
# is an error.
def cell: " " + (tostring | if length < 2 then " " + . else . end);
def frame($base): "+" + ("-" * (3 * $base + 1)) + "+";
if .solution == null then error("the result has no solution (status \(.status))") else . end
| .solution as $s
| ($s.Z | length) as $base
| frame($base),
  (range($base) as $y | "|" + ($s.Z[$y] | map(cell) | add) + " |" + ($s.Y[$y] | map(cell) | add)),
  frame($base),
  (range(.levels) as $h
   | " " + ([range($base) as $x | if $h < ($s.X[$x] | length) then $s.X[$x][$h] | cell else "   " end]
            | add) | sub(" +$"; ""))
