#!/usr/bin/env bash
# The map page (`waypoint graph --format html`) in a headless Chromium: every example link pasted
# and read back, thousands of variations resolved by the page and by `waypoint resolve` and
# compared, pan, zoom and find exercised, and no script error or request allowed. Needs python3
# and Chromium (Debian: `apt-get install chromium`; `.ci/run` installs it). Uses the debug build's
# `waypoint` (built here if missing); WAYPOINT_BINARY and CHROMIUM override the two.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
binary=${WAYPOINT_BINARY:-.build/debug/waypoint}
if [ ! -x "$binary" ]; then swift build --product waypoint; fi
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$browser" ]; then
  echo "check-map-page: no Chromium found; install Debian's chromium package (apt-get install chromium)" >&2
  exit 1
fi
python3 Scripts/map-page/check.py "$binary" "$browser" "${TMPDIR:-/tmp}/waypoint-map-page"
