import Foundation

/// A committed navigation map (`waypoint graph --update`), and what changed since it.
///
/// It holds the facts of ``NavigationGraph``, one JSON object per route, keys sorted: a file a
/// pull request shows as a readable diff.
struct GraphBaseline: Codable, Equatable {
  /// The format's version.
  var version = 1
  /// The routes' facts, sorted by key.
  var routes: [NavigationGraph.Route]
  /// The host allow-list, sorted.
  var hosts: [String]

  /// The baseline of `graph`.
  init(_ graph: NavigationGraph) {
    routes = graph.routes
    hosts = graph.hosts
  }

  /// A baseline read from its JSON.
  init(data: Data) throws {
    self = try JSONDecoder().decode(Self.self, from: data)
  }

  /// The JSON, pretty-printed with sorted keys.
  func data() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }

  /// One line per difference from this baseline to `current`: routes added, removed or renamed
  /// (the same pattern under another key), then each changed fact of the routes in both.
  func differences(to current: GraphBaseline) -> [String] {
    let old = Dictionary(routes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(current.routes.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    var removed = old.keys.filter { new[$0] == nil }.sorted()
    var added = new.keys.filter { old[$0] == nil }.sorted()
    var lines: [String] = []
    for key in removed {
      guard let pattern = old[key]?.pattern,
        let renamed = added.first(where: { new[$0]?.pattern == pattern })
      else { continue }
      lines.append("renamed: \(key) → \(renamed) (\(pattern))")
      if let before = old[key], let after = new[renamed] {
        lines += Self.changes(from: before, to: after, key: renamed)
      }
      removed.removeAll { $0 == key }
      added.removeAll { $0 == renamed }
    }
    lines += removed.map { "removed: \($0) (\(old[$0]?.pattern ?? ""))" }
    lines += added.map { "added: \($0) (\(new[$0]?.pattern ?? ""))" }
    for key in old.keys.sorted() {
      guard let before = old[key], let after = new[key] else { continue }
      lines += Self.changes(from: before, to: after, key: key)
    }
    if hosts != current.hosts {
      lines.append("changed: hosts \(Self.text(hosts)) → \(Self.text(current.hosts))")
    }
    return lines
  }

  /// A line per fact of a route that differs, naming what it means for a public route.
  private static func changes(from before: NavigationGraph.Route, to after: NavigationGraph.Route, key: String)
    -> [String]
  {
    let old = facts(of: before)
    let new = facts(of: after)
    var lines: [String] = []
    for field in Set(old.keys).union(new.keys).sorted() where field != "key" && field != "name" {
      let was = old[field] ?? "null"
      let now = new[field] ?? "null"
      guard was != now else { continue }
      var line = "changed: \(key): \(field) \(was) → \(now)"
      if field == "reachable", before.exposure == "public", !after.reachable {
        line += " (a public route now unreachable)"
      }
      if field == "exposure", before.exposure == "public" { line += " (a public route now internal)" }
      lines.append(line)
    }
    return lines
  }

  /// Each fact of `route` as compact JSON, by field.
  private static func facts(of route: NavigationGraph.Route) -> [String: String] {
    guard let data = try? JSONEncoder().encode(route),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { return [:] }
    return object.mapValues(text)
  }

  /// `value` as compact JSON with sorted keys.
  private static func text(_ value: Any) -> String {
    guard JSONSerialization.isValidJSONObject([value]),
      let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .withoutEscapingSlashes])
    else { return "\(value)" }
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
  }
}
