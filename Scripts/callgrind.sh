#!/usr/bin/env bash
# Instruction counts that repeat exactly: runs the benchmarks' `compare` (quick, one round) under
# callgrind and prints the functions that cost the most. Usage: Scripts/callgrind.sh [top-N]
# CALLGRIND_ARGS=--lookups-only (or --build-only) profiles workload 1's lookups (or builds) alone.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
top="${1:-40}"
swift build -c release --product compare -Xswiftc -g >/dev/null
out=$(mktemp /tmp/waypoint-callgrind.XXXXXX)
SWIFT_DETERMINISTIC_HASHING=1 setarch -R valgrind --tool=callgrind --callgrind-out-file="$out" \
  .build/release/compare ${CALLGRIND_ARGS:---quick --rounds 1} >/dev/null 2>&1
echo "callgrind output: $out (inclusive costs, top $top)"
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | sed -n "1,$((top + 25))p" | cut -c1-200
