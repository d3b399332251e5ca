#!/usr/bin/env bash
# Smoke test of the built CLI on the bundled manifest: `waypoint resolve` JSON lines and exit
# codes, `waypoint lint`, `routes`, `url`, `demo`, and the plugin's tool `waypoint-generate`. Usage: Scripts/cli-smoke.sh [path-to-waypoint]
set -euo pipefail
# The package by its physical path: SwiftPM keys its build by the directory as given, so
# `Scripts/..` and the root itself would each build the package anew.
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
source Scripts/need.sh
need python3 python3 "xcode-select --install"
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

# Keys, signed links and manifests, as a server script uses them.
keys=$(mktemp -d)
trap 'rm -f "$sibling"; rm -rf "$keys"' EXIT
"$bin" keygen --key-id smoke --private "$keys/k.key" --public "$keys/k.pub" >/dev/null || fail "keygen"
link=$("$bin" sign --private "$keys/k.key" --key-id smoke --expires-in 600 'notes://note/7?ref=mail') || fail "sign"
"$bin" verify --public "$keys/k.pub" "$link" | grep -q "^valid: signed with key 'smoke'" || fail "verify of a fresh link"
set +e
"$bin" verify --public "$keys/k.pub" "${link/note\/7/note\/8}" >/dev/null; status=$?
set -e
[ "$status" = 1 ] || fail "verify of a tampered link exited $status, expected 1"
printf '{"revision": 1, "routes": [{"name": "n", "pattern": "https://notes.example.com/n/<int:id>", "exposure": "public"}, {"name": "a", "pattern": "https://notes.example.com/n/admin"}]}' >"$keys/m.json"
"$bin" sign --private "$keys/k.key" --key-id smoke --manifest "$keys/m.json" --signature "$keys/m.sig" >/dev/null ||
  fail "sign --manifest"
"$bin" verify --public "$keys/k.pub" --manifest "$keys/m.json" --signature "$keys/m.sig" >/dev/null ||
  fail "verify --manifest"

# The association file against the schema written from Apple's documentation, with Python's
# jsonschema (the Swift tests check it with a small checker of their own).
"$bin" aasa --manifest "$keys/m.json" --app-id ABCDE12345.com.example.notes >"$keys/aasa.json" || fail "aasa"
python3 - "$keys/aasa.json" <<'PY' || fail "aasa output does not match Schemas/apple-app-site-association.schema.json"
import json, sys
import jsonschema
schema = json.load(open("Schemas/apple-app-site-association.schema.json"))
jsonschema.Draft202012Validator.check_schema(schema)
document = json.load(open(sys.argv[1]))
jsonschema.validate(document, schema, cls=jsonschema.Draft202012Validator)
paths = [(c["/"], c.get("exclude", False)) for c in document["applinks"]["details"][0]["components"]]
assert paths == [("/n/admin", True), ("/n/admin/", True), ("/n/?*", False)], paths
PY
# The plugin's tool writes what `waypoint generate` writes, and names a file it cannot read.
# (Built beside `waypoint`; WAYPOINT_GENERATE names it elsewhere.)
generator=${WAYPOINT_GENERATE:-"$(dirname "$bin")/waypoint-generate"}
generated=$(mktemp)
trap 'rm -f "$sibling" "$generated"; rm -rf "$keys"' EXIT
"$generator" --manifest Examples/routes.json --type NotesLink --output "$generated" ||
  fail "waypoint-generate did not write the bundled manifest's enum"
printed=$("$bin" generate --manifest Examples/routes.json --type NotesLink) || fail "waypoint generate failed"
[ "$(cat "$generated")" = "$printed" ] || fail "waypoint-generate and waypoint generate wrote different sources"
for arguments in "--manifest /no/such/file.json --type NotesLink --output /dev/null|cannot read /no/such/file.json" \
  "--manifest Examples/routes.json --type Bad-Name --output /dev/null|'Bad-Name' is not a Swift type name" \
  "--manifest Examples/routes.json --type --output /dev/null|'--type' needs a value" \
  "--manifest a --manifest b|'--manifest' given twice" "--help|unknown argument '--help'"; do
  set +e
  # shellcheck disable=SC2086  # the arguments are words on purpose
  out=$("$generator" ${arguments%%|*} 2>&1); status=$?
  set -e
  [ "$status" = 1 ] || fail "waypoint-generate ${arguments%%|*} exited $status, expected 1"
  printf '%s' "$out" | grep -qF -- "${arguments#*|}" || fail "waypoint-generate ${arguments%%|*} said: $out"
done
# A short-link site for the bundled manifest: a page, a QR code and the association file.
site=$(mktemp -d)
links=$(mktemp)
trap 'rm -f "$sibling" "$generated" "$links"; rm -rf "$keys" "$site"' EXIT
cat > "$links" <<'JSON'
{"site": "https://notes.example.com", "apple": {"appIDs": ["ABCDE12345.com.example.notes"]},
 "links": [{"code": "welcome", "route": "web.note", "values": {"id": "42"}, "title": "Welcome"}]}
JSON
"$bin" links build --manifest Examples/routes.json --links "$links" --output "$site/out" > /dev/null ||
  fail "waypoint links build failed on the bundled manifest"
grep -q 'href="https://notes.example.com/n/42"' "$site/out/welcome/index.html" || fail "the preview page lacks its link"
grep -q '^<svg' "$site/out/welcome/qr.svg" || fail "no QR code"
[ -s "$site/out/.well-known/apple-app-site-association" ] || fail "no site association file"
echo "cli-smoke: ok (resolve, lint, routes, url, demo, keygen, sign, verify, aasa, waypoint-generate, links build)"
