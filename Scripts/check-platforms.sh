#!/usr/bin/env bash
# Type-checks WaypointUIKit, WaypointSwiftUI and the example app's UI files once per platform
# Package.swift declares, against the SDK stubs in Checks/AppleStubs, and prints one line per
# platform ("iOS: ok").
#
# On Linux the compiler sees neither `os(iOS)` nor Apple availability, so each platform is made
# visible in a copy of the sources: in `#if` lines, `os(P)` is true for the platform checked and
# false for the others, `canImport(UIKit)` is what that platform has, and in the stubs
# `@available(P, unavailable)` and `@available(P, introduced: X)` (X above the package's minimum
# for P) become `@available(*, unavailable)`, which the compiler enforces everywhere.
# Needs the core modules of a built Checks package (Scripts/check-adapters.sh builds it first).
set -euo pipefail
# The package by its physical path: SwiftPM keys its build by the directory as given, so
# `Scripts/..` and the root itself would each build the package anew.
cd "$(cd "$(dirname "$0")/.." && pwd -P)"

checks=Checks
core="$checks/.build/debug/Modules"
[ -f "$core/Waypoint.swiftmodule" ] || { echo "check-platforms: build Checks first (Scripts/check-adapters.sh)" >&2; exit 2; }

# platform, the package's minimum version of it (Package.swift), whether it has UIKit
platforms=("iOS 18 true" "macOS 15 false" "tvOS 18 true" "watchOS 11 true" "visionOS 2 true")
grep -q '\.iOS(\.v18), \.macOS(\.v15), \.tvOS(\.v18), \.watchOS(\.v11), \.visionOS(\.v2)' Package.swift || {
  echo "check-platforms: Package.swift's platforms changed; update the list above" >&2
  exit 2
}

# view PLATFORM MINIMUM HAS_UIKIT < source > source seen from PLATFORM
view() {
  awk -v platform="$1" -v minimum="$2" -v uikit="$3" '
    function newer(version, floor,   a, b, i, n) {
      n = split(version, a, "."); split(floor, b, ".")
      for (i = 1; i <= 3; i++) { if ((a[i] + 0) != (b[i] + 0)) return (a[i] + 0) > (b[i] + 0) }
      return 0
    }
    /^[ \t]*#(if|elseif)[ \t]/ {
      gsub("os\\(" platform "\\)", "true")
      gsub(/os\([A-Za-z]+\)/, "false")
      gsub(/targetEnvironment\(macCatalyst\)/, "false")
      gsub(/canImport\(UIKit\)/, uikit)
    }
    {
      line = $0
      if (match(line, "@available\\(" platform ", unavailable\\)")) {
        line = substr(line, 1, RSTART - 1) "@available(*, unavailable)" substr(line, RSTART + RLENGTH)
      }
      if (match(line, "@available\\(" platform ", introduced: [0-9.]+\\)")) {
        version = substr(line, RSTART, RLENGTH); sub(/.*introduced: /, "", version); sub(/\)$/, "", version)
        if (newer(version, minimum)) {
          line = substr(line, 1, RSTART - 1) "@available(*, unavailable)" substr(line, RSTART + RLENGTH)
        }
      }
      print line
    }'
}

flags=(-swift-version 6 -parse-as-library -warnings-as-errors -package-name checks
  -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault
  -enable-upcoming-feature MemberImportVisibility)

# module NAME DIR: type-checks DIR's Swift files, seen from the platform, as module NAME
module() {
  local name=$1 dir=$2 files=()
  mkdir -p "$work/src/$name"
  for file in "$dir"/*.swift; do
    view "${current[@]}" <"$file" >"$work/src/$name/$(basename "$file")"
    files+=("$work/src/$name/$(basename "$file")")
  done
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$work/modules/$name.swiftmodule" \
    -I "$work/modules" -I "$work/core" "${files[@]}"
}

# platform ENTRY: the whole check of one platform, its line last; run in a subshell of its own.
platform() {
  read -r platform minimum uikit <<<"$1"
  current=("$platform" "$minimum" "$uikit")
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/modules" "$work/core"
  cp "$core"/Waypoint.swiftmodule "$core"/WaypointMatching.swiftmodule "$work/core/"
  module AppleFoundation "$checks/AppleStubs/AppleFoundation"
  module UserNotifications "$checks/AppleStubs/UserNotifications"
  module CoreSpotlight "$checks/AppleStubs/CoreSpotlight"
  # UIKit's stub is made visible where WaypointUIKit serves the platform; on tvOS and watchOS
  # the adapter compiles empty, and a source that still imported UIKit there would fail here.
  # It comes before SwiftUI's, whose bridge to UIKit view controllers it serves.
  case $platform in iOS | visionOS) module UIKit "$checks/AppleStubs/UIKit" ;; esac
  module SwiftUI "$checks/AppleStubs/SwiftUI"
  module AppIntents "$checks/AppleStubs/AppIntents"
  module WaypointUIKit Sources/WaypointUIKit
  module WaypointAdapterSupport Sources/WaypointAdapterSupport
  module WaypointSwiftUI Sources/WaypointSwiftUI
  module WaypointAppIntents Sources/WaypointAppIntents
  module NotesUI Examples/NotesApp/UI
  served="WaypointSwiftUI, WaypointAppIntents"
  case $platform in iOS | visionOS) served="WaypointUIKit, WaypointSwiftUI, WaypointAppIntents" ;; esac
  # The README's Quick start: an iOS app (notification taps, which tvOS lacks): every block on iOS
  # and visionOS, the shared and SwiftUI blocks on macOS and watchOS.
  quick=""
  case $platform in
    iOS | visionOS) module QuickStart "$checks/QuickStart"; quick=", the Quick start" ;;
    macOS | watchOS)
      mkdir -p "$work/quick"
      for file in "$checks"/QuickStart/QuickStart_*.swift; do grep -q '^import UIKit' "$file" || cp "$file" "$work/quick/"; done
      module QuickStart "$work/quick"
      quick=", the Quick start's SwiftUI app"
      ;;
  esac
  echo "$platform: ok ($served, the example's UI$quick)"
  rm -rf "$work"
}

# Two platforms at a time: each compiler process is single-threaded, and the machine has two
# cores. Each platform's output is kept and printed in the list's order; any failure fails.
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
running=()
failed=0
for index in "${!platforms[@]}"; do
  (platform "${platforms[$index]}") > "$results/$index" 2>&1 &
  running+=($!)
  if [ "${#running[@]}" -ge 2 ]; then
    wait "${running[0]}" || failed=1
    running=("${running[@]:1}")
  fi
done
for job in "${running[@]}"; do wait "$job" || failed=1; done
for index in "${!platforms[@]}"; do cat "$results/$index"; done
exit "$failed"
