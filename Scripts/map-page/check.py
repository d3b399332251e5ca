"""The map page (`waypoint graph --format html`) tested in a headless Chromium against the tool.

For each manifest (the bundled example, the example app's, and three whose options make reading a
link hard), it writes the page and opens it, then:
  - pastes every example link into the page, from inside and from outside the app, and reads back
    the route, parameters, redirect and error, compared with `waypoint resolve --format json`, and
    the path of screens and each screen's values, worked out from the routes' facts (the page's
    data, as Swift wrote it) and the tool's answers, redirects followed hop by hop;
  - runs the page's resolver on thousands of seeded variations of those links, compared the same
    way, and asks it to explain every route for each: an explanation that says a route matches a
    link no route opens is a failure;
  - pans, zooms and finds routes, and checks the drawing has every route and screen;
  - fails on any script error and on any request the page makes;
  - and, as its own control, opens a copy whose resolver ignores priority, which must differ.
Prints one line per manifest and a summary; exits 1 on any difference.

Usage: python3 Scripts/map-page/check.py WAYPOINT_BINARY CHROMIUM OUTPUT_DIRECTORY
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time
import unicodedata

sys.path.insert(0, os.path.dirname(__file__))
from browser import Browser  # noqa: E402
from corpus import corpus  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MANIFESTS = [
    ("bundled", None),
    ("notes-app", ROOT / "Examples/NotesApp/notes-app.json"),
    ("tricky-options", HERE / "tricky-options.json"),
    ("tricky-hosts", HERE / "tricky-hosts.json"),
    ("tricky-segments", HERE / "tricky-segments.json"),
    # Markup in every name (and, copied under a name holding markup, in the page's title), Swift's
    # regex syntax, float and double limits, property names of JavaScript objects, canonically
    # equivalent text: its links to try are in tricky-text.links.
    ("tricky-text", HERE / "tricky-text.json"),
]
# Where the bundled manifest lies, for the one-route manifests of the explanations' check.
BUNDLED = ROOT / "Examples/routes.json"
PASTED_VARIATIONS = 150
VARIATIONS = 4000
CONTROLS = {
    "ignores priority": ("for (const layer of table.layers) {", "for (const layer of table.layers.slice().reverse()) {"),
    "drops the query": ("rest: path.rest, query: grouped,", "rest: path.rest, query: [],"),
    "never redirects": ("redirect: route.redirectPlan ? fillRedirect", "redirect: false ? fillRedirect"),
}
SEED = 47
# The pasted links and a digest of each answer, which `swift test` holds the Swift router to.
CORPUS = ROOT / "Tests/WaypointCLITests/MapPageCorpus"


def run(waypoint, manifest, *arguments, stdin=None):
    command = [waypoint, *arguments] + (["--manifest", str(manifest)] if manifest else [])
    done = subprocess.run(command, input=stdin, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")
    return done.stdout


def resolve(waypoint, manifest, links, external):
    origin = ["--origin", "external"] if external else []
    lines = run(waypoint, manifest, "resolve", "--format", "json", *origin, stdin="\n".join(links) + "\n")
    # Split on line feeds only: an answer may hold U+2028, which splitlines() would cut at.
    answers = [json.loads(line) for line in lines.split("\n") if line]
    if len(answers) != len(links):
        raise SystemExit(f"waypoint resolve gave {len(answers)} answers for {len(links)} links")
    return answers


def page_links(name, pages):
    """The links tried on a page: its examples (and its seeds file's links), then VARIATIONS
    variations; and how many of them are pasted (the examples and the first PASTED_VARIATIONS),
    which are also the corpus `swift test` runs through the Swift router."""
    seeds = HERE / f"{name}.links"
    examples = pages[name]["examples"] + (seeds.read_text().split("\n")[:-1] if seeds.exists() else [])
    others = [link for other, page in pages.items() if other != name for link in page["examples"]]
    links = corpus(examples, others, VARIATIONS, SEED)
    return links, len(links) - VARIATIONS + PASTED_VARIATIONS


def recorded_links(name):
    """The links of the corpus `swift test` runs for `name` (MapPageCorpusTests)."""
    path = CORPUS / f"{name}.jsonl"
    return [json.loads(line)[0] for line in path.read_text().split("\n") if line] if path.exists() else []


def page_data(html):
    return json.loads(html.split('<script type="application/json" id="waypoint-data">', 1)[1].split("</script>", 1)[0])


def summary(answer):
    """What the page and the tool must agree on, in order: parameters and query as lists of pairs."""
    if not answer["matched"]:
        return {"matched": False, "error": answer["error"]["code"], "message": answer["error"]["message"]}
    return {
        "matched": True, "route": answer["name"] if answer["name"] is not None else answer["pattern"],
        "parameters": [list(pair) for pair in answer["parameters"].items()], "rest": answer["rest"],
        "query": [list(pair) for pair in answer["query"].items()], "fragment": answer["fragment"],
        "redirect": answer["redirect"],
    }


def nfc_order(name):
    """Swift's String order: the Unicode scalars of the NFC form."""
    return [ord(c) for c in unicodedata.normalize("NFC", name)]


def url_values(answer, route):
    """RouteRequest.urlValues: path values, then each query name's first value, then defaults."""
    values = []
    def add(name, value):
        if not any(unicodedata.normalize("NFD", given) == unicodedata.normalize("NFD", name) for given, _ in values):
            values.append((name, value))
    defaults = route["defaults"]
    for name in route["parameters"]:
        value = answer["parameters"].get(name)
        # A name the path did not capture shows its default in the tool's answer.
        if value is not None and (name not in defaults or value != defaults[name]):
            add(name, value)
    for name, items in answer["query"].items():
        add(name, items[0])
    for name in sorted(defaults, key=nfc_order):
        add(name, defaults[name])
    return values


def expected_path(answer, routes, redirected, external):
    """The steps and screens the link builds from the app's first screen, read from the routes'
    facts and the tool's answers: redirects followed with the link's origin, each URL once, at
    most eight; the tab; the screens under the route's own (presented as a level when a modal
    route presents its stack); the column when the screen goes in another than the primary; the
    screen. Returns (steps, screens), each screen with its values."""
    key = lambda a: a["name"] if a["name"] is not None else a["pattern"]  # noqa: E731
    route, current, visited = routes[key(answer)], answer, [answer["url"]]
    while route.get("redirect") is not None:
        following = current["redirect"]
        if following is None or following in visited or len(visited) > 8:
            return [], []
        visited.append(following)
        current = redirected[external][following]
        if not current["matched"]:
            return [], []
        route = routes[key(current)]
    values = url_values(current, route)
    link = dict(values)
    presentation = route.get("presentation") or ""
    presents = route["presentsItsStack"] and len(route["underScreens"]) > 0
    steps, screens = [], []
    if route.get("tab"):
        steps.append("tab " + route["tab"])
    if presents:
        steps.append("presented " + ("in a popover" if presentation == "popover" else presentation))
    for entry in route["underScreens"]:
        taken = dict(entry["defaults"])
        taken.update({name: link[name] for name in entry["parameters"] if name in link})
        steps.append(entry["target"])
        screens.append([entry["target"], taken])
    if not presents and route.get("column") and route["column"] != "primary":
        steps.append("column " + route["column"])
    if route.get("target"):
        steps.append(route["target"])
        screens.append([route["target"], link])
    return steps, screens


PASTE = """(() => { const a = document.getElementById("answer").dataset;
  return { state: a.state, route: a.route ?? null, parameters: a.parameters ? JSON.parse(a.parameters) : null,
           pwned: window.__pwned ?? null,
           path: a.path ? JSON.parse(a.path) : null, screens: a.screens ? JSON.parse(a.screens) : null, redirect: a.redirect ?? null, error: a.error ?? null }; })()"""

BULK = """((links, external) => {
  const data = window.WaypointMap.data;
  return links.map((link) => {
    const r = WaypointResolver.resolve(data, link, external);
    const why = data.routes.map((route) => WaypointResolver.explain(data, route, r, external));
    const summary = r.matched
      ? { matched: true, route: r.name ?? r.pattern, parameters: r.parameters, rest: r.rest, query: r.query,
          fragment: r.fragment, redirect: r.redirect }
      : { matched: false, error: r.error.code, message: r.error.message };
    return { summary, why };
  });
})"""


def check_pastes(browser, data, links, answers_by_origin, redirected, failures):
    pasted = 0
    for external in (False, True):
        browser.evaluate(f"(() => {{ const box = document.getElementById('external'); if (box.checked !== {json.dumps(external)}) box.click(); }})()")
        for link, answer in zip(links, answers_by_origin[external]):
            browser.type_into("#link", link)
            shown = browser.evaluate(PASTE)
            pasted += 1
            wanted = summary(answer)
            problem = None
            if wanted["matched"]:
                routes = {route["key"]: route for route in data["routes"]}
                path, screens = expected_path(answer, routes, redirected, external)
                shown_screens = [[target, dict(values)] for target, values in (shown["screens"] or [])]
                redirect = wanted["redirect"]
                if shown["state"] != "matched" or shown["route"] != wanted["route"]:
                    problem = f"route {shown['route']!r} ({shown['state']}), the tool: {wanted['route']!r}"
                elif shown["parameters"] != wanted["parameters"]:
                    problem = f"parameters {shown['parameters']}, the tool: {wanted['parameters']}"
                elif (shown["redirect"] or None) != redirect:
                    problem = f"redirect {shown['redirect']!r}, the tool: {redirect!r}"
                elif shown["path"] != path:
                    problem = f"path {shown['path']}, the tool's facts: {path}"
                elif shown_screens != screens:
                    problem = f"screens {shown_screens}, the tool's facts: {screens}"
            elif shown["state"] != "unmatched" or shown["error"] != wanted["error"]:
                problem = f"{shown['state']} {shown['error']}, the tool: unmatched {wanted['error']}"
            if shown["pwned"] is not None:
                problem = f"markup from the manifest ran (window.__pwned = {shown['pwned']})"
            if problem:
                failures.append(f"pasted {link!r} ({'external' if external else 'internal'}): {problem}")
    browser.type_into("#link", "")
    if browser.evaluate("document.getElementById('answer').dataset.state") != "empty":
        failures.append("clearing the link does not empty the answer")
    return pasted


def check_bulk(browser, links, answers_by_origin, failures, alone=None):
    """Compares the page's answers with the tool's; with `alone` (for each route, the tool's answers
    with that route alone in the manifest), checks each explanation of an internal link says a route
    matches exactly when it does."""
    compared = explained = 0
    for external in (False, True):
        for start in range(0, len(links), 250):
            chunk = links[start:start + 250]
            began = time.time()
            results = browser.evaluate(f"({BULK})({json.dumps(chunk)}, {json.dumps(external)})")
            if time.time() - began > 20:
                failures.append(f"the page took {time.time() - began:.0f} s for 250 links from {chunk[0]!r}")
            for offset, (link, answer, result) in enumerate(zip(chunk, answers_by_origin[external][start:], results)):
                if alone is not None and not external:
                    for route, why in enumerate(result["why"]):
                        single = alone[route][start + offset]
                        matches = single["matched"] or single["error"]["code"] == "callbackNotAllowed"
                        says = why == "opens the link" or why.startswith("matches")
                        if says != matches:
                            failures.append(f"{link!r}: route {route} is explained '{why}', yet alone it {'matches' if matches else 'does not match'}")
                compared += 1
                explained += len(result["why"])
                if result["summary"] != summary(answer):
                    failures.append(f"{link!r} ({'external' if external else 'internal'}): page {result['summary']}, tool {summary(answer)}")
                if any(not why for why in result["why"]):
                    failures.append(f"{link!r}: a route without an explanation")
                if not answer["matched"] and answer["error"]["code"] == "notFound":
                    claims = [why for why in result["why"] if why == "matches" or why.startswith("matches too")]
                    if claims:
                        failures.append(f"{link!r}: no route opens it, yet the page explains '{claims[0]}'")
    return compared, explained


def follow_redirects(waypoint, manifest, answers):
    """For each origin, the tool's answer for every URL a redirect leads to, hop after hop."""
    redirected = {}
    for external, side in answers.items():
        known, pending = {}, {a["redirect"] for a in side if a["matched"] and a["redirect"]}
        for _ in range(10):
            pending -= known.keys()
            if not pending:
                break
            urls = sorted(pending)
            known.update(zip(urls, resolve(waypoint, manifest, urls, external)))
            pending = {a["redirect"] for a in known.values() if a["matched"] and a["redirect"]}
        redirected[external] = known
    return redirected


def one_route_answers(waypoint, manifest, links):
    """For each route of `manifest`, the tool's internal answers for `links` with that route alone."""
    whole = json.loads(pathlib.Path(manifest).read_text())
    answers = []
    with tempfile.TemporaryDirectory() as folder:
        for index, route in enumerate(whole["routes"]):
            single = pathlib.Path(folder) / f"route-{index}.json"
            single.write_text(json.dumps({**whole, "routes": [route]}))
            answers.append(resolve(waypoint, single, links, False))
    return answers


def check_view(browser, data, failures):
    routes = browser.evaluate("document.querySelectorAll('#viewport .node.route').length")
    screens = browser.evaluate("document.querySelectorAll('#viewport .node.screen').length")
    wanted_screens = sum(len(group["screens"]) for group in data["screens"])
    if routes != len(data["routes"]) or screens != wanted_screens:
        failures.append(f"drawing: {routes} routes and {screens} screens, the map has {len(data['routes'])} and {wanted_screens}")
    # The page fits the map in the frame after loading: wait for it, so the measures start from it.
    browser.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    transform = lambda: browser.evaluate("document.getElementById('viewport').getAttribute('transform')")  # noqa: E731
    box = browser.evaluate("(() => { const b = document.getElementById('map').getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; })()")
    before = transform()
    browser.mouse("mouseWheel", box[0], box[1], deltaX=0, deltaY=-400)
    zoomed = transform()
    browser.mouse("mousePressed", box[0], box[1], button="left", clickCount=1)
    browser.mouse("mouseMoved", box[0] + 120, box[1] + 80, button="left", buttons=1)
    browser.mouse("mouseReleased", box[0] + 120, box[1] + 80, button="left", clickCount=1)
    panned = transform()
    scale = lambda text: float(text.split("scale(")[1].rstrip(")"))  # noqa: E731
    if not scale(zoomed) > scale(before):
        failures.append(f"zoom: the wheel left the view at {zoomed} (was {before})")
    if panned.split(" scale")[0] == zoomed.split(" scale")[0]:
        failures.append(f"pan: dragging left the view at {panned}")
    browser.evaluate("document.getElementById('zoom-out').click()")
    if not scale(transform()) < scale(panned):
        failures.append("zoom: the zoom-out button did not zoom out")
    query = "note" if any("note" in route["pattern"] for route in data["routes"]) else data["routes"][0]["pattern"][-3:]
    browser.type_into("#find", query)
    visible = browser.evaluate("document.querySelectorAll('#routes li:not(.hidden)').length")
    hits = browser.evaluate("document.querySelectorAll('#viewport .node.route.hit').length")
    wanted = sum(
        1 for route in data["routes"]
        if query in " ".join([route.get("name") or "", route["pattern"], route.get("target") or "", route.get("tab") or ""]
                             + [entry["target"] for entry in route["underScreens"]]).lower())
    if not (visible == hits == wanted) or wanted == 0:
        failures.append(f"find '{query}': {visible} listed and {hits} marked, {wanted} routes hold it")
    browser.type_into("#find", "")


def main():
    waypoint, chromium, output = sys.argv[1:4]
    out = pathlib.Path(output)
    out.mkdir(parents=True, exist_ok=True)
    # The markup manifest under a name that is markup too: the page's title.
    hostile = out / "<img src=x onerror=window.__pwned=5>.json"
    hostile.write_text((HERE / "tricky-text.json").read_text())
    manifests = [(name, hostile if name == "tricky-text" else manifest) for name, manifest in MANIFESTS]
    pages = {}
    for name, manifest in manifests:
        html = run(waypoint, manifest, "graph", "--format", "html")
        (out / f"{name}.html").write_text(html)
        pages[name] = page_data(html)
    failures, totals = [], {"pasted": 0, "compared": 0, "explained": 0}
    browser = Browser(chromium, out / "chromium.log")
    try:
        for name, manifest in manifests:
            data = pages[name]
            start = len(failures)
            links, shown = page_links(name, pages)
            recorded = recorded_links(name)
            if recorded != links[:shown]:
                failures.append(f"{name}: the links of Tests/WaypointCLITests/MapPageCorpus/{name}.jsonl are not the ones "
                                "pasted here; record them anew with python3 Scripts/map-page/write-corpus.py")
            answers = {external: resolve(waypoint, manifest, links, external) for external in (False, True)}
            redirected = follow_redirects(waypoint, manifest, answers)
            browser.open((out / f"{name}.html").resolve().as_uri())
            check_view(browser, data, failures)
            # Every example, and the first variations, pasted; every link resolved in the page.
            pasted = check_pastes(browser, data, links[:shown], {k: v[:shown] for k, v in answers.items()}, redirected, failures)
            alone = one_route_answers(waypoint, manifest or BUNDLED, links)
            compared, explained = check_bulk(browser, links, answers, failures, alone)
            page_url = (out / f"{name}.html").resolve().as_uri()
            for event in browser.events:
                method = event.get("method")
                if method == "Runtime.exceptionThrown":
                    failures.append(f"{name}: script error {event['params']['exceptionDetails'].get('exception', {}).get('description')}")
                elif method == "Network.requestWillBeSent" and event["params"]["request"]["url"] != page_url:
                    failures.append(f"{name}: the page asked for {event['params']['request']['url']}")
                elif method == "Log.entryAdded" and event["params"]["entry"]["level"] == "error":
                    failures.append(f"{name}: console error {event['params']['entry']['text']}")
            browser.events = []
            matched = sum(1 for side in answers.values() for a in side if a["matched"])
            print(f"{name}: {len(data['routes'])} routes; {pasted} links pasted, {compared} resolved "
                  f"({matched} matched), {explained} explanations; {len(failures) - start} difference(s)")
            totals["pasted"] += pasted
            totals["compared"] += compared
            totals["explained"] += explained
        # The comparison's own controls: pages whose resolver ignores priority, drops the query,
        # or never redirects must each differ from the tool.
        links = corpus(pages["bundled"]["examples"], [], 500, SEED)
        truth = {external: resolve(waypoint, None, links, external) for external in (False, True)}
        for flaw, (written, sabotage) in CONTROLS.items():
            page = (out / "bundled.html").read_text()
            if written not in page:
                failures.append(f"control '{flaw}': the resolver no longer holds {written!r}; update the control")
                continue
            (out / "control.html").write_text(page.replace(written, sabotage))
            browser.open((out / "control.html").resolve().as_uri())
            control = []
            check_bulk(browser, links, truth, control)
            print(f"control: a resolver that {flaw} differs on {len(control)} of {2 * len(links)} links")
            if not control:
                failures.append(f"control: a resolver that {flaw} agreed with the tool, so the comparison sees nothing")
    finally:
        browser.close()
    for failure in failures[:40]:
        print("  ✗ " + failure)
    print(f"map page: {len(manifests)} manifests, {totals['pasted']} links pasted, {totals['compared']} resolved, "
          f"{totals['explained']} explanations, {len(failures)} difference(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
