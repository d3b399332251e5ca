#!/usr/bin/env bash
# Type-checks WaypointUIKit, WaypointSwiftUI, the example app's UI files and the Swift code of the
# README's "In an app" section and the UI and migration articles against the interface stubs in
# Checks/AppleStubs (warnings as errors), runs the tests against the stubs' model of UIKit, then
# type-checks the adapters and the example's UI once per platform the package declares
# (Scripts/check-platforms.sh, one line per platform). Nothing here runs on iOS: it proves the
# code is written against the SDK's declarations as the stubs copy them.
set -euo pipefail
cd "$(dirname "$0")/.."

snippets=Checks/DocCode
find "$snippets" -name '*.swift' ! -name Placeholder.swift -delete
# extract FILE PREFIX [SECTION]: every ```swift block (of SECTION, a "## " heading, if given), but
# those that import WaypointMacros, which Scripts/check-link-macros.sh type-checks with the macros.
extract() {
  awk -v dir="$snippets" -v prefix="$2" -v section="${3:-}" '
    /^## / { inside = (section == "" || $0 == "## " section) }
    /^```swift$/ { if (inside || section == "") { code = 1; block = ""; next } }
    /^```$/ {
      if (code) {
        code = 0
        if (block !~ /import WaypointMacros/) {
          n++; out = sprintf("%s/%s_%02d.swift", dir, prefix, n); printf "%s", block > out; close(out)
        }
        next
      }
    }
    code { block = block $0 "\n" }
  ' "$1"
}
extract README.md Readme "In an app"
for article in UsingWaypointWithUIKit UsingWaypointWithSwiftUI EveryWayIn ComingFromJLRoutes ComingFromURLNavigator ComingFromZIKRouter; do
  extract "Sources/Waypoint/Documentation.docc/$article.md" "$article"
done
echo "snippets: $(find "$snippets" -name '*.swift' ! -name Placeholder.swift | wc -l | tr -d ' ') Swift blocks"
echo "stubbed declarations: $(grep -ho 'https://developer.apple.com/documentation/[a-z]*/[^ `]*' Checks/AppleStubs -r | sort -u | wc -l | tr -d ' ') pages"

cd Checks
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build 2>&1 | tee /tmp/waypoint-adapter-checks.log
grep -qE "Test run with [1-9][0-9]* tests? .*passed" /tmp/waypoint-adapter-checks.log || { echo "no model test ran" >&2; exit 1; }
cd ..
Scripts/check-platforms.sh
