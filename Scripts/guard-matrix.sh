#!/usr/bin/env bash
# The guard matrix (issue 70, "screens behind the gate"): reads the `guard-case` lines the model
# checks printed (Checks/Tests/UIKitModelTests/ScreenGuardModelTests.swift: one per kit and way a
# protected screen could be shown signed out) from the adapter checks' log, prints a row per way
# with a column per kit, then `guard matrix: P/T`. Fails unless every case passed and both kits
# ran every way. Scripts/check-adapters.sh runs it after the model tests.
set -euo pipefail
log=${1:-/tmp/waypoint-adapter-checks.log}
rows=$(grep -P '^guard-case\t' "$log" | sort -u || true)
[ -n "$rows" ] || { echo "no guard-case rows in $log" >&2; exit 1; }
awk -F'\t' '
  { cell[$3 SUBSEP $2] = ($4 == "pass" ? "✓" : "✗"); total++; if ($4 == "pass") passed++; else failed[++nf] = $2 " · " $3 ": " $5
    if (!($3 in seen)) { seen[$3] = 1; ways[++nw] = $3 } }
  END {
    printf "%-22s %-6s %-6s\n", "way \\ kit", "UIKit", "SwiftUI"
    for (w = 1; w <= nw; w++) {
      printf "%-22s %s      %s\n", ways[w], ((ways[w] SUBSEP "UIKit") in cell ? cell[ways[w] SUBSEP "UIKit"] : "—"),
        ((ways[w] SUBSEP "SwiftUI") in cell ? cell[ways[w] SUBSEP "SwiftUI"] : "—")
    }
    for (i = 1; i <= nf; i++) print "FAILED: " failed[i]
    printf "guard matrix: %d/%d\n", passed, total
    if (passed != total || total < 14) exit 1
  }' <<<"$rows"
