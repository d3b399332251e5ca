#!/usr/bin/env bash
# The delivery matrix (issue "No link lost"): reads the rows the model checks printed
# (Checks/Tests/UIKitModelTests/DeliveryMatrix*.swift; one `delivery-case` line per case) from
# the adapter checks' log, prints one table per app set-up — each door a row, each state the app
# was in a column, ✓ opened once or dropped with its reason as the case requires, ✗ not, — a door
# the set-up does not have — then `delivery matrix: P/T cases`. Fails unless every case passed and
# there are at least 120. Scripts/check-adapters.sh runs it after the model tests.
set -euo pipefail
log=${1:-/tmp/waypoint-adapter-checks.log}
rows=$(grep -P '^delivery-case\t' "$log" | sort -u || true)
[ -n "$rows" ] || { echo "no delivery-case rows in $log" >&2; exit 1; }
awk -F'\t' '
  BEGIN {
    ncol = split("not running|suspended|foreground, idle|mid-push|back swipe in a tab|sheet being dismissed|app'"'"'s alert up|not ready (signing in)|window closed while it waits|backgrounded mid-link|two windows|no window open|two windows active, the key one changing|window reconnected by the system", cols, "|")
    split("cold|susp|idle|push|swipe|sheet|alert|!ready|closed|bg|2 win|0 win|key|recon", heads, "|")
    ndoor = split("URL scheme|universal link|widget|App Clip|Spotlight|Handoff|notification tap|quick action|App Intent|deferred link|notification dismissed|notification background action", doors, "|")
    nsetup = split("UIKit scenes|SwiftUI App|SwiftUI App + scene delegate", setups, "|")
  }
  { cell[$2 SUBSEP $3 SUBSEP $4] = ($5 == "pass" ? "✓" : "✗"); total++; if ($5 == "pass") passed++; else failed[++nf] = $2 " · " $3 " · " $4 ": " $6 }
  END {
    for (s = 1; s <= nsetup; s++) {
      printf "\n%s\n%-31s", setups[s], "door \\ state"
      for (c = 1; c <= ncol; c++) printf " %-6s", heads[c]
      printf "\n"
      for (d = 1; d <= ndoor; d++) {
        printf "%-31s", doors[d]
        for (c = 1; c <= ncol; c++) {
          key = setups[s] SUBSEP doors[d] SUBSEP cols[c]
          # One character each (not one byte): padded by hand.
          printf " %s     ", (key in cell ? cell[key] : "—")
        }
        printf "\n"
      }
    }
    print "\n(cold: not running; susp: suspended, a sheet left up; push: mid-push; swipe: a back swipe in the tab the link opens in;"
    print " sheet: a sheet being dismissed; alert: the app'"'"'s own alert up, where a link is dropped with its reason; !ready: signing in;"
    print " closed: the window the link waits in (signing in) closed, so it opens in the one left; bg: the app in the background mid-link;"
    print " 0 win: no window open, the link opens in the next; key: two windows active, the user in the one the link"
    print " names or, naming none, the frontmost; recon: the window scene reconnected by the system;"
    print " a dismissed notification or a background action opens nothing; — the set-up has no such door)"
    for (i = 1; i <= nf; i++) print "FAILED: " failed[i]
    printf "delivery matrix: %d/%d cases\n", passed, total
    exit (passed == total && total >= 120) ? 0 : 1
  }
' <<<"$rows"
