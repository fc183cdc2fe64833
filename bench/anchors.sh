#!/usr/bin/env bash
# What probing gave, per log of runs with --local-tune probe-cost=C: the
# anchors taken, how many of them a probe took below the anchor's cost
# ("fertile"), the probes in all and those that went below, the CPU seconds
# from leaving an anchor to taking the next (the descent of a new random
# start; median, from logs that give each anchor's CPU seconds), and the
# run's last best cost.
#   bench/anchors.sh LOG...
set -euo pipefail
(($# >= 1)) || { sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
source "$(dirname "$0")/../scripts/median.sh"
echo "| log | anchors | fertile | probes | below | start to anchor (median CPU s) | best cost |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for log in "$@"; do
  read -r anchors fertile probes below best < <(awk '
    / anchor [0-9]+ at cost / { ++anchors }
    / left after / {
      for (i = 1; i <= NF; ++i) if ($i == "after") { p += $(i + 1); b += $(i + 3) }
      if ($(NF - 5) > 0) ++fertile
    }
    !/^#/ && NF == 4 { best = $3 }
    END { print anchors + 0, fertile + 0, p + 0, b + 0, best }' "$log")
  # Descents: from the start (0) or an anchor left to the next anchor taken.
  descents=$(awk '
    /^# racer [0-9]+ at [0-9.]+ CPU s: anchor [0-9]+ at cost/ { if (from != "") print $5 - from }
    /^# racer [0-9]+ at [0-9.]+ CPU s: anchor .* left after/ { from = $5 }
    /started/ && !/racer/ { from = "" }' "$log")
  descent=-
  [ -n "$descents" ] && descent=$(median <<<"$descents")
  echo "| $log | $anchors | $fertile | $probes | $below | $descent | $best |"
done
