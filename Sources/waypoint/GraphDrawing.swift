import Foundation

/// The navigation map drawn as Mermaid (which renders in a pull request) or Graphviz DOT.
///
/// Screens are boxes grouped by the tab that shows them; each route is a rounded node with its
/// name, pattern and exposure (`public`, `internal`), and an arrow to its screen labelled with
/// its presentation and column. A dashed arrow goes from each screen under a route's to the next
/// one, ending at the route's screen, and a dotted one from a redirect to the route it reaches.
struct GraphDrawing {
  let graph: NavigationGraph

  /// Mermaid `flowchart LR` source.
  var mermaid: String {
    var lines = ["flowchart LR"]
    for group in graph.screensByTab {
      let nodes = group.screens.map { "    \(Self.id("s", $0))[\"\(Self.mermaidText($0))\"]" }
      if group.tab.isEmpty {
        lines += nodes.map { String($0.dropFirst(2)) }
      } else {
        lines.append("  subgraph \(Self.id("tab", group.tab))[\"tab \(Self.mermaidText(group.tab))\"]")
        lines += nodes
        lines.append("  end")
      }
    }
    for route in graph.routes {
      lines.append(
        "  \(Self.id("r", route.key))([\"\(label(of: route, newline: "<br/>", escape: Self.mermaidText))\"])")
      if let target = route.target {
        lines.append("  \(Self.id("r", route.key)) -->|\(Self.mermaidText(edge(of: route)))| \(Self.id("s", target))")
      }
      for (from, to) in underEdges(of: route) {
        lines.append("  \(Self.id("s", from)) -. under .-> \(Self.id("s", to))")
      }
      if let destination = route.redirectsTo {
        lines.append("  \(Self.id("r", route.key)) -. redirect .-> \(Self.id("r", destination))")
      }
    }
    lines.append("  classDef internal stroke-dasharray: 4 2")
    let internalRoutes = graph.routes.filter { $0.exposure != "public" }.map { Self.id("r", $0.key) }
    if !internalRoutes.isEmpty { lines.append("  class \(internalRoutes.joined(separator: ",")) internal") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Graphviz `digraph` source.
  var dot: String {
    var lines = ["digraph waypoint {", "  rankdir=LR;", "  node [fontname=\"Helvetica\"];"]
    for group in graph.screensByTab {
      let nodes = group.screens.map { "    \(Self.dotText(Self.id("s", $0))) [shape=box, label=\(Self.dotText($0))];" }
      if group.tab.isEmpty {
        lines += nodes.map { String($0.dropFirst(2)) }
      } else {
        lines.append("  subgraph \(Self.dotText("cluster_" + Self.id("tab", group.tab))) {")
        lines.append("    label=\(Self.dotText("tab \(group.tab)"));")
        lines += nodes
        lines.append("  }")
      }
    }
    for route in graph.routes {
      let style = route.exposure == "public" ? "solid" : "dashed"
      lines.append(
        "  \(Self.dotText(Self.id("r", route.key))) [shape=oval, style=\(style), label=\(Self.dotText(label(of: route, newline: "\n", escape: { $0 })))];"
      )
      if let target = route.target {
        lines.append(
          "  \(Self.dotText(Self.id("r", route.key))) -> \(Self.dotText(Self.id("s", target))) [label=\(Self.dotText(edge(of: route)))];"
        )
      }
      for (from, to) in underEdges(of: route) {
        lines.append(
          "  \(Self.dotText(Self.id("s", from))) -> \(Self.dotText(Self.id("s", to))) [style=dashed, label=\"under\"];")
      }
      if let destination = route.redirectsTo {
        lines.append(
          "  \(Self.dotText(Self.id("r", route.key))) -> \(Self.dotText(Self.id("r", destination))) [style=dotted, label=\"redirect\"];"
        )
      }
    }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// `note.show` / `notes://note/<int:id>` / `public`, and the redirect template or the hosts.
  private func label(of route: NavigationGraph.Route, newline: String, escape: (String) -> String) -> String {
    var parts = [route.name ?? route.pattern]
    if route.name != nil { parts.append(route.pattern) }
    parts.append(route.reachable ? route.exposure : "\(route.exposure), shadowed")
    if let redirect = route.redirect { parts.append("→ \(redirect)") }
    return parts.map(escape).joined(separator: newline)
  }

  /// `push`, `sheet, stack`, `push @secondary`.
  private func edge(of route: NavigationGraph.Route) -> String {
    var text = route.presentation ?? "push"
    if route.presentsStack { text += ", stack" }
    if let column = route.column { text += " @\(column)" }
    return text
  }

  /// The arrows along a route's `under` path, ending at its screen.
  private func underEdges(of route: NavigationGraph.Route) -> [(String, String)] {
    let path = route.under.map(NavigationGraph.target(of:)) + (route.target.map { [$0] } ?? [])
    return zip(path, path.dropFirst()).filter { $0.0 != $0.1 }.map { ($0.0, $0.1) }
  }

  /// A node id of letters, digits and `_` only, prefixed by its kind.
  static func id(_ kind: String, _ text: String) -> String {
    kind + "_"
      + String(
        text.unicodeScalars.map { scalar in
          CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII ? Character(scalar) : "_"
        }) + "_" + String(UInt32(truncatingIfNeeded: text.hashValueStable), radix: 36)
  }

  /// Text for a Mermaid label: its quotes, angle brackets and bars as entities, a line break (a
  /// manifest's string may hold one) as a space, so no name can end a label or a line.
  static func mermaidText(_ text: String) -> String {
    text.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "<", with: "#lt;")
      .replacingOccurrences(of: ">", with: "#gt;").replacingOccurrences(of: "|", with: "#124;")
  }

  /// A DOT string literal.
  static func dotText(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
      .replacingOccurrences(of: "\n", with: "\\n") + "\""
  }
}

extension String {
  /// A hash that is the same on every run (FNV-1a over the UTF-8 bytes), so node ids are stable.
  var hashValueStable: UInt64 {
    utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }
}
