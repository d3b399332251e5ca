#!/usr/bin/env bash
# The map page's own files (Sources/waypoint/MapPage: its JavaScript, style and markup, which the
# CLI builds into the binary) checked as what they are: each script parsed by Node (`node
# --check`), and every file laid out as the rest of the repository is (two-space indentation, no
# tabs, no trailing spaces, a final line break). Also holds the Swift sources to the rule that
# moved them out: no multi-line string literal in Sources/ longer than 50 lines, so no other
# language grows back inside Swift. Prints one line per file.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
source Scripts/need.sh
need node nodejs "brew install node"
failures=0
for file in Sources/waypoint/MapPage/*; do
  case "$file" in
    *.js)
      if ! out=$(node --check "$file" 2>&1); then
        echo "$file: not JavaScript Node can parse:" >&2
        echo "$out" >&2
        failures=$((failures + 1))
        continue
      fi ;;
    *.css | *.html) ;;
    *) echo "$file: neither a script, a style sheet nor markup" >&2; failures=$((failures + 1)); continue ;;
  esac
  layout=$(awk '
    /\t/ { print FILENAME ":" FNR ": a tab" }
    / +$/ { print FILENAME ":" FNR ": trailing spaces" }
    { match($0, /^ */); if (RLENGTH % 2) print FILENAME ":" FNR ": indented by an odd number of spaces" }
  ' "$file")
  if [ -n "$(tail -c 1 "$file")" ]; then layout+=$'\n'"$file: no final line break"; fi
  if [ -n "$layout" ]; then
    echo "$layout" >&2
    failures=$((failures + 1))
  else
    echo "$file: $(wc -l < "$file") lines$([ "${file##*.}" = js ] && echo ", parsed by node")"
  fi
done
# Multi-line string literals of Swift: from a line with an odd number of `"""` to the next.
long=$(find Sources -name '*.swift' -print0 | xargs -0 awk '
  FNR == 1 { inside = 0 }
  { n = gsub(/"""/, "&") }
  n % 2 == 1 { if (inside) { if (FNR - start - 1 > 50) print FILENAME ":" start ": " FNR - start - 1 " lines"; inside = 0 } else { inside = 1; start = FNR } }
')
if [ -n "$long" ]; then
  echo "multi-line string literals over 50 lines (move their text to a file of its own):" >&2
  echo "$long" >&2
  failures=$((failures + 1))
else
  echo "Sources: no multi-line string literal over 50 lines"
fi
[ "$failures" -eq 0 ] || { echo "$failures problem(s) in the map page's files" >&2; exit 1; }
