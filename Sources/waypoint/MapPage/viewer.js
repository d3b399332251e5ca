"use strict";
(() => {
  const data = JSON.parse(document.getElementById("waypoint-data").textContent);
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const make = (tag, attributes = {}, text) => {
    const element = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    if (text !== undefined) element.textContent = text;
    return element;
  };
  const html = (tag, className, text) => {
    const element = document.createElement(tag);
    if (className) element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
  };
  $("title").textContent = data.title;
  $("count").textContent = `(${data.routes.length})`;

  // The layout: routes in a column, grouped by the tab of their screen; screens by tab beside them.
  const ROUTE = { x: 0, width: 310, height: 46, gap: 10 };
  const SCREEN = { x: 470, width: 210, height: 30, gap: 10 };
  // A screen may show in several tabs: it is drawn in each, and a route's arrow goes to the one in its tab.
  const tabOf = new Map();
  for (const group of data.screens) for (const screen of group.screens) if (!tabOf.has(screen)) tabOf.set(screen, group.tab);
  const place = (screen, tab) => `${tab}\u0000${screen}`;
  const order = data.routes.slice().sort((a, b) => {
    const ta = a.tab ?? tabOf.get(a.target) ?? "\uffff", tb = b.tab ?? tabOf.get(b.target) ?? "\uffff";
    return ta < tb ? -1 : ta > tb ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : a.position - b.position;
  });
  const routeBox = new Map(), screenBox = new Map();
  order.forEach((route, index) => routeBox.set(route.position, { x: ROUTE.x, y: index * (ROUTE.height + ROUTE.gap), ...ROUTE }));
  let y = 0;
  const tabs = [];
  for (const group of data.screens) {
    const first = order.findIndex((route) => group.screens.includes(route.target) && (route.tab ?? "") === group.tab);
    y = Math.max(y, first < 0 ? 0 : first * (ROUTE.height + ROUTE.gap));
    const top = y;
    y += group.tab ? 24 : 0;
    for (const screen of group.screens) {
      screenBox.set(place(screen, group.tab), { x: SCREEN.x, y, screen, ...SCREEN });
      y += SCREEN.height + SCREEN.gap;
    }
    if (group.tab) tabs.push({ tab: group.tab, top, bottom: y });
    y += 16;
  }

  const viewport = $("viewport");
  const layers = { tabs: make("g"), edges: make("g"), nodes: make("g") };
  Object.values(layers).forEach((layer) => viewport.appendChild(layer));
  for (const tab of tabs) {
    const group = make("g", { class: "tab" });
    group.appendChild(make("rect", { x: SCREEN.x - 10, y: tab.top, width: SCREEN.width + 20, height: tab.bottom - tab.top }));
    group.appendChild(make("text", { x: SCREEN.x - 4, y: tab.top + 15 }, `tab ${tab.tab}`));
    layers.tabs.appendChild(group);
  }
  const edges = [];
  const curve = (from, to, className, label) => {
    const path = make("path", {
      class: `edge ${className}`,
      d: `M${from.x},${from.y} C${(from.x + to.x) / 2},${from.y} ${(from.x + to.x) / 2},${to.y} ${to.x},${to.y}`,
      "marker-end": "url(#arrow)",
    });
    layers.edges.appendChild(path);
    if (label) {
      layers.edges.appendChild(make("text", { class: "edge-label", x: from.x + 8, y: from.y - 3 }, label));
    }
    return path;
  };
  const defs = make("defs");
  const marker = make("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto" });
  marker.appendChild(make("path", { d: "M0,0 L10,5 L0,10 z", fill: "#9aa5b1" }));
  defs.appendChild(marker);
  $("map").insertBefore(defs, viewport);

  const routeNodes = new Map(), screenNodes = new Map();
  for (const route of data.routes) {
    const box = routeBox.get(route.position);
    const classes = ["node", "route", route.exposure === "public" ? "public" : "internal", route.reachable ? "" : "unreachable"];
    const group = make("g", { class: classes.join(" "), "data-key": route.key });
    group.appendChild(make("rect", { x: box.x, y: box.y, width: box.width, height: box.height }));
    const title = `${route.name ?? "(unnamed)"}  ·  ${route.exposure}${route.reachable ? "" : "  ·  shadowed"}`;
    group.appendChild(make("text", { x: box.x + 8, y: box.y + 18 }, title));
    group.appendChild(make("text", { class: "sub", x: box.x + 8, y: box.y + 35 }, route.pattern));
    group.appendChild(make("title", {}, `${route.pattern}${route.redirect ? " → " + route.redirect : ""}`));
    layers.nodes.appendChild(group);
    routeNodes.set(route.position, group);
  }
  for (const [key, box] of screenBox) {
    const group = make("g", { class: "node screen", "data-screen": box.screen });
    group.appendChild(make("rect", { x: box.x, y: box.y, width: box.width, height: box.height }));
    group.appendChild(make("text", { x: box.x + 8, y: box.y + 19 }, box.screen));
    layers.nodes.appendChild(group);
    screenNodes.set(key, group);
  }
  // The drawn place of a screen for a route in `tab`: in that tab, else outside any, else its first.
  const placeOf = (screen, tab) =>
    [place(screen, tab ?? ""), place(screen, ""), place(screen, tabOf.get(screen) ?? "")].find((key) => screenBox.has(key));
  const right = (box) => ({ x: box.x + box.width, y: box.y + box.height / 2 });
  const left = (box) => ({ x: box.x, y: box.y + box.height / 2 });
  const byKey = new Map(data.routes.map((route) => [route.key, route]));
  for (const route of data.routes) {
    const box = routeBox.get(route.position);
    const chain = route.underScreens.map((entry) => entry.target).concat(route.target ? [route.target] : []);
    const target = route.target ? placeOf(route.target, route.tab) : undefined;
    if (target) {
      const label = [route.presentation, route.column].filter(Boolean).join(", ");
      edges.push({ route: route.position, kind: "target", path: curve(right(box), left(screenBox.get(target)), "target", label) });
    }
    for (let i = 0; i + 1 < chain.length; i++) {
      const from = screenBox.get(placeOf(chain[i], route.tab)), to = screenBox.get(placeOf(chain[i + 1], route.tab));
      if (!from || !to || from === to) continue;
      const start = right(from), end = right(to);
      const bend = 60 + 10 * Math.abs(i);
      const path = make("path", { class: "edge under", d: `M${start.x},${start.y} C${start.x + bend},${start.y} ${end.x + bend},${end.y} ${end.x},${end.y}`, "marker-end": "url(#arrow)" });
      layers.edges.appendChild(path);
      edges.push({ route: route.position, kind: "under", path });
    }
    const destination = route.redirectsTo ? byKey.get(route.redirectsTo) : undefined;
    if (destination) {
      const from = left(box), to = left(routeBox.get(destination.position));
      const path = make("path", { class: "edge redirect", d: `M${from.x},${from.y} C${from.x - 80},${from.y} ${to.x - 80},${to.y} ${to.x},${to.y}`, "marker-end": "url(#arrow)" });
      layers.edges.appendChild(path);
      edges.push({ route: route.position, kind: "redirect", path });
    }
  }

  // Pan and zoom: the viewport's translation and scale.
  const view = { x: 20, y: 20, k: 1 };
  const apply = () => viewport.setAttribute("transform", `translate(${view.x},${view.y}) scale(${view.k})`);
  const zoomAt = (factor, cx, cy) => {
    const k = Math.min(4, Math.max(0.15, view.k * factor));
    view.x = cx - ((cx - view.x) * k) / view.k;
    view.y = cy - ((cy - view.y) * k) / view.k;
    view.k = k;
    apply();
  };
  const svg = $("map");
  svg.addEventListener("wheel", (event) => {
    event.preventDefault();
    const bounds = svg.getBoundingClientRect();
    zoomAt(Math.exp(-event.deltaY * 0.0015), event.clientX - bounds.left, event.clientY - bounds.top);
  }, { passive: false });
  let drag = null;
  svg.addEventListener("pointerdown", (event) => {
    drag = { x: event.clientX - view.x, y: event.clientY - view.y };
    svg.setPointerCapture(event.pointerId);
    $("canvas").classList.add("dragging");
  });
  svg.addEventListener("pointermove", (event) => {
    if (!drag) return;
    view.x = event.clientX - drag.x;
    view.y = event.clientY - drag.y;
    apply();
  });
  const endDrag = () => { drag = null; $("canvas").classList.remove("dragging"); };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);
  const centre = () => { const b = svg.getBoundingClientRect(); return [b.width / 2, b.height / 2]; };
  $("zoom-in").addEventListener("click", () => zoomAt(1.25, ...centre()));
  $("zoom-out").addEventListener("click", () => zoomAt(0.8, ...centre()));
  const fit = () => {
    const box = viewport.getBBox(), bounds = svg.getBoundingClientRect();
    if (box.width === 0 || bounds.width === 0) return apply();
    view.k = Math.min(2, Math.max(0.15, Math.min(bounds.width / (box.width + 60), bounds.height / (box.height + 60))));
    view.x = (bounds.width - box.width * view.k) / 2 - box.x * view.k;
    view.y = 20 - box.y * view.k;
    apply();
  };
  $("fit").addEventListener("click", fit);
  const show = (position) => {
    const box = routeBox.get(position), bounds = svg.getBoundingClientRect();
    // The route's row, routes and screens both in sight.
    view.x = bounds.width / 2 - (SCREEN.x + SCREEN.width) / 2 * view.k;
    view.y = bounds.height / 2 - (box.y + box.height / 2) * view.k;
    apply();
  };

  // The route list, which the finder filters and the answer annotates.
  const items = new Map();
  for (const route of order) {
    const item = html("li");
    item.dataset.key = route.key;
    item.appendChild(html("strong", "", route.name ?? "(unnamed)"));
    item.appendChild(document.createTextNode(`  ${route.exposure}${route.priority ? `, priority ${route.priority}` : ""}`));
    item.appendChild(html("span", "pattern", " " + route.pattern));
    item.appendChild(html("span", "why", ""));
    item.addEventListener("click", () => show(route.position));
    $("routes").appendChild(item);
    items.set(route.position, item);
  }
  const find = () => {
    const query = $("find").value.trim().toLowerCase();
    for (const route of data.routes) {
      const text = [route.name ?? "", route.pattern, route.target ?? "", route.tab ?? "", ...route.underScreens.map((u) => u.target)].join(" ").toLowerCase();
      const hit = query.length > 0 && text.includes(query);
      routeNodes.get(route.position).classList.toggle("hit", hit);
      routeNodes.get(route.position).classList.toggle("dim", query.length > 0 && !hit);
      items.get(route.position).classList.toggle("hidden", query.length > 0 && !hit);
    }
  };
  $("find").addEventListener("input", find);
  $("find").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    const first = order.find((route) => !items.get(route.position).classList.contains("hidden"));
    if (first) show(first.position);
  });

  // The path a link builds from the app's first screen, as LinkPlacement places it: its tab;
  // the screens under its own (in the primary column when its screen goes in another, or
  // presented as a new level when the route presents its stack); its screen. A screen gets
  // the link's values (path, query, defaults); one under it its defaults, over which the
  // link's values it names win.
  const pathOf = (route, values) => {
    const link = new Map(values);
    const steps = [];
    const presents = route.presentsItsStack && route.underScreens.length > 0;
    const inColumn = !presents && route.column && route.column !== "primary";
    if (route.tab) steps.push({ step: `tab ${route.tab}` });
    if (presents) steps.push({ step: `presented ${route.presentation === "popover" ? "in a popover" : route.presentation}` });
    for (const entry of route.underScreens) {
      const taken = Object.entries(entry.defaults);
      for (const name of entry.parameters) {
        if (!link.has(name)) continue;
        const at = taken.findIndex(([given]) => given === name);
        if (at >= 0) taken[at] = [name, link.get(name)]; else taken.push([name, link.get(name)]);
      }
      steps.push({ step: entry.target, values: taken });
    }
    if (inColumn) steps.push({ step: `column ${route.column}` });
    if (route.target) {
      const how = presents ? "push" : route.presentation ?? "no presentation";
      steps.push({ step: route.target, values, how });
    }
    return steps;
  };
  const describeStep = (step) => {
    const values = step.values && step.values.length ? step.values.map(([k, v]) => `${k}=${v}`).join(", ") : "";
    return [step.step, [step.how, values].filter(Boolean).join("; ")].filter(Boolean).join(" — ");
  };

  const answer = $("answer");
  const row = (list, term, value) => { list.appendChild(html("dt", "", term)); list.appendChild(html("dd", "", value)); };
  const render = () => {
    // The link exactly as pasted: a space is part of it, as it is for `waypoint resolve`.
    const link = $("link").value;
    const external = $("external").checked;
    for (const group of [...routeNodes.values(), ...screenNodes.values()]) group.classList.remove("win");
    for (const edge of edges) edge.path.classList.remove("win");
    answer.replaceChildren();
    for (const attribute of ["route", "parameters", "path", "screens", "redirect", "error"]) delete answer.dataset[attribute];
    if (link.length === 0) {
      answer.dataset.state = "empty";
      answer.appendChild(html("p", "hint", "Paste a link above to see the route that opens it."));
      for (const item of items.values()) { item.classList.remove("winner", "loser"); item.querySelector(".why").textContent = ""; }
      return;
    }
    let result;
    try {
      result = WaypointResolver.resolve(data, link, external);
      for (const route of data.routes) {
        const item = items.get(route.position);
        const winner = result.matched && result.position === route.position;
        item.classList.toggle("winner", winner);
        item.classList.toggle("loser", !winner);
        item.querySelector(".why").textContent = WaypointResolver.explain(data, route, result, external);
      }
    } catch (error) {
      // Never an old answer beside a new link.
      for (const item of items.values()) { item.classList.remove("winner", "loser"); item.querySelector(".why").textContent = ""; }
      answer.dataset.state = "failed";
      answer.appendChild(html("h2", "", "The page could not read this link"));
      answer.appendChild(html("p", "", String(error)));
      throw error;
    }
    if (!result.matched) {
      answer.dataset.state = "unmatched";
      answer.dataset.error = result.error.code;
      answer.appendChild(html("h2", "", `No route opens this link (${result.error.code})`));
      answer.appendChild(html("p", "", result.error.message));
      answer.appendChild(html("p", "hint", "The list on the right says why each route does not."));
      return;
    }
    const route = data.routes[result.position];
    answer.dataset.state = "matched";
    answer.dataset.route = route.key;
    // In order, as pairs: an object would move keys that read as numbers first.
    answer.dataset.parameters = JSON.stringify(result.parameters);
    answer.appendChild(html("h2", "", `→ ${route.name ?? "(unnamed)"}`));
    const facts = html("dl");
    row(facts, "pattern", route.pattern);
    if (route.target) row(facts, "screen", `${route.target} (${route.presentation ?? "no presentation"})`);
    if (result.parameters.length) row(facts, "parameters", result.parameters.map(([k, v]) => `${k}=${v}`).join("  "));
    if (result.rest) row(facts, "rest", result.rest.map((s) => `[${s}]`).join(" "));
    if (result.query.length) row(facts, "query", result.query.map(([k, vs]) => vs.map((v) => `${k}=${v}`).join("  ")).join("  "));
    if (result.fragment !== null) row(facts, "fragment", result.fragment);
    answer.appendChild(facts);
    // Redirects are followed as the router follows them: with the link's origin, each URL
    // once, at most 8 of them.
    let opened = route, current = result, problem = null;
    const chain = [route.position], visited = [link];
    if (route.redirect !== undefined) {
      answer.dataset.redirect = result.redirect ?? "";
      row(facts, "redirect", result.redirect ?? "(the redirect cannot be filled from this link)");
    }
    while (opened.redirect !== undefined) {
      const next = current.redirect;
      if (next === null) { problem = "the redirect cannot be filled from this link"; break; }
      if (visited.includes(next)) { problem = `the redirects loop: ${[...visited, next].join(" → ")}`; break; }
      if (visited.length > 8) { problem = "the link redirects more than 8 times"; break; }
      visited.push(next);
      current = WaypointResolver.resolve(data, next, external);
      if (!current.matched) { problem = `${next}: ${current.error.message}`; break; }
      opened = data.routes[current.position];
      chain.push(current.position);
    }
    if (problem) {
      opened = null;
      answer.appendChild(html("p", "hint", problem));
    } else if (opened !== route) {
      answer.appendChild(html("p", "hint", `The redirect opens '${opened.name ?? opened.pattern}'.`));
    }
    const steps = opened ? pathOf(opened, WaypointResolver.screenValues(current)) : [];
    answer.dataset.path = JSON.stringify(steps.map((s) => s.step));
    answer.dataset.screens = JSON.stringify(steps.filter((s) => s.values).map((s) => [s.step, s.values]));
    answer.appendChild(html("h3", "", "The path it builds"));
    const list = html("ol", "path");
    for (const step of steps) list.appendChild(html("li", "", describeStep(step)));
    if (steps.length === 0) list.appendChild(html("li", "", problem ? "none: the link fails" : "no screen: the route's handler answers the link"));
    answer.appendChild(list);
    for (const position of chain) {
      routeNodes.get(position).classList.add("win");
      for (const edge of edges) if (edge.route === position) edge.path.classList.add("win");
    }
    if (opened) for (const step of steps) screenNodes.get(placeOf(step.step, opened.tab))?.classList.add("win");
    show(route.position);
  };
  $("link").addEventListener("input", render);
  $("external").addEventListener("change", render);
  for (const example of data.examples) {
    const button = html("button", "", example);
    button.type = "button";
    button.addEventListener("click", () => { $("link").value = example; render(); });
    $("examples").appendChild(button);
  }
  apply();
  requestAnimationFrame(fit);
  window.WaypointMap = { render, data };
})();
