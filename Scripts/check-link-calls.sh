#!/usr/bin/env bash
# A screen opens a link in one line: no line of the README, the DocC articles, docs/ or the
# example app that opens a link from the app (`openLink(`, `app.open(`, `App.app.open(`) or
# closes a screen (`closeScreen(`) holds `Task {`, `try` or `await` (issue 70). The router's own
# pages (`router.open`, the inbox's `open`) show the router's async result and are not app calls.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
# The Swift code of the pages (their ```swift blocks) and the example's sources, as file:line:text.
code=$(
  {
    for page in README.md $(find Sources -path '*.docc/*.md' | sort) $(find docs -name '*.md' | sort); do
      awk -v file="$page" '/^```swift$/ { inside = 1; next } /^```$/ { inside = 0 } inside { print file ":" FNR ":" $0 }' "$page"
    done
    find Examples -name '*.swift' | sort | xargs grep -Hn ''
  }
)
calls='(\bopenLink\(|\b[A-Za-z]*[aA]pp\.open\(|\bcloseScreen\()'
lines=$(grep -E "^[^:]+:[0-9]+:.*$calls" <<<"$code" || true)
checked=$(grep -c . <<<"$lines" || true)
bad=$(grep -E 'Task \{|\btry\b|\bawait\b' <<<"$lines" || true)
if [ -n "$bad" ]; then
  echo "lines that open a link or close a screen with Task {, try or await:" >&2
  echo "$bad" >&2
  exit 1
fi
echo "link calls: $checked lines open a link or close a screen, none with Task {, try or await"
