# The flags the adapter checks in Checks/ are built with, by Scripts/check-adapters.sh and
# Scripts/link-path.sh alike, so one build in Checks/.build serves both: warnings are errors, and
# code coverage with `WAYPOINT_LINK_PATH` lets the link-path test count what one link runs.
# shellcheck disable=SC2034
checks_flags=(-Xswiftc -warnings-as-errors -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping
  -Xswiftc -DWAYPOINT_LINK_PATH)
