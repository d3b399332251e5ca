#!/usr/bin/env bash
# Builds Waypoint's libFuzzer targets (with the address sanitizer) and runs each for SECONDS
# (default 60): URL parsing, pattern parsing and compilation, matching, manifest loading.
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. Scripts/fuzz.sh 600 Match
#
# Seeds come from Fuzz/Corpus/<target>, tokens from Fuzz/Dictionaries/<target>.dict; the inputs a
# run discovers go to Fuzz/.build/fuzz-corpus/<target> (kept between runs, never committed).
# A crash, a broken invariant, a hang over 10 s or a leak fails the run and leaves the input in
# Fuzz/.build/fuzz-corpus/; `FuzzX that-file` replays it. A summary per target is printed last.
set -euo pipefail
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(URL Pattern Match Manifest)
cd "$(dirname "$0")/../Fuzz"
work=.build/fuzz-corpus
mkdir -p "$work"
summary=()
# Waypoint's own modules are rebuilt every time: an incremental build can keep fuzz targets that
# inlined code from an older layout of Waypoint's types, and then crash on inputs that are fine.
rm -rf .build/*/release/Fuzz*.build .build/*/release/Waypoint*.build .build/*/release/Modules/Fuzz* \
  .build/*/release/Modules/Waypoint*
for target in "${targets[@]}"; do
  echo "==> building Fuzz$target"
  # SwiftPM hands the two sanitizers to swiftc as separate `-sanitize=` flags in no fixed order,
  # and swiftc keeps only the last: the combined flag after them gives every module both the
  # coverage instrumentation libFuzzer needs and the address sanitizer.
  swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address \
    --product "Fuzz$target" --disable-dead-strip \
    2>&1 | grep -Ev "warning: Cannot export local symbol" || true
  [ -x ".build/release/Fuzz$target" ] || { echo "Fuzz$target did not build" >&2; exit 1; }
done
for target in "${targets[@]}"; do
  echo "==> running Fuzz$target for ${seconds}s"
  mkdir -p "$work/$target"
  log="$work/$target.log"
  status=0
  SWIFT_BACKTRACE=enable=no ".build/release/Fuzz$target" -max_total_time="$seconds" -timeout=10 \
    -dict="Dictionaries/$target.dict" -print_final_stats=1 -artifact_prefix="$work/" \
    "$work/$target" "Corpus/$target" >"$log" 2>&1 || status=$?
  if grep -q "Is the code instrumented for coverage" "$log"; then
    echo "Fuzz$target runs without coverage instrumentation" >&2
    exit 1
  fi
  runs=$(grep -oE "stat::number_of_executed_units: [0-9]+" "$log" | grep -oE "[0-9]+$" || echo 0)
  corpus=$(find "$work/$target" -type f | wc -l)
  seeds=$(find "Corpus/$target" -type f | wc -l)
  if [ "$status" -ne 0 ]; then
    grep -E "invariant broken|ERROR|SUMMARY|Test unit written" "$log" >&2 || tail -30 "$log" >&2
    echo "Fuzz$target FAILED (exit $status); log: Fuzz/$log" >&2
    exit 1
  fi
  summary+=("Fuzz$target: $runs executions in ${seconds}s, corpus $corpus inputs ($seeds seeds), no failure")
done
echo
printf '%s\n' "${summary[@]}"
