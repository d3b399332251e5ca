#!/usr/bin/env bash
# Instruction counts that repeat exactly: runs the benchmarks' `compare` (quick, one round) under
# callgrind and prints the functions that cost the most. Usage: Scripts/callgrind.sh [top-N]
# CALLGRIND_ARGS=--lookups-only (or --peer-lookups-only, --build-only) profiles only workload 1's
# Waypoint lookups (routing-kit's lookups, Waypoint's builds), three passes, and prints the count
# per lookup (per route).
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
top="${1:-40}"
args="${CALLGRIND_ARGS:---quick --rounds 1}"
swift build -c release --product compare -Xswiftc -g >/dev/null
out=$(mktemp /tmp/waypoint-callgrind.XXXXXX)
# Count only inside the function under study, so setup does not blur the figure.
toggle=() items=0
case "$args" in
  *--peer-lookups-only*)
    toggle=(--toggle-collect='$s9Workloads16DeepLinkWorkloadV6lookUpySi10RoutingKit10TrieRouterCySiG_SaySaySSGGtFZ')
    items=30000 ;;
  *--lookups-only*)
    toggle=(--toggle-collect='$s9Workloads16DeepLinkWorkloadV6lookUpySi16WaypointMatching10RouteTableVySiG_SaySSGtFZ')
    items=30000 ;;
  *--build-only*)
    toggle=(--toggle-collect='$s9Workloads16DeepLinkWorkloadV13buildWaypoint0F8Matching10RouteTableVySiGyKF')
    items=30000 ;;
esac
SWIFT_DETERMINISTIC_HASHING=1 setarch -R valgrind --tool=callgrind "${toggle[@]}" --callgrind-out-file="$out" \
  .build/release/compare $args >/dev/null 2>&1
echo "callgrind output: $out (inclusive costs, top $top)"
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | sed -n "1,$((top + 25))p" | cut -c1-200
if [ "$items" -gt 0 ]; then
  total=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ && !done {gsub(",", "", $1); print $1; done = 1}')
  echo "instructions per item: $((total / items)) ($total over $items)"
fi
