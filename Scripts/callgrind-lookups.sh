#!/usr/bin/env bash
# Instructions per lookup at 100 and 100,000 routes, counted by callgrind: the algorithm's growth
# apart from cache misses, which the timed scale ratio mixes in. Each size runs twice, looking up
# its 10,000 URLs once and three times; the difference over 20,000 lookups leaves building out.
#
#   Scripts/callgrind-lookups.sh
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
swift build -c release --product compare >/dev/null 2>&1
bin=.build/release/compare
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --callgrind-lookups "$1" "$2" 2>&1 |
    grep -oE "Collected : [0-9]+" | grep -oE "[0-9]+"
}
for modules in 1 1000; do
  once=$(count "$modules" 1)
  thrice=$(count "$modules" 3)
  echo "$((modules * 100)) routes: $(((thrice - once) / 20000)) instructions per lookup"
done
