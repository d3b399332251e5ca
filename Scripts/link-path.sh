#!/usr/bin/env bash
# Lists the types whose code runs on the way of one link from `Router.open` to UIKit's push:
# the link of Checks/Tests/UIKitModelTests/LinkPathTests.swift (a manifest route with an `under`
# screen and one pass-through middleware, on an empty UIKitNavigator over the model of UIKit),
# counted by code coverage, not by reading. The test resets the coverage counters just before
# the open and writes them just after it; every function of Waypoint, WaypointMatching and
# WaypointUIKit that ran in between is attributed to its type (a closure to the type of the
# function it is in, a nested type to itself). Prints the types per module and the total.
#
# Builds the adapter checks once with coverage in Checks/.build-link-path (a few minutes the
# first time). Not part of .ci/run: the Navigation article's "How a link becomes a screen" quotes
# its output.
set -euo pipefail
cd "$(cd "$(dirname "$0")/.." && pwd -P)/Checks"

scratch=.build-link-path
profile="$PWD/$scratch/link-path.profraw"
flags=(-Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping -Xswiftc -DWAYPOINT_LINK_PATH)
mkdir -p "$scratch"
swift build --build-tests --scratch-path "$scratch" "${flags[@]}" >"$scratch/build.log" 2>&1 || {
  tail -30 "$scratch/build.log" >&2
  exit 1
}
rm -f "$profile" "$profile.rest"
# The toolchain's own LLVM tools read the profiles its compiler writes.
tools=$(dirname "$(readlink -f "$(command -v swift)")")
WAYPOINT_LINK_PATH_PROFILE="$profile" LLVM_PROFILE_FILE="$PWD/$scratch/rest-%p.profraw" \
  swift test --skip-build --scratch-path "$scratch" --filter "LinkPath" >"$scratch/test.log" 2>&1 || {
  tail -30 "$scratch/test.log" >&2
  exit 1
}
[ -s "$profile" ] || { echo "the test wrote no profile; was it built with WAYPOINT_LINK_PATH?" >&2; exit 1; }
"$tools/llvm-profdata" merge -sparse "$profile" -o "$scratch/link-path.profdata"
binary=$(find "$scratch" -path '*debug*' -name 'WaypointAdapterChecksPackageTests.xctest' -type f | head -1)
"$tools/llvm-cov" export -format=text -skip-expansions -skip-functions=false -instr-profile "$scratch/link-path.profdata" \
  "$binary" >"$scratch/link-path.json"
python3 - "$scratch/link-path.json" "$@" <<'EOF'
import json, re, subprocess, sys
from collections import defaultdict

modules = ("Waypoint", "WaypointMatching", "WaypointUIKit")
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
EOF
