import Foundation
import Testing
import Waypoint
import WaypointLinkSite
import WaypointMatching

/// Ten public https routes and a live link to each (half by route name, half by URL), changed in
/// 50 ways that break a link and 50 that do not.
@Suite("Links check: what a manifest change does to live links")
struct LinkCheckTests {
  /// A route of the seeded manifest: its fields as the manifest has them.
  typealias Route = [String: any Sendable]

  static let routes: [Route] = [
    ["name": "note", "pattern": "https://app.example.com/n/<int:id>", "target": "NoteEditor"],
    ["name": "folder", "pattern": "https://app.example.com/f/<uuid:folder>", "target": "NoteList"],
    ["name": "tag", "pattern": "https://app.example.com/t/<tag>", "target": "TagList"],
    ["name": "user", "pattern": "https://app.example.com/u/:name", "target": "Profile"],
    ["name": "search", "pattern": "https://app.example.com/search/:query", "target": "Search"],
    ["name": "page", "pattern": "https://app.example.com/p/<int:page>", "target": "Pages"],
    ["name": "share", "pattern": "https://app.example.com/s/:token", "target": "Share"],
    ["name": "invite", "pattern": "https://app.example.com/invite/:code", "target": "Invite"],
    ["name": "doc", "pattern": "https://app.example.com/d/*path", "target": "Docs"],
    ["name": "event", "pattern": "https://app.example.com/e/<int:year>/:slug", "target": "Event"],
  ].map { $0.merging(["exposure": "public", "presentation": "push"]) { first, _ in first } }

  /// The values of each route's link, and its URL.
  static let values: [([String: ParameterValue], String)] = [
    (["id": "42"], "https://app.example.com/n/42"),
    (
      ["folder": "6f1c2b9e-8d4a-4c3e-9a7b-2e5f1d0c3b8a"],
      "https://app.example.com/f/6f1c2b9e-8d4a-4c3e-9a7b-2e5f1d0c3b8a"
    ),
    (["tag": "autumn"], "https://app.example.com/t/autumn"),
    (["name": "ada"], "https://app.example.com/u/ada"),
    (["query": "pears"], "https://app.example.com/search/pears"),
    (["page": "3"], "https://app.example.com/p/3"),
    (["token": "abc123"], "https://app.example.com/s/abc123"),
    (["code": "WELCOME"], "https://app.example.com/invite/WELCOME"),
    (["path": ["guides", "start"]], "https://app.example.com/d/guides/start"),
    (["year": "2026", "slug": "launch"], "https://app.example.com/e/2026/launch"),
  ]

  /// The live links: even routes by name, odd ones by URL.
  static let links: [LinkCheck.Link] = routes.indices.map { index in
    let name = routes[index]["name"] as? String ?? ""
    return index.isMultiple(of: 2)
      ? LinkCheck.Link(code: "l\(index)", route: name, values: values[index].0)
      : LinkCheck.Link(code: "l\(index)", url: values[index].1)
  }

  static func router(_ routes: [Route]) throws -> Router {
    let data = try JSONSerialization.data(withJSONObject: ["routes": routes])
    return try RouteManifest(data: data).makeRouter()
  }

  /// `routes` with the route at `index` changed by `change` (a `nil` route is removed).
  static func changing(_ index: Int, _ change: (Route) -> Route?) -> [Route] {
    var changed = routes
    if let route = change(changed[index]) { changed[index] = route } else { changed.remove(at: index) }
    return changed
  }

  /// The first parameter name of a pattern, and the pattern with it renamed.
  @Sendable static func renamingParameter(_ route: Route) -> Route {
    var route = route
    let pattern = route["pattern"] as? String ?? ""
    let renamed =
      pattern.replacing(/(<[a-z]+:)([a-z]+)>/, maxReplacements: 1) { "\($0.output.1)\($0.output.2)X>" }
    route["pattern"] =
      renamed != pattern
      ? renamed : pattern.replacing(/([:*])([a-z]+)/, maxReplacements: 1) { "\($0.output.1)\($0.output.2)X" }
    if (route["pattern"] as? String)?.contains("<tag>") == true {
      route["pattern"] = "https://app.example.com/t/<tagX>"
    }
    return route
  }

  /// Five changes that break the route's live link.
  static let breaking: [(String, @Sendable (Route) -> Route?)] = [
    ("removed", { _ in nil }),
    ("made internal", { $0.merging(["exposure": "internal"]) { _, new in new } }),
    ("another target", { $0.merging(["target": "Elsewhere"]) { _, new in new } }),
    (
      "another path",
      { route in
        route.merging([
          "pattern": (route["pattern"] as? String ?? "").replacing("example.com/", with: "example.com/v2/")
        ]) { _, new in new }
      }
    ),
    ("a renamed parameter", renamingParameter),
  ]

  /// Five changes that leave it as it is.
  static let harmless: [(String, @Sendable ([Route], Int) -> [Route])] = [
    (
      "an unrelated route added",
      { routes, index in
        routes + [["name": "other\(index)", "pattern": "https://app.example.com/other\(index)/:x", "target": "Other"]]
      }
    ),
    (
      "another presentation",
      { routes, index in
        var changed = routes
        changed[index]["presentation"] = "sheet"
        return changed
      }
    ),
    (
      "moved to the end",
      { routes, index in
        var changed = routes
        changed.append(changed.remove(at: index))
        return changed
      }
    ),
    (
      "screens placed under it",
      { routes, index in
        var changed = routes
        changed[index]["under"] = ["Home"]
        return changed
      }
    ),
    (
      "an old path redirecting to it",
      { routes, index in
        routes + [
          [
            "name": "old\(index)", "pattern": "https://app.example.com/old\(index)/:x",
            "redirect": "https://app.example.com/n/1", "exposure": "public",
          ]
        ]
      }
    ),
  ]

  @Test("the links open their routes as they are")
  func unchanged() throws {
    let router = try Self.router(Self.routes)
    #expect(LinkCheck.check(Self.links, baseline: router, current: router).isEmpty)
    #expect(LinkCheck.check(Self.links, baseline: nil, current: router).isEmpty)
  }

  /// The codes of the links each changed manifest breaks, against the seeded one: one list per
  /// route and change, named `route <index> <change>`.
  static func brokenCodes(
    _ changes: [(String, @Sendable ([Route], Int) -> [Route])]
  ) throws -> [(change: String, codes: [String])] {
    let baseline = try router(routes)
    return try routes.indices.flatMap { index in
      try changes.map { name, change in
        let current = try router(change(routes, index))
        return ("route \(index) \(name)", LinkCheck.check(links, baseline: baseline, current: current).map(\.code))
      }
    }
  }

  @Test("50 breaking changes: each breaks exactly its route's link, named with why")
  func breakingChanges() throws {
    let changes = Self.breaking.map { name, change in
      (name, { @Sendable (routes: [Route], index: Int) in Self.changing(index, change) })
    }
    let outcomes = try Self.brokenCodes(changes)
    #expect(outcomes.count == 50)
    for (index, outcome) in outcomes.enumerated() where outcome.codes != ["l\(index / Self.breaking.count)"] {
      Issue.record("\(outcome.change) broke \(outcome.codes)")
    }
  }

  @Test("50 harmless changes: none is flagged")
  func harmlessChanges() throws {
    let outcomes = try Self.brokenCodes(Self.harmless)
    #expect(outcomes.count == 50)
    for outcome in outcomes where !outcome.codes.isEmpty {
      Issue.record("\(outcome.change) flagged \(outcome.codes)")
    }
  }

  @Test("the reasons say what changed")
  func reasons() throws {
    let baseline = try Self.router(Self.routes)
    func reason(_ index: Int, _ change: (Route) -> Route?) throws -> String {
      LinkCheck.check(Self.links, baseline: baseline, current: try Self.router(Self.changing(index, change)))
        .first?.reason ?? ""
    }
    #expect(try reason(1, Self.breaking[2].1).contains("now shows Elsewhere (route 'folder'), not NoteList"))
    #expect(try reason(1, { _ in nil }).contains("opens no public route"))
    #expect(try reason(0, Self.renamingParameter).hasPrefix("the next build fails"), "a route-named link")
    #expect(try reason(3, Self.renamingParameter).contains("now gives nameX=ada, not name=ada"), "a URL link")
  }

  @Test("a route-named link: the URL the next build makes must land where the live one did")
  func nextBuild() throws {
    let baseline = try Self.router([
      ["name": "note", "pattern": "https://app.example.com/n/<int:id>", "target": "NoteEditor", "exposure": "public"]
    ])
    let current = try Self.router([
      ["name": "note", "pattern": "https://app.example.com/x/<int:id>", "target": "Other", "exposure": "public"],
      [
        "name": "legacy", "pattern": "https://app.example.com/n/<int:id>", "target": "NoteEditor", "exposure": "public",
      ],
    ])
    let link = LinkCheck.Link(code: "n", route: "note", values: ["id": "42"])
    let broken = LinkCheck.check([link], baseline: baseline, current: current)
    #expect(
      broken.map(\.reason) == [
        "the next build's link 'https://app.example.com/x/42' now shows Other (route 'note'), not NoteEditor (route 'note')"
      ])
  }

  @Test("a link that opens nothing under the baseline is reported, not passed over")
  func brokenBaseline() throws {
    let router = try Self.router(Self.routes)
    let nowhere = LinkCheck.Link(code: "x", url: "https://app.example.com/nowhere")
    let broken = LinkCheck.check([nowhere], baseline: router, current: router)
    #expect(
      broken.first?.reason.hasPrefix("the baseline: 'https://app.example.com/nowhere' opens no public route") == true)
  }
}
