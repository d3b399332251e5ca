#!/usr/bin/env bash
# Lists the types whose code runs on the way of one link from `Router.open` to UIKit's push:
# the link of Checks/Tests/UIKitModelTests/LinkPathTests.swift (a manifest route with an `under`
# screen and one pass-through middleware, on an empty UIKitNavigator over the model of UIKit),
# counted by code coverage, not by reading. The test resets the coverage counters just before
# the open and writes them just after it; every function of Waypoint, WaypointMatching and
# WaypointUIKit that ran in between is attributed to its type (a closure to the type of the
# function it is in, a nested type to itself). Prints the types per module, per half, and the
# totals.
#
# The halves: the router's (WaypointMatching, and Waypoint's Routing/, Manifest/ and Support/)
# and the navigation half (placing, making and showing: the rest of Waypoint, and WaypointUIKit),
# a nested type counted with its owner.
#
# --check (in .ci/run, after Scripts/check-adapters.sh): fails when the navigation half passes
# more than NAVIGATION_BOUND types, when the plan's steps are worked out more than once, or when
# the Navigation article's "How a link becomes a
# screen" quotes other figures or other types than this prints.
#
# Builds the adapter checks in Checks/.build with coverage and `WAYPOINT_LINK_PATH`, the build
# Scripts/check-adapters.sh makes (the same flags, so one build serves both).
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)/Checks"

# The issue that set the bound (60) aims at 22; the link passed 28, then 27 once the UIKit
# navigator read the state's levels directly rather than SwiftUI's NavigationLevel; no change may add one.
NAVIGATION_BOUND=27
scratch=.build
profile="$PWD/$scratch/link-path.profraw"
# shellcheck source=Scripts/checks-flags.sh
source ../Scripts/checks-flags.sh
source ../Scripts/need.sh
need_linux "it runs the adapter checks of Checks/ (see Scripts/check-adapters.sh)"
need python3 python3 "xcode-select --install"
mkdir -p "$scratch"
swift build --build-tests --scratch-path "$scratch" "${checks_flags[@]}" >"$scratch/link-path-build.log" 2>&1 || {
  tail -30 "$scratch/link-path-build.log" >&2
  exit 1
}
rm -f "$profile" "$profile.rest"
# The toolchain's own LLVM tools read the profiles its compiler writes.
tools=$(dirname "$(readlink -f "$(command -v swift)")")
WAYPOINT_LINK_PATH_PROFILE="$profile" LLVM_PROFILE_FILE="$PWD/$scratch/rest-%p.profraw" \
  swift test --skip-build --scratch-path "$scratch" --filter "LinkPath" >"$scratch/link-path-test.log" 2>&1 || {
  tail -30 "$scratch/link-path-test.log" >&2
  exit 1
}
[ -s "$profile" ] || { echo "the test wrote no profile; was it built with WAYPOINT_LINK_PATH?" >&2; exit 1; }
"$tools/llvm-profdata" merge -sparse "$profile" -o "$scratch/link-path.profdata"
binary=$(find "$scratch" -path '*debug*' -name 'WaypointAdapterChecksPackageTests.xctest' -type f | head -1)
"$tools/llvm-cov" export -format=text -skip-expansions -skip-functions=false -instr-profile "$scratch/link-path.profdata" \
  "$binary" >"$scratch/link-path.json"
python3 - "$scratch/link-path.json" "$NAVIGATION_BOUND" "$@" <<'EOF'
import json, os, re, subprocess, sys
from collections import defaultdict

# WaypointAdapterSupport counts with the navigation half: what the adapters share (the levels SwiftUI
# binds, presentation staging) stays on the link path's count when a link passes it.
modules = ("Waypoint", "WaypointMatching", "WaypointUIKit", "WaypointAdapterSupport")
data = json.load(open(sys.argv[1]))["data"][0]["functions"]
ours = [f for f in data if f["count"] > 0 and any(f"/Adapters/{m}/" in fn for fn in f["filenames"] for m in modules)]
ran = [f["name"] for f in ours]
calls = sum(f["count"] for f in ours)
# Coverage names are mangled, some with a file prefix ("File.swift:$s..."); demangle them.
mangled = [name.split(":", 1)[-1] if ":$s" in name else name for name in ran]
demangled = subprocess.run(
    ["swift", "demangle", "--compact"], input="\n".join(mangled), capture_output=True, text=True, check=True
).stdout.splitlines()

def depth_zero(text):
    """The indexes of `text` outside parentheses, brackets and angle brackets."""
    depth = 0
    for index, ch in enumerate(text):
        if ch in "(<[":
            if depth == 0:
                yield index
            depth += 1
        elif ch in ")>]" and not text[max(0, index - 1):index + 1] == "->":
            depth -= 1
        elif depth == 0:
            yield index

def owner(symbol):
    """The type a function belongs to, as Module.Type[.Nested], or None for a free function."""
    # A private name reads "(name in _HASH)"; an extension's member "(extension in Module):".
    text = re.sub(r"\(extension in [A-Za-z_]+\):", "", symbol)
    text = re.sub(r"\(([A-Za-z_][A-Za-z0-9_]*) in _[0-9A-F]+\)", r"\1", text)
    # A closure or local function ("closure #1 (Screen) -> Bool in Parent…") belongs to its parent.
    cut = [i for i in depth_zero(text) if text.startswith(" in ", i)]
    if cut:
        text = text[cut[-1] + 4:]
    text = re.sub(r"^(?:variable initialization expression of |static |class |lazy property initializer of )+", "", text)
    # The path is what comes before the signature, the type annotation or generic arguments.
    end = len(text)
    for i in depth_zero(text):
        if text[i] in " (<":
            end = i
            break
    parts = [p for p in text[:end].split(".") if p]
    accessors = {"getter", "setter", "modify", "_modify", "read", "unsafeAddressor", "didset", "willset",
                 "init", "deinit", "__allocating_init", "__deallocating_deinit", "subscript", "callAsFunction"}
    while parts and parts[-1] in accessors:
        parts.pop()
    # The function's or property's own name (an operator's name is not a word).
    if parts and not parts[-1][:1].isupper():
        parts.pop()
    if len(parts) < 2 or parts[0] not in modules:
        return None
    return ".".join(parts)

types = defaultdict(set)
free = 0
for symbol in demangled:
    found = owner(symbol)
    if found is None:
        free += 1
        if "--free" in sys.argv:
            print("free:", symbol, file=sys.stderr)
        continue
    module, name = found.split(".", 1)
    types[module].add(name)
total = 0
for module in modules:
    names = sorted(types[module])
    total += len(names)
    print(f"{module} ({len(names)}): " + ", ".join(names))
owners = {(m, n.split(".")[0]) for m in modules for n in types[m]}
print(f"functions run: {len(ran)} ({free} free functions), called {calls} times; types: {total}; "
      f"counting nested types with their owner: {len(owners)}")
# How often the plan's steps were worked out (`NavigationState.plan(to:)`, the diff of two states):
# once per plan carried out, the navigator keeping them in the plan.
diffs = sum(f["count"] for f, symbol in zip(ours, demangled) if symbol.startswith("Waypoint.NavigationState.plan(to:"))
print(f"steps worked out: {diffs} (NavigationState.plan(to:))")

# The halves, by the folder that declares each owner type.
sources = os.path.join(os.path.dirname(os.getcwd()), "Sources")
router_folders = ("Routing", "Manifest", "Support")
declaration = {}
for folder, _, files in os.walk(os.path.join(sources, "Waypoint")):
    for name in files:
        if name.endswith(".swift"):
            text = open(os.path.join(folder, name), encoding="utf-8").read()
            for found in re.finditer(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|final)\s+)*"
                                     r"(?:class|struct|enum|protocol|actor)\s+([A-Z]\w*)", text, re.M):
                declaration.setdefault(found.group(1), os.path.relpath(folder, os.path.join(sources, "Waypoint")))
halves = {"router": set(), "navigation": set()}
for module, name in owners:
    if module == "WaypointMatching":
        halves["router"].add(name)
    elif module in ("WaypointUIKit", "WaypointAdapterSupport"):
        halves["navigation"].add(name)
    else:
        folder = declaration.get(name)
        if folder is None:
            sys.exit(f"link-path: no declaration of {name} under Sources/Waypoint")
        halves["router" if folder.split(os.sep)[0] in router_folders else "navigation"].add(name)
for half in ("router", "navigation"):
    print(f"{half} half ({len(halves[half])}): " + ", ".join(sorted(halves[half])))

if "--check" not in sys.argv:
    sys.exit(0)
bound = int(sys.argv[2])
problems = []
if diffs != 1:
    problems.append(f"the plan's steps were worked out {diffs} times, not once")
if len(halves["navigation"]) > bound:
    problems.append(f"the navigation half passes {len(halves['navigation'])} types, more than {bound}")
article_path = os.path.join(sources, "Waypoint", "Documentation.docc", "NavigationModel.md")
article = open(article_path, encoding="utf-8").read()
section = article.split("### How a link becomes a screen", 1)[1].split("\n### ", 1)[0]
flat = " ".join(section.split())
quoted = re.search(r"([\d,]+) functions ran, ([\d,]+) calls, in these (\d+) types \((\d+) when", flat)
if not quoted:
    problems.append("the article no longer quotes 'N functions ran, N calls, in these N types (N when…'")
else:
    said = [int(g.replace(",", "")) for g in quoted.groups()]
    measured = [len(ran), calls, len(owners), total]
    for label, a, b in zip(("functions", "calls", "types", "types with nested ones apart"), said, measured):
        # The calls vary by one or two from run to run: a UIKitWait ends once from its
        # completion and once more when its time limit races it. Half a percent is allowed.
        slack = a // 200 if label == "calls" else 0
        if abs(a - b) > slack:
            problems.append(f"the article says {a:,} {label}, the link runs {b:,}")
# Each half's bullets: their counts add up to the half, and their backticked names are its types.
bullets = {"router": ("The router", "Matching"),
           "navigation": ("Placing the link", "Making the screens", "Carrying the plan out")}
for half, titles in bullets.items():
    count, named = 0, set()
    for title in titles:
        found = re.search(r"- \*\*" + re.escape(title) + r"\*\* \((\d+)[^)]*\): (.*?)(?=\n- \*\*|\n\n)", section, re.S)
        if not found:
            problems.append(f"the article has no bullet '{title}'")
            continue
        count += int(found.group(1))
        named |= set(re.findall(r"`([A-Z]\w*)`", found.group(2)))
    if count != len(halves[half]):
        problems.append(f"the article's {half} half counts {count} types, the link passes {len(halves[half])}")
    for name in sorted(halves[half] - named):
        problems.append(f"the link passes {name} ({half} half), which the article does not name there")
    nested = {n.split(".", 1)[1] for m in modules for n in types[m] if "." in n}
    for name in sorted(named - halves[half] - nested):
        problems.append(f"the article names {name} in the {half} half, which the link no longer passes")
for problem in problems:
    print("link-path:", problem, file=sys.stderr)
if problems:
    print("link-path: update 'How a link becomes a screen' in Sources/Waypoint/Documentation.docc/NavigationModel.md "
          "from this output (Scripts/link-path.sh)", file=sys.stderr)
    sys.exit(1)
print(f"link path: {len(owners)} types ({len(halves['router'])} router, {len(halves['navigation'])} navigation, "
      f"bound {bound}); the article's figures match")
EOF
