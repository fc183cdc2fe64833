#!/usr/bin/env bash
# The N=3 count by the symmetry quotient: CPU seconds of whole parts by an
# older binary and by this build, in the same run, and whether their figures
# agree.
#
# Usage: bench/quotient.sh [-o OLD_BINARY] [-p "PARTS"] [-m M]
#   -o  the binary to compare with (default results/count3/bin/bel_pyramid)
#   -p  the parts I of `--quotient I/M` (default "8 9 111")
#   -m  M (default 1000)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
old=results/count3/bin/bel_pyramid parts="8 9 111" m=1000
while getopts "o:p:m:h" opt; do
  case $opt in
    o) old=$OPTARG ;;
    p) parts=$OPTARG ;;
    m) m=$OPTARG ;;
    *) usage ;;
  esac
done
new=build/bel_pyramid

# Prints "CPU_SECONDS SOLUTIONS CLASSES" of one part (user + sys of the process).
part_once() {
  local out times
  times=$(mktemp)
  out=$(/usr/bin/time -f '%U %S' -o "$times" "$1" 3 --count --quotient "$2/$m" 2>/dev/null)
  echo "$(awk '{print $1 + $2}' "$times")" \
    "$(sed -n 's/^Solutions: //p' <<<"$out")" \
    "$(sed -n 's/^Solutions up to symmetry: \([0-9]*\).*/\1/p' <<<"$out")"
  rm -f "$times"
}

echo "| part | old CPU s | new CPU s | old / new | solutions | classes | figures |"
echo "|---|---:|---:|---:|---:|---:|---|"
for i in $parts; do
  read -r t_old s_old c_old < <(part_once "$old" "$i")
  read -r t_new s_new c_new < <(part_once "$new" "$i")
  same=same
  [ "$s_old $c_old" = "$s_new $c_new" ] || same="DIFFER (new: $s_new $c_new)"
  printf '| %s/%s | %.2f | %.2f | %.1f× | %s | %s | %s |\n' "$i" "$m" "$t_old" "$t_new" \
    "$(echo "$t_old / $t_new" | bc -l)" "$s_old" "$c_old" "$same"
done
