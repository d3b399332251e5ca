#!/usr/bin/env bash
# Builds the DocC catalogs with warnings as errors (broken symbol links fail), from the modules of
# the package's own debug build: `swift build --build-tests` (nothing to do after `swift test`
# with the same settings), `swift-symbolgraph-extract` for their public symbols, then
# `docc convert` of each target's catalog (or of its symbols alone, for a target without one),
# as the docs plugin does, without building the package a second time.
# Usage: Scripts/docs.sh [target ...]   (default: WaypointMatching Waypoint WaypointSignedLinks WaypointTesting WaypointLogging WaypointMetrics WaypointTracing)
set -euo pipefail
# The package by its physical path: SwiftPM keys its build by the directory as given, so
# `Scripts/..` and the root itself would each build the package anew.
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(WaypointMatching Waypoint WaypointSignedLinks WaypointTesting WaypointLogging WaypointMetrics WaypointTracing)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

toolchain=$(dirname "$(command -v swift)")
extract="$toolchain/swift-symbolgraph-extract"
docc="$toolchain/docc"
[ -x "$extract" ] && [ -x "$docc" ] || { echo "docs: the toolchain lacks swift-symbolgraph-extract or docc" >&2; exit 2; }

# One build of the package with its tests, as `swift test` builds it (a plain `swift build`
# compiles the modules again without testability), unless the caller built it just before
# (WAYPOINT_DOCS_PREBUILT=1, as `.ci/run` says after `swift test`): SwiftPM builds the whole
# package again when the environment differs from the last build's in anything, and bash raises
# SHLVL in every script, so the build runs with its caller's.
if [ "${WAYPOINT_DOCS_PREBUILT:-}" != 1 ]; then
  SHLVL="$((${SHLVL:-1} - 1))" swift build --build-tests >"$work/build.log" 2>&1 || {
    cat "$work/build.log" >&2
    echo "docs: the package does not build" >&2
    exit 1
  }
fi
bin=$(swift build --show-bin-path)
triple=$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)
# The C modules swift-crypto's Swift modules import, for the extractor's Clang importer.
maps=()
while IFS= read -r map; do maps+=(-Xcc "-fmodule-map-file=$map"); done < <(find "$bin" -name module.modulemap 2>/dev/null)
while IFS= read -r include; do maps+=(-Xcc "-I$include"); done < <(
  find .build/checkouts -type d -name include -path '*/Sources/*' 2>/dev/null
)

for target in "${targets[@]}"; do
  echo "==> documentation for $target"
  graphs="$work/symbols/$target"
  mkdir -p "$graphs"
  log="$work/docs-$target.log"
  if ! "$extract" -module-name "$target" -target "$triple" -I "$bin/Modules" -I "$bin" "${maps[@]}" \
    -minimum-access-level public -emit-extension-block-symbols -skip-inherited-docs -output-dir "$graphs" \
    >"$log" 2>&1; then
    cat "$log" >&2
    echo "docs: the symbols of $target could not be extracted" >&2
    exit 1
  fi
  catalog=()
  [ -d "Sources/$target/Documentation.docc" ] && catalog=("Sources/$target/Documentation.docc")
  if ! "$docc" convert "${catalog[@]}" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$target" --fallback-bundle-identifier "$target" \
    --output-dir "$work/$target.doccarchive" --warnings-as-errors >"$log" 2>&1; then
    grep -vE '^(Progress|Finished|Converting)' "$log" >&2
    echo "docs: $target failed" >&2
    exit 1
  fi
done
echo "docs: ok (${targets[*]})"
