#!/usr/bin/env bash
# The map page (`waypoint graph --format html`) in a headless Chromium: every example link pasted
# and read back, thousands of variations resolved by the page and by `waypoint resolve` and
# compared, pan, zoom and find exercised, and no script error or request allowed. Needs python3
# and Chromium (Debian: `apt-get install chromium`, installed when missing as root). Uses the debug build's
# `waypoint` (built here if missing); WAYPOINT_BINARY and CHROMIUM override the two.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
binary=${WAYPOINT_BINARY:-.build/debug/waypoint}
if [ ! -x "$binary" ]; then swift build --product waypoint; fi
source Scripts/need.sh
need python3 python3 "xcode-select --install"
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$browser" ]; then
  need chromium chromium "install Google Chrome and set CHROMIUM to its binary"
  browser=$(command -v chromium)
fi
python3 Scripts/map-page/check.py "$binary" "$browser" "${TMPDIR:-/tmp}/waypoint-map-page"
