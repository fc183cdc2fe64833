#!/usr/bin/env bash
# README.md stays a front door with a true map of doc/: at most 200 lines,
# every doc/*.md (and doc/hypotheses/) linked from it, and every doc/ file it
# links present. One line per fault, naming the file; exit 1 on any.
set -euo pipefail
root=$1
readme="$root/README.md"
max_lines=200
fail=0

lines=$(wc -l < "$readme")
if [ "$lines" -gt "$max_lines" ]; then
  echo "README.md: $lines lines, more than $max_lines"
  fail=1
fi

# The doc/ targets of README's Markdown links, anchors dropped.
links=$(grep -o '](doc/[^)#]*' "$readme" | sed 's/^](//' | sort -u || true)

for doc in "$root"/doc/*.md "$root"/doc/hypotheses/; do
  name=${doc#"$root"/}
  if ! grep -qxF "$name" <<< "$links"; then
    echo "$name: not linked from README.md"
    fail=1
  fi
done

while IFS= read -r link; do
  [ -n "$link" ] || continue
  if [ ! -e "$root/$link" ]; then
    echo "$link: linked from README.md but missing"
    fail=1
  fi
done <<< "$links"

[ "$fail" -eq 0 ] || exit 1
echo "doc_map: README.md has $lines lines and links every doc/ file"
