#!/usr/bin/env bash
# Gathers the screen-view journeys' rows from a log of the model tests into a table (Waypoint's
# screen views on UIKitNavigator and on the core, a viewDidAppear tracker's and an onAppear-style
# tracker's, each against what the model of UIKit showed after each step), prints the summary
# line (its views are Waypoint's on both), and fails unless Waypoint missed, duplicated and
# invented nothing on either.
#
# Usage: Scripts/screen-views.sh LOG
set -euo pipefail
log=${1:?usage: Scripts/screen-views.sh LOG}
rows=$(grep -oE 'screen-views-row: .*' "$log" | sed 's/^screen-views-row: //' | sort -u || true)
[ -n "$rows" ] || { echo "screen views: no journey ran" >&2; exit 1; }
echo "| journey | steps | shown by the model | Waypoint, UIKit | Waypoint, core | viewDidAppear tracker | onAppear-style tracker |"
echo "|---|---|---|---|---|---|---|"
while IFS= read -r row; do echo "| $row |"; done <<<"$rows"
grep -oE 'screen-views-steps: .*' "$log" | sed 's/^screen-views-steps: /  /' | sort -u
journeys=$(wc -l <<<"$rows" | tr -d ' ')
# Waypoint's columns are the fourth (UIKitNavigator over the model) and the fifth (the same
# steps on a headless navigator), each "views V, missing M, duplicated D, phantom P".
waypoint=$(cut -d'|' -f4,5 <<<"$rows")
sum() { grep -oE "$1 [0-9]+" <<<"$waypoint" | awk '{ total += $2 } END { print total + 0 }'; }
views=$(sum views)
missing=$(sum missing)
duplicated=$(sum duplicated)
phantom=$(sum phantom)
echo "screen views: $journeys journeys, $views views, missing $missing, duplicated $duplicated, phantom $phantom"
[ "$journeys" -ge 3 ] || { echo "screen views: fewer than three journeys ran" >&2; exit 1; }
[ "$missing" -eq 0 ] && [ "$duplicated" -eq 0 ] && [ "$phantom" -eq 0 ] || {
  echo "screen views: Waypoint's views differ from what the model showed" >&2
  exit 1
}
