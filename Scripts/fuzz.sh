#!/usr/bin/env bash
# Builds Waypoint's libFuzzer targets (with the address sanitizer) and runs each for SECONDS
# (default 60), as many side by side as there are cores: URL parsing, pattern parsing,
# compilation and printing, matching, manifest loading, signed-link verification, navigation
# (transitions, reverts, reported changes and plans).
#
#   Scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. Scripts/fuzz.sh 600 Match
#   Scripts/fuzz.sh --build-only [TARGET...]   build them (every target by default), run none
#
# Seeds come from Fuzz/Corpus/<target>, tokens from Fuzz/Dictionaries/<target>.dict. The inputs a
# run discovers go to Fuzz/Work/Corpus/<target>, and a finding (a crash, a broken invariant, a
# hang over 10 s, a leak) to Fuzz/Work/Findings/<target>; both are kept between runs (never
# committed) and every run replays them first, so a finding fails each run until it is fixed.
# `Fuzz/.build/release/FuzzX FILE` replays one input; a fixed finding worth keeping becomes a seed
# in Fuzz/Corpus/<target>. A summary per target is printed last.
#
# The binaries are built from the sources in the tree: a build that fails fails the script with
# SwiftPM's message. When any Swift source or package manifest changed since the last build, the
# build starts from `swift package clean`, so no target keeps code it inlined from an older
# layout of Waypoint's types.
set -euo pipefail
build_only=false
if [ "${1:-}" = "--build-only" ]; then
  build_only=true
  shift
fi
seconds=60
if ! $build_only; then
  seconds=${1:-60}
  shift || true
fi
targets=("$@")
every=(URL Pattern Match Manifest Link Navigation)
[ ${#targets[@]} -gt 0 ] || targets=("${every[@]}")
cd "$(dirname "$0")/../Fuzz"
work=Work
mkdir -p "$work"

sources=$(
  {
    swift --version 2>&1
    find ../Sources Sources -type f -name '*.swift' -print0 | sort -z | xargs -0 sha256sum
    sha256sum ../Package.swift Package.swift
  } | sha256sum | cut -d' ' -f1
)
if [ "$(cat "$work/built-sources" 2>/dev/null)" != "$sources" ]; then
  echo "==> sources changed since the last fuzz build: swift package clean"
  rm -f "$work/built-sources"
  swift package clean
fi

# SwiftPM hands the two sanitizers to swiftc as separate `-sanitize=` flags in no fixed order,
# and swiftc keeps only the last: the combined flag after them gives every module both the
# coverage instrumentation libFuzzer needs and the address sanitizer. The order comes from a
# hashed set, different in every SwiftPM process, and a changed command line rebuilds every
# module: with deterministic hashing the order repeats, and a build of unchanged sources does
# nothing (it rebuilt all of them, two minutes and a half, each time it was asked).
build() {
  local log="$work/build.log" status=0
  SWIFT_DETERMINISTIC_HASHING=1 swift build -c release --sanitize=fuzzer --sanitize=address \
    -Xswiftc -sanitize=fuzzer,address \
    "$@" --disable-dead-strip >"$log" 2>&1 || status=$?
  # Every Swift module linked with the fuzzer runtime repeats this linker note; it says nothing.
  grep -v "warning: Cannot export local symbol" "$log" || true
  if [ "$status" -ne 0 ]; then
    echo "the fuzz targets did not build (swift build exited $status); nothing was fuzzed" >&2
    exit 1
  fi
}
if [ ${#targets[@]} -eq ${#every[@]} ]; then
  # Every target: one build of the package (it holds only fuzz targets), so their modules and
  # swift-crypto's C compile side by side.
  echo "==> building every fuzz target"
  build
else
  for target in "${targets[@]}"; do
    echo "==> building Fuzz$target"
    build --product "Fuzz$target"
  done
fi
for target in "${targets[@]}"; do
  [ -x ".build/release/Fuzz$target" ] || { echo "Fuzz$target built no binary" >&2; exit 1; }
done
echo "$sources" >"$work/built-sources"
if $build_only; then exit 0; fi

# Each target fuzzes on one core (libFuzzer runs one process), so the targets run side by side,
# as many at once as there are cores (FUZZ_JOBS overrides): each still gets its SECONDS alone.
jobs=${FUZZ_JOBS:-$(nproc)}
run() {
  local target=$1
  local corpus="$work/Corpus/$target" findings="$work/Findings/$target"
  mkdir -p "$corpus" "$findings"
  local status=0
  # The first folder receives new inputs; all three are replayed when the run starts.
  SWIFT_BACKTRACE=enable=no ".build/release/Fuzz$target" -max_total_time="$seconds" -timeout=10 \
    -dict="Dictionaries/$target.dict" -print_final_stats=1 -artifact_prefix="$findings/" \
    "$corpus" "Corpus/$target" "$findings" >"$work/$target.log" 2>&1 || status=$?
  echo "$status" >"$work/$target.status"
}
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "==> running Fuzz$target for ${seconds}s"
  rm -f "$work/$target.status"
  run "$target" &
done
wait

summary=()
for target in "${targets[@]}"; do
  corpus="$work/Corpus/$target"
  findings="$work/Findings/$target"
  log="$work/$target.log"
  status=$(cat "$work/$target.status" 2>/dev/null || echo "no status")
  if grep -q "Is the code instrumented for coverage" "$log"; then
    echo "Fuzz$target runs without coverage instrumentation" >&2
    exit 1
  fi
  runs=$(grep -oE "stat::number_of_executed_units: [0-9]+" "$log" | grep -oE "[0-9]+$" || echo 0)
  inputs=$(find "$corpus" -type f | wc -l)
  seeds=$(find "Corpus/$target" -type f | wc -l)
  if [ "$status" != 0 ]; then
    grep -E "invariant broken|ERROR|SUMMARY|Test unit written" "$log" >&2 || tail -30 "$log" >&2
    echo "Fuzz$target FAILED (exit $status); log: Fuzz/$log; the input is kept in Fuzz/$findings" >&2
    exit 1
  fi
  summary+=("Fuzz$target: $runs executions in ${seconds}s, corpus $inputs inputs ($seeds seeds), no failure")
done
echo
printf '%s\n' "${summary[@]}"
