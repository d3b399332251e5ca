"""Records the map page's corpus for `swift test`: for each manifest the browser check uses, the
links it pastes (the page's examples and the first variations, as Scripts/map-page/check.py makes
them) and a digest of `waypoint resolve --format json`'s answer to each, from an internal and an
external origin, in Tests/WaypointCLITests/MapPageCorpus/NAME.jsonl, one `[link, internal,
external]` line each. MapPageCorpusTests resolves the links again and compares the digests, so a
change to matching meets the page's resolver, its JavaScript twin, at the first test run.

Run after a deliberate change of the answers (and after checking the page with
Scripts/check-map-page.sh): python3 Scripts/map-page/write-corpus.py [path-to-waypoint]
"""

import json
import sys

import check


def digest(line):
    """FNV-1a, 64 bits, of the line's UTF-8 bytes, as 16 hex digits (as MapPageCorpusTests does)."""
    value = 0xCBF29CE484222325
    for byte in line.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{value:016x}"


def answer_lines(waypoint, manifest, links, external):
    origin = ["--origin", "external"] if external else []
    out = check.run(waypoint, manifest, "resolve", "--format", "json", *origin, stdin="\n".join(links) + "\n")
    lines = [line for line in out.split("\n") if line]
    if len(lines) != len(links):
        raise SystemExit(f"waypoint resolve gave {len(lines)} answers for {len(links)} links")
    return lines


def main():
    waypoint = sys.argv[1] if len(sys.argv) > 1 else str(check.ROOT / ".build/debug/waypoint")
    pages = {name: check.page_data(check.run(waypoint, manifest, "graph", "--format", "html"))
             for name, manifest in check.MANIFESTS}
    check.CORPUS.mkdir(parents=True, exist_ok=True)
    for name, manifest in check.MANIFESTS:
        links, shown = check.page_links(name, pages)
        links = links[:shown]
        internal, external = (answer_lines(waypoint, manifest, links, side) for side in (False, True))
        rows = [json.dumps([link, digest(a), digest(b)], ensure_ascii=False) for link, a, b in zip(links, internal, external)]
        (check.CORPUS / f"{name}.jsonl").write_text("\n".join(rows) + "\n")
        print(f"{name}: {len(links)} links recorded")


if __name__ == "__main__":
    main()
