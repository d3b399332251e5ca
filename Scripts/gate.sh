#!/usr/bin/env bash
# Waypoint's performance gate: the instructions and heap allocations of each operation a user pays
# for, counted under callgrind (which repeats them exactly where wall time does not) over a fixed
# workload (Gate/Sources/gate), against the committed Gate/Baseline.txt. More than 3% above the
# baseline fails, with a line naming the operation, both figures and the command that repeats them.
#
#   Scripts/gate.sh [OPERATION...]     measure (every operation, or those named) and compare
#   Scripts/gate.sh --update           measure every operation and write Gate/Baseline.txt
#   Scripts/gate.sh --self-test        the gate's own test: a planted 5% slowdown of `lookup`
#                                      fails it, and the same run without the plant passes
#
# A deliberate change of cost updates the baseline in the same commit and says why in its message.
# Counts are per item (a lookup, a route built, a module registered…); see docs/Performance.md.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
baseline=Gate/Baseline.txt
limit=3   # percent above the baseline that fails

mode=compare
case "${1:-}" in
  --update) mode=update; shift ;;
  --self-test) mode=self-test; shift ;;
esac

source Scripts/need.sh
need_linux "callgrind (valgrind) counts the instructions, and valgrind does not run on current macOS"
need valgrind valgrind
if ! (cd Gate && swift build -c release --product gate > /tmp/waypoint-gate-build.log 2>&1); then
  cat /tmp/waypoint-gate-build.log >&2
  echo "gate: Gate/ did not build" >&2
  exit 1
fi
binary=Gate/.build/release/gate

# measure OUT [OPERATION...]: one callgrind run; writes `name instructions-per-item
# allocations-per-item` lines to OUT. WAYPOINT_GATE_PLANT passes through.
measure() {
  local out=$1
  shift
  local work
  work=$(mktemp -d /tmp/waypoint-gate.XXXXXX)
  if ! SWIFT_DETERMINISTIC_HASHING=1 setarch -R valgrind --tool=callgrind --instr-atstart=no \
    --callgrind-out-file="$work/dump" "$binary" "$@" > "$work/lines" 2> "$work/valgrind.log"; then
    { grep -v "dwarf2" "$work/valgrind.log" || true; } | tail -20 >&2
    echo "gate: the workload failed under callgrind (log: $work/valgrind.log)" >&2
    exit 1
  fi
  # Each dump names its operation (`desc: Trigger: Client Request: NAME`) and its total.
  for dump in "$work"/dump.*; do
    awk '/^desc: Trigger: Client Request: / { name = $5 } /^totals:/ { total = $2 }
      END { if (name != "") print name, total }' "$dump"
  done > "$work/totals"
  awk 'NR == FNR { total[$1] = $2; next }
    { if (!($1 in total)) { print "gate: no callgrind dump for " $1 > "/dev/stderr"; exit 1 }
      printf "%s %d %.2f\n", $1, total[$1] / $2, $3 / $2 }' "$work/totals" "$work/lines" > "$out"
  rm -rf "$work"
}

# judge RESULTS: one line per operation against the baseline; returns 1 when any is above it.
judge() {
  awk -v limit="$limit" -v repeat="Scripts/gate.sh" -v every="${2:-}" '
    function commas(n,   s) { s = sprintf("%d", n); while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]([,]|$)/, ",&", s); return s }
    NR == FNR { if ($0 !~ /^#/ && NF == 3) { ins[$1] = $2; alloc[$1] = $3 } ; next }
    {
      name = $1; count++; seen[name] = 1
      if (!(name in ins)) {
        printf "%s: %s instructions, %.2f allocations per item: not in the baseline (add it with %s --update)\n", name, commas($2), $3, repeat
        above++; next
      }
      di = ins[name] ? 100 * ($2 - ins[name]) / ins[name] : 0
      da = alloc[name] ? 100 * ($3 - alloc[name]) / alloc[name] : ($3 > 0 ? 100 : 0)
      if (di > limit || da > limit) {
        above++
        printf "%s: ABOVE BASELINE: %s instructions per item against %s (%+.1f%%), %.2f allocations against %.2f (%+.1f%%); repeat with: %s %s\n", name, commas($2), commas(ins[name]), di, $3, alloc[name], da, repeat, name
      } else {
        note = (di < -limit || da < -limit) ? sprintf("; below by more than %d%%: lower the baseline with %s --update", limit, repeat) : ""
        printf "%s: %s instructions per item (baseline %s, %+.1f%%), %.2f allocations (baseline %.2f)%s\n", name, commas($2), commas(ins[name]), di, $3, alloc[name], note
      }
    }
    END {
      # A full run that no longer measures an operation of the baseline fails too.
      if (every == "all") for (name in ins) if (!(name in seen)) {
        printf "%s: in the baseline but not measured; remove it with %s --update if that is meant\n", name, repeat
        above++
      }
      printf "performance gate: %d operations, %d above baseline\n", count, above; exit above ? 1 : 0
    }
  ' "$baseline" "$1"
}

results=$(mktemp /tmp/waypoint-gate-results.XXXXXX)
planted=""
trap 'rm -f "$results" ${planted:+"$planted"}' EXIT
case "$mode" in
  update)
    measure "$results"
    {
      echo "# Waypoint's performance gate (Scripts/gate.sh): per item of each operation, the instructions"
      echo "# and heap allocations counted under callgrind with SWIFT_DETERMINISTIC_HASHING=1, on"
      echo "# $(swift --version 2>&1 | head -1 | sed 's/ (.*//') and $(valgrind --version)."
      echo "# A deliberate change of cost rewrites this file (Scripts/gate.sh --update) in the same commit"
      echo "# and says why in the commit message."
      echo "# operation instructions allocations"
      cat "$results"
    } > "$baseline"
    cat "$baseline"
    ;;
  compare)
    measure "$results" "$@"
    judge "$results" "$([ $# -eq 0 ] && echo all)"
    ;;
  self-test)
    # The same operation twice: with one extra pass in twenty (WAYPOINT_GATE_PLANT, 5% more work
    # counted as the same items), the gate must fail and name it; without, it must pass.
    planted=$(mktemp /tmp/waypoint-gate-planted.XXXXXX)
    WAYPOINT_GATE_PLANT=lookup measure "$planted" lookup
    if output=$(judge "$planted"); then
      echo "$output"
      echo "gate self-test FAILED: a planted 5% slowdown of lookup passed the gate" >&2
      exit 1
    fi
    echo "$output" | grep -q "^lookup: ABOVE BASELINE" ||
      { echo "$output"; echo "gate self-test FAILED: the failing line does not name lookup" >&2; exit 1; }
    echo "planted 5% slowdown: $(echo "$output" | head -1)"
    measure "$results" lookup
    output=$(judge "$results") || {
      echo "$output"
      echo "gate self-test FAILED: lookup fails without the plant" >&2
      exit 1
    }
    echo "without it: $(echo "$output" | head -1)"
    echo "gate self-test: the planted slowdown fails the gate, and the gate passes without it"
    ;;
esac
