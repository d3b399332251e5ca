#!/usr/bin/env bash
# Smoke test of the built CLI on the bundled manifest: `waypoint resolve` JSON lines and exit
# codes, `waypoint lint`, `routes`, `url` and `demo`. Usage: Scripts/cli-smoke.sh [path-to-waypoint]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${1:-$(swift build --show-bin-path)/waypoint}"
fail() { echo "cli-smoke: FAIL: $*" >&2; exit 1; }

out=$("$bin" resolve --format json 'notes://note/42?tag=a&tag=b' '/auth/google')
expected='{"url":"notes://note/42?tag=a&tag=b","matched":true,"name":"note.show","pattern":"notes://note/<int:id>","target":"NoteEditor","parameters":{"id":"42","mode":"read"},"rest":null,"query":{"tag":["a","b"]},"fragment":null,"redirect":null}
{"url":"/auth/google","matched":true,"name":"auth.provider","pattern":"/auth/:provider","target":"OAuth","parameters":{"provider":"google"},"rest":null,"query":{},"fragment":null,"redirect":null}'
[ "$out" = "$expected" ] || fail "resolve JSON differs:
$out"

set +e
out=$(printf '/nowhere\nnotes://home\n' | "$bin" resolve --format json); status=$?
set -e
[ "$status" = 1 ] || fail "resolve with an unmatched URL exited $status, expected 1"
[ "$(printf '%s\n' "$out" | wc -l)" = 2 ] || fail "resolve from stdin printed $(printf '%s\n' "$out" | wc -l) lines, expected 2"
printf '%s\n' "$out" | head -1 | grep -q '"code":"notFound"' || fail "unmatched URL has no notFound error"

set +e
"$bin" resolve --manifest /no/such/file.json /a 2>/dev/null; status=$?
set -e
[ "$status" = 2 ] || fail "a missing manifest exited $status, expected 2"

"$bin" lint --strict >/dev/null || fail "lint --strict on the bundled manifest failed"
"$bin" routes | head -2 | tail -1 | grep -q 'notes://promo/:campaign' || fail "routes does not list the priority-10 route first"
[ "$("$bin" url note.show id=42)" = "notes://note/42" ] || fail "url note.show id=42"
sibling=$(mktemp)
trap 'rm -f "$sibling"' EXIT
echo '{"version":1,"routes":[{"name":"me","pattern":"myapp://user/me"},{"name":"user","pattern":"myapp://user/:id"}]}' >"$sibling"
set +e
out=$("$bin" url --manifest "$sibling" user id=me 2>&1); status=$?
set -e
[ "$status" = 1 ] || fail "url for a value equal to a literal sibling exited $status, expected 1"
printf '%s' "$out" | grep -q "opens route 'myapp://user/me' (me) instead" || fail "url does not name the sibling: $out"
"$bin" demo | grep -q 'restored state equals the saved one: true' || fail "demo does not restore its saved state"
"$bin" demo --tour | grep -q '✗ notFound' || fail "demo --tour does not show an external link refused"
echo "cli-smoke: ok (resolve, lint, routes, url, demo)"
