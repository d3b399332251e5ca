import Foundation
import Waypoint
import WaypointMatching

/// The fixed inputs the gate measures: the same every run, made before anything is counted.
enum Workloads {
  /// The deep-link table of the benchmarks at 1,000 routes: `/module{m}/screen{s}/:id`,
  /// `/module{m}/screen{s}/:id/detail{s}` and `/module{m}/static{s}`.
  static let patterns: [String] = (0..<10).flatMap { module in
    (0..<100).map { entry in
      switch entry % 3 {
      case 0: "/module\(module)/screen\(entry)/:id"
      case 1: "/module\(module)/screen\(entry)/:id/detail\(entry)"
      default: "/module\(module)/static\(entry)"
      }
    }
  }

  /// 1,000 URLs into that table, one in ten a miss.
  static let urls: [String] = {
    var generator = SeededGenerator(seed: 42)
    return (0..<1_000).map { index in
      let pattern = patterns[Int.random(in: 0..<patterns.count, using: &generator)]
      let id = String(Int.random(in: 1...999_999, using: &generator))
      var segments = pattern.split(separator: "/").map { $0 == ":id" ? id : String($0) }
      if index % 10 == 9 { segments[1] = "missing\(index)" }
      return "/" + segments.joined(separator: "/")
    }
  }()

  /// The URLs that hit.
  static let hits: [String] = urls.enumerated().filter { $0.offset % 10 != 9 }.map(\.element)

  static func table() throws -> RouteTable<Int> {
    var builder = RouteTableBuilder<Int>()
    for (index, pattern) in patterns.enumerated() { builder.add(pattern, payload: index) }
    return try builder.build()
  }

  /// The table's routes behind one pass-through middleware, each handler returning its route's
  /// number plus the length of its `id`.
  static func router() throws -> Router {
    var builder = RouterBuilder()
    builder.use(ClosureMiddleware { request, next in try await next(request) })
    for (index, pattern) in patterns.enumerated() {
      builder.add(pattern) { request in index &+ (request.parameters["id"]?.utf8.count ?? 0) }
    }
    return try builder.build()
  }

  /// A manifest of 1,000 routes (`myapp://<word>/p<n>/<word>/:id`, every other one `<int:id>`,
  /// each with a name and a target), as bytes.
  static let manifest: Data = {
    let words = ["profile", "detail", "settings", "orders", "cart", "search", "promo", "feed", "inbox", "media"]
    var generator = SeededGenerator(seed: 19)
    var json = #"{"version": 1, "routes": ["#
    for index in 0..<1_000 {
      let first = words[Int.random(in: 0..<words.count, using: &generator)]
      let second = words[Int.random(in: 0..<words.count, using: &generator)]
      let parameter = index.isMultiple(of: 2) ? ":id" : "<int:id>"
      json +=
        (index == 0 ? "\n" : ",\n")
        + #"  {"name": "r\#(index)", "pattern": "myapp://\#(first)/p\#(index)/\#(second)/\#(parameter)", "#
        + #""target": "Screen\#(index % 200)"}"#
    }
    return Data((json + "\n]}\n").utf8)
  }()

  /// The manifest's compiled table, as `waypoint compile` writes it.
  static let compiledManifest: Data = {
    do {
      return try RouteManifest.compileTable(from: manifest)
    } catch {
      fatalError("the gate's manifest does not compile: \(error)")
    }
  }()

  // MARK: Modules (the registry at scale is the benchmarks' `RegistryWorkload`)

  /// A module with no dependencies, made anew each time.
  final class Leaf: Sendable {}

  static func resolutionRegistry() throws -> ModuleRegistry {
    var builder = ModuleRegistryBuilder()
    builder.register(Leaf.self) { _ in Leaf() }
    return try builder.build()
  }

  // MARK: The app

  @MainActor final class Notes {}
  @MainActor final class Note {
    let id: Int
    init(id: Int) { self.id = id }
  }

  /// A two-tab app whose note links open over the list, with a window on a headless navigator.
  @MainActor static func app() throws -> (WaypointApp, HeadlessNavigator) {
    var routes = RouterBuilder()
    routes.add("/note/<int:id>", target: "Note", tab: "notes", under: ["Notes"], exposure: .public)
    routes.add("/settings", target: "Notes", tab: "settings", exposure: .public)
    let tabs = [NavigationTab("notes", root: "Notes"), NavigationTab("settings", root: "Notes")]
    // Every pass opens the same links: none is a duplicate of the one before.
    var policy = LinkInbox.Policy()
    policy.duplicateWindow = .zero
    let app = try WaypointApp(routes: routes, tabs: tabs, policy: policy) { screens in
      screens.registerScreen(Notes.self, target: "Notes") { Notes() }
      screens.registerScreen(Note.self, target: "Note") { _, link in Note(id: try link.int("id")) }
    }
    let navigator = HeadlessNavigator(state: app.start)
    app.openWindow(navigator: navigator)
    app.windowIsShown()
    return (app, navigator)
  }

  /// 200 note links, each a different note.
  static let noteLinks: [String] = (0..<200).map { "notes://note/\($0 &* 7 &+ 1)" }
}
