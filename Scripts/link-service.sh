#!/usr/bin/env bash
# The link service's checks (LinkService/, a package of its own): its tests against real SQLite
# files and against a PostgreSQL server this script starts on loopback (Debian's postgresql
# package, installed when missing), where two `waypoint-links serve` processes share one
# database. `--build-only` builds the package and its tests and stops.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
root=$(pwd)
cd LinkService
swift build --build-tests
[ "${1:-}" = "--build-only" ] && exit 0

# An assignment, so a server that does not start stops the script (`eval "$(…)"` would not).
database=$("$root/Scripts/link-service-postgres.sh" start)
eval "$database"
trap '"$root/Scripts/link-service-postgres.sh" stop' EXIT
swift test --skip-build 2>&1 | tee /tmp/waypoint-link-service.log
grep -qE "Test run with [1-9][0-9]* tests? .*passed" /tmp/waypoint-link-service.log || {
  echo "the link service's tests did not pass" >&2
  exit 1
}
# The scale-out suite runs only with a database: it must have run here, not been skipped.
grep -q 'Suite "Scale-out: two servers on one PostgreSQL" passed' /tmp/waypoint-link-service.log || {
  echo "the scale-out test did not run" >&2
  exit 1
}
