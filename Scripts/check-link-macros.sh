#!/usr/bin/env bash
# A client module of WaypointMacros, compiled against the package as built (`swift build
# --build-tests` first): the typed-links enum of the README compiles, and each mistake the macros
# catch fails to compile with a diagnostic naming its case; one enum's expansion, and each
# diagnostic's line, column and fix-it, are exactly as expected; typed screen and tab names
# compile, and a misspelled one does not; a route's arguments out of order get the compiler's
# message naming the form meant. Prints one line per check.
set -euo pipefail
# The package by its physical path: SwiftPM keys its build by the directory as given, so
# `Scripts/..` and the root itself would each build the package anew.
cd "$(cd "$(dirname "$0")/.." && pwd -P)"
bin=$(swift build --show-bin-path)
plugin="$bin/WaypointMacrosPlugin-tool"
[ -x "$plugin" ] || { echo "build the package first: $plugin is missing" >&2; exit 1; }
work=$(mktemp -d /tmp/waypoint-link-client.XXXXXX)
trap 'rm -rf "$work"' EXIT

# typecheck FILE [FLAG...]: the compiler's output for FILE as a client module.
typecheck() {
  local file=$1
  shift
  swiftc -typecheck -swift-version 6 -module-name LinkClient -I "$bin/Modules" \
    -load-plugin-executable "$plugin#WaypointMacrosPlugin" "$@" "$file" 2>&1
}

# The client: the enum as an app writes it, parsed and printed.
client() {
  cat <<SWIFT
import Foundation
import WaypointMacros

@Routable
enum NotesLink: Equatable {
$1
}

func use() throws {
  _ = NotesLink(url: "notes://note/42")
  _ = try NotesLink(parsing: "notes://search?query=a%20b")
}
SWIFT
}

good='  @Route("notes://note/<int:id>") case note(id: Int)
  @Route("notes://folder/<uuid:folder>/page/<int:page>") case folder(folder: UUID, page: Int)
  @Route("notes://search") case search(query: String, page: Int = 1)
  @Route("notes://files/*path") case files(path: [String])
  @Route("notes://settings(/:section)", exposure: .public) case settings(section: String?)'

client "$good" > "$work/Good.swift"
if ! out=$(typecheck "$work/Good.swift"); then
  echo "the client does not compile:" >&2
  echo "$out" >&2
  exit 1
fi
echo "client: compiles"

failures=0
# check NAME FILE WANTED: FILE compiles when WANTED is empty, or fails with a diagnostic holding WANTED.
check() {
  local name=$1 file=$2 wanted=$3
  if [ -z "$wanted" ]; then
    if ! out=$(typecheck "$file"); then
      echo "$name: does not compile:" >&2
      echo "$out" >&2
      failures=$((failures + 1))
    else
      echo "$name: compiles"
    fi
  elif out=$(typecheck "$file"); then
    echo "$name: compiled, but should not" >&2
    failures=$((failures + 1))
  elif ! grep -qF -- "$wanted" <<<"$out"; then
    echo "$name: failed without the diagnostic \"$wanted\":" >&2
    echo "$out" >&2
    failures=$((failures + 1))
  else
    echo "$name: $(grep -m1 -F -- "$wanted" <<<"$out" | sed 's/^.*error: //')"
  fi
}

# Each mistake: a name, the cases, and the text its diagnostic must hold.
expect_error() {
  client "$2" > "$work/$1.swift"
  check "$1" "$work/$1.swift" "$3"
}

expect_error placeholder '  @Route("notes://note/<int:id>") case note(number: Int)' \
  "case 'note': the placeholder 'id'"
expect_error unlabeled '  @Route("notes://note/<int:id>") case note(Int)' \
  "case 'note': every associated value needs a label"
expect_error wrong-type '  @Route("notes://note/<int:id>") case note(id: String)' \
  "case 'note': the placeholder '<int:id>' reads Int values"
expect_error optional-group '  @Route("notes://settings(/:section)") case settings(section: String)' \
  "case 'settings': 'section' lies in an optional group"
expect_error invalid-pattern '  @Route("notes://note/<int:id") case note(id: Int)' \
  "case 'note': invalid pattern 'notes://note/<int:id' at column"
expect_error conflict '  @Route("notes://item/:id") case item(id: String)
  @Route("notes://item/:key") case other(key: String)' \
  "case 'other': routes 'notes://item/:id' (item) and 'notes://item/:key' (other) conflict"

# What `@Routable` writes for one enum, exactly: the compiler's own dump of the expansions against
# Scripts/link-macros/expansion.expected (after a deliberate change of the macros, write it anew
# from the dump this prints).
cp Scripts/link-macros/expansion.input "$work/Expansion.swift"
# The toolchain's driver now and then prints a line of its own ("Internal Error: DecodingError…",
# also seen in plain builds here) and goes on: no part of the expansion, so it is left out.
status=0
typecheck "$work/Expansion.swift" -Xfrontend -dump-macro-expansions > "$work/expansion.raw" || status=$?
grep -v '^Internal Error: ' "$work/expansion.raw" > "$work/expansion.out" || true
if [ "$status" -ne 0 ]; then
  echo "expansion: the enum does not compile:" >&2
  cat "$work/expansion.raw" >&2
  failures=$((failures + 1))
elif ! diff -u Scripts/link-macros/expansion.expected "$work/expansion.out" >&2; then
  echo "expansion: the macros wrote something else than Scripts/link-macros/expansion.expected (diff above)" >&2
  failures=$((failures + 1))
else
  echo "expansion: $(grep -c . "$work/expansion.out") lines, as expected"
fi

# Each diagnostic exactly where it belongs: line and column in the enum (whose cases start on
# line 5) and the fix-it's note, the compiler's output holding every line given.
exact() {
  local name=$1 body=$2 missing=0
  shift 2
  printf 'import Foundation\nimport WaypointMacros\n@Routable\nenum Link {\n%s\n}\n' "$body" > "$work/$name.swift"
  if out=$(typecheck "$work/$name.swift" -diagnostic-style llvm); then
    echo "$name: compiled, but should not" >&2
    failures=$((failures + 1))
    return
  fi
  for line in "$@"; do
    if ! grep -qF -- "$work/$name.swift:$line" <<<"$out"; then
      echo "$name: no diagnostic \"$line\":" >&2
      missing=1
    fi
  done
  # Nothing more: no other error or fix-it in the enum's file (the notes that point at the
  # expansion, and errors inside it, are the compiler's own follow-ups).
  local ours="$work/$name.swift:[0-9]*:[0-9]*:"
  local errors notes
  errors=$(grep -c -- "^$ours error: " <<<"$out" || true)
  notes=$(grep -- "^$ours note: " <<<"$out" | grep -vc "note: in expansion of macro" || true)
  if [ "$errors" -ne "$(printf '%s\n' "$@" | grep -c ': error: ')" ] ||
    [ "$notes" -ne "$(printf '%s\n' "$@" | grep -c ': note: ')" ]; then
    echo "$name: $errors error(s) and $notes fix-it note(s), not just those expected:" >&2
    missing=1
  fi
  if [ "$missing" -eq 1 ]; then
    echo "$out" >&2
    failures=$((failures + 1))
  else
    echo "$name: at $(cut -d: -f1,2 <<<"$1")"
  fi
}
from="(from macro 'Routable')"
exact at-placeholder '  @Route("app://note/<int:id>") case note(number: Int)' \
  "5:38: error: case 'note': the placeholder 'id' of 'app://note/<int:id>' has no associated value named 'id' $from"
exact at-unlabeled '  @Route("app://note/<int:id>") case note(Int)' \
  "5:43: error: case 'note': every associated value needs a label, the name of its placeholder or query item $from"
exact at-wrong-type '  @Route("app://note/<int:id>") case note(id: String)' \
  "5:43: error: case 'note': the placeholder '<int:id>' reads Int values, but 'id' is String $from" \
  "5:43: note: change the type of 'id' to Int"
exact at-optional-group '  @Route("app://settings(/:section)") case settings(section: String)' \
  "5:53: error: case 'settings': 'section' lies in an optional group of the pattern, so it must be optional ('String?') $from" \
  "5:53: note: make 'section' optional"
exact at-invalid-pattern '  @Route("app://note/<int:id") case note(id: Int)' \
  "5:10: error: case 'note': invalid pattern 'app://note/<int:id' at column 19: expected '>' to close '<int:id' $from"
exact at-conflict '  @Route("app://item/:id") case item(id: String)
  @Route("app://item/:key") case other(key: String)' \
  "6:34: error: case 'other': routes 'app://item/:id' (item) and 'app://item/:key' (other) conflict: some URLs match both the same way, with the same priority (0), and parameter names do not tell routes apart; tell them apart with a typed parameter (such as '<int:id>'), a constraint (such as ':id([0-9]+)'), a different literal, or a higher priority for one of them $from"
exact at-case-without-route '  case note(id: Int)' \
  "5:3: error: case 'note' has no @Route: every case of a @Routable enum is a route $from"
exact at-optional-query-default '  @Route("app://search") case search(query: String? = "all")' \
  "5:38: error: case 'search': 'query' is optional, so an absent query item is nil; its default must be nil $from"

# The documentation's examples that use the macros, each type-checked as its own client file.
docs=0
for article in README.md Sources/Waypoint/Documentation.docc/*.md; do
  awk -v dir="$work" -v prefix="$(basename "$article" .md)" '
    /^```swift$/ { code = 1; block = ""; next }
    /^```$/ {
      if (code) {
        code = 0
        if (block ~ /import WaypointMacros/) { n++; out = sprintf("%s/doc-%s-%02d.swift", dir, prefix, n); printf "%s", block > out; close(out) }
      }
      next
    }
    code { block = block $0 "\n" }
  ' "$article"
done
for snippet in "$work"/doc-*.swift; do
  [ -e "$snippet" ] || continue
  if ! out=$(typecheck "$snippet"); then
    echo "$(basename "$snippet"): the documentation's example does not compile:" >&2
    echo "$out" >&2
    failures=$((failures + 1))
  fi
  docs=$((docs + 1))
done
echo "documentation examples with the macros: $docs compile"

# Typed screen and tab names: an app declares its screens and tabs once as enums and uses them
# wherever a name is taken; a misspelled case, or a screen given where a tab belongs, does not
# compile. The Quick start's routes written so compile.
names() {
  cat <<SWIFT
import Waypoint

enum NotesScreen: String, TargetName { case list = "Notes", note = "Note", settings = "Settings", login = "Login" }
enum NotesTab: String, TabName { case notes, settings }

@MainActor func routes() -> RouterBuilder {
  var routes = RouterBuilder()
  routes.use(SignInGate(showing: "/login", protecting: [NotesScreen.settings]) { false })
$1
  return routes
}

@MainActor func tabs() -> [NavigationTab] {
  [NavigationTab(NotesTab.notes, root: NotesScreen.list, title: "Notes"),
   NavigationTab(NotesTab.settings, root: NotesScreen.settings, title: "Settings")]
}
SWIFT
}
name_check() {
  names "$2" > "$work/$1.swift"
  check "$1" "$work/$1.swift" "$3"
}
typed='  routes.add("/note/<int:id>", target: NotesScreen.note, tab: NotesTab.notes, under: [NotesScreen.list], exposure: .public)
  routes.add("/settings", target: NotesScreen.settings, tab: NotesTab.settings, exposure: .public)
  routes.add("/login", target: NotesScreen.login, presentation: .sheet)'
name_check typed-names "$typed" ""
name_check misspelled-screen '  routes.add("/note/<int:id>", target: NotesScreen.noet, tab: NotesTab.notes)' \
  "type 'NotesScreen' has no member 'noet'"
name_check misspelled-tab '  routes.add("/note/<int:id>", target: NotesScreen.note, tab: NotesTab.note)' \
  "type 'NotesTab' has no member 'note'"
name_check screen-for-tab '  routes.add("/note/<int:id>", target: NotesScreen.note, tab: NotesScreen.list)' \
  "requires that 'NotesScreen' conform to 'TabName'"
# A route's arguments out of order: the compiler names the form meant, not a deprecated one.
name_check argument-order '  routes.add("/settings", target: "Settings", exposure: .public, tab: "settings")' \
  "argument 'tab' must precede argument 'exposure'"

# The Typed links article's typed names, as an app writes them.
awk -v out="$work/typed-names-article.swift" '
  /^### Typed screen and tab names$/ { inside = 1 }
  /^```swift$/ { if (inside) { code = 1; next } }
  /^```$/ { if (code) { code = 0; inside = 0 }; next }
  code { print > out }
' Sources/Waypoint/Documentation.docc/TypedLinks.md
if [ ! -s "$work/typed-names-article.swift" ]; then
  echo "typed-names-article: the Typed links article has no example under 'Typed screen and tab names'" >&2
  failures=$((failures + 1))
else
  check typed-names-article "$work/typed-names-article.swift" ""
fi

if [ "$failures" -gt 0 ]; then
  echo "$failures mistake(s) not caught" >&2
  exit 1
fi
