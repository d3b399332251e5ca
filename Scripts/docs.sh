#!/usr/bin/env bash
# Builds the DocC catalogs with warnings as errors (broken symbol links fail). The docs plugin is
# added to a temporary copy of the package, so the package itself does not depend on it.
# Usage: Scripts/docs.sh [target ...]   (default: WaypointMatching Waypoint WaypointSignedLinks WaypointTesting WaypointLogging)
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(WaypointMatching Waypoint WaypointSignedLinks WaypointTesting WaypointLogging)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar --exclude='.build*' --exclude='./.git' --exclude='./Fuzz/Work' -cf - . | tar -xf - -C "$work"
cat >> "$work/Package.swift" <<'SWIFT'

package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
SWIFT
for target in "${targets[@]}"; do
  echo "==> documentation for $target"
  log="$work/docs-$target.log"
  if ! (cd "$work" && swift package --scratch-path "$work/.build" generate-documentation --target "$target" \
    --warnings-as-errors >"$log" 2>&1); then
    grep -vE '^\[[0-9]+/[0-9]+\]|^Build|^Building|^Write' "$log" >&2
    echo "docs: $target failed" >&2
    exit 1
  fi
done
echo "docs: ok (${targets[*]})"
