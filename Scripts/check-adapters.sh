#!/usr/bin/env bash
# Type-checks WaypointUIKit, WaypointSwiftUI, the example app's UI files, the README's Quick start
# (a module of its own) and the Swift code of the UI and migration articles against the interface stubs in
# Checks/AppleStubs (warnings as errors), runs the tests against the stubs' model of UIKit, then
# type-checks the adapters and the example's UI once per platform the package declares
# (Scripts/check-platforms.sh, one line per platform). Nothing here runs on iOS: it proves the
# code is written against the SDK's declarations as the stubs copy them.
set -euo pipefail
# The package by its physical path: SwiftPM keys its build by the directory as given, so
# `Scripts/..` and the root itself would each build the package anew.
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
source Scripts/need.sh
need_linux "its stubs are modules named UIKit and SwiftUI, which a Mac's SDK has; there, build the adapters in Xcode"

snippets=Checks/DocCode
quickstart=Checks/QuickStart
find "$snippets" "$quickstart" -name '*.swift' ! -name Placeholder.swift -delete
# extract FILE PREFIX [SECTION [DIR]]: every ```swift block (of SECTION, a "## " heading, if given)
# into DIR (the snippets' module by default), but those that import WaypointMacros, which
# Scripts/check-link-macros.sh type-checks with the macros.
extract() {
  awk -v dir="${4:-$snippets}" -v prefix="$2" -v section="${3:-}" '
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
extract README.md QuickStart "Quick start" "$quickstart"
[ "$(find "$quickstart" -name 'QuickStart_*.swift' | wc -l)" -eq 3 ] || {
  echo "the README's Quick start should hold 3 Swift blocks (shared, UIKit, SwiftUI)" >&2
  exit 1
}
# The DocC article "Getting started" is the Quick start step by step: the same code, blank lines
# aside, split by prose, so the module above type-checks both.
code() { awk '/^```swift$/ { code = 1; next } /^```$/ { code = 0 } code' | grep -v '^[[:space:]]*$'; }
if ! diff <(awk '/^## Quick start$/ { inside = 1; next } /^## / { inside = 0 } inside' README.md | code) \
  <(code <Sources/Waypoint/Documentation.docc/GettingStarted.md) >/dev/null; then
  echo "Getting started's code differs from the README's Quick start:" >&2
  diff <(awk '/^## Quick start$/ { inside = 1; next } /^## / { inside = 0 } inside' README.md | code) \
    <(code <Sources/Waypoint/Documentation.docc/GettingStarted.md) >&2 || true
  exit 1
fi
for article in UsingWaypointWithUIKit UsingWaypointWithSwiftUI EveryWayIn ComingFromJLRoutes ComingFromURLNavigator \
  ComingFromZIKRouter; do
  extract "Sources/Waypoint/Documentation.docc/$article.md" "$article"
done
extract Sources/Waypoint/Documentation.docc/WiringThePartsYourself.md WiringThePartsYourself "In an app"
echo "snippets: $(find "$snippets" -name '*.swift' ! -name Placeholder.swift | wc -l | tr -d ' ') Swift blocks"
echo "stubbed declarations: $(grep -ho 'https://developer.apple.com/documentation/[a-z]*/[^ `]*' Checks/AppleStubs -r | sort -u | wc -l | tr -d ' ') pages"

cd Checks
# shellcheck source=Scripts/checks-flags.sh
source ../Scripts/checks-flags.sh
swift build --build-tests "${checks_flags[@]}"
# The coverage each test process writes goes to /tmp, never into the tree.
LLVM_PROFILE_FILE=/tmp/waypoint-checks-%p.profraw WAYPOINT_LINK_PATH_PROFILE=/tmp/waypoint-checks-link-path.profraw \
  swift test --skip-build 2>&1 | tee /tmp/waypoint-adapter-checks.log
rm -f /tmp/waypoint-checks-*.profraw
grep -qE "Test run with [1-9][0-9]* tests? .*passed" /tmp/waypoint-adapter-checks.log || { echo "no model test ran" >&2; exit 1; }
cd ..
# Every door × every state × every app set-up: the table, and `delivery matrix: P/T cases`.
Scripts/delivery-matrix.sh /tmp/waypoint-adapter-checks.log
# A protected screen, signed out, in every way it could be shown, UIKit and SwiftUI: the table,
# and `guard matrix: P/T` (Checks/Tests/UIKitModelTests/ScreenGuardModelTests.swift).
Scripts/guard-matrix.sh /tmp/waypoint-adapter-checks.log
# Screen views over three journeys (Checks/Tests/UIKitModelTests/ScreenJourneyTests.swift): a row
# per journey, the table, and `screen views: J journeys, V views, missing 0, duplicated 0, phantom 0`.
Scripts/screen-views.sh /tmp/waypoint-adapter-checks.log
# review NAME LETTER COUNT REASONS: the findings of an adapter review (LETTER1…LETTERCOUNT) a check
# covers — a model test named "An: …", or a package test or a stub declaration (which makes the
# snippets' type-check fail) that says "An of the NAME adapter review" — and those with a stated
# reason in REASONS instead; fails on a finding with neither, so a check or reason taken away
# fails the run.
review() {
  local name=$1 letter=$2 count=$3 reasons=$4
  local covered reasoned open=""
  covered=$(grep -rhoE "\"$letter[0-9]+:|$letter[0-9]+ of the $name adapter review" Checks/Tests Checks/AppleStubs Tests |
    grep -oE "$letter[0-9]+" | sort -u -k1.2n | tr '\n' ' ')
  echo "$name adapter review, findings with a check: ${covered% } ($(wc -w <<<"$covered" | tr -d ' ') of $count)"
  reasoned=$(grep -oE "^- $letter[0-9]+:" "$reasons" | grep -oE "$letter[0-9]+" | tr '\n' ' ')
  for n in $(seq 1 "$count"); do
    grep -qw "$letter$n" <<<"$covered $reasoned" || open="$open $letter$n"
  done
  echo "$name adapter review, with a stated reason: ${reasoned% }; neither yet:${open:- none}"
  [ -z "$open" ] || { echo "check-adapters: $name review findings with neither a check nor a reason:$open" >&2; exit 1; }
}
# shared/reviews/adapters-turn4.md and shared/reviews/adapters-third.md.
review second A 33 Checks/SecondReviewReasons.md
review third B 18 Checks/ThirdReviewReasons.md
# shared/reviews/adapters-fourth.md.
review fourth E 14 Checks/FourthReviewReasons.md
Scripts/check-platforms.sh
