import Foundation
import TestSupport
import Testing
import Waypoint
import WaypointMatching

/// A value type whose text form a custom parameter type checks: a hex colour such as `ff8800`.
struct Colour: LosslessStringConvertible, Hashable, Sendable {
  let hex: String
  init?(_ description: String) {
    guard description.count == 6, description.allSatisfy(\.isHexDigit) else { return nil }
    hex = description.lowercased()
  }
  var description: String { hex }
}

/// The issue's example, written by hand the way `@Routable` and `waypoint generate` write it.
enum NotesLink: RoutableLink, Hashable {
  case note(id: Int)
  case folder(folder: UUID, page: Int)
  case search(query: String, page: Int = 1)
  case files(path: [String])
  case settings(section: String?)
  case flags(on: Bool, ratio: Double, tags: [String])
  case paint(colour: Colour, shade: Colour?)

  static let routeDefinitions = [
    RouteDefinition(pattern: "notes://note/<int:id>", name: "note"),
    RouteDefinition(pattern: "notes://folder/<uuid:folder>/page/<int:page>", name: "folder"),
    RouteDefinition(pattern: "notes://search", name: "search"),
    RouteDefinition(pattern: "notes://files/*path", name: "files"),
    RouteDefinition(pattern: "notes://settings(/:section)", name: "settings", exposure: .public),
    RouteDefinition(pattern: "notes://flags/<bool:on>/<double:ratio>", name: "flags"),
    RouteDefinition(pattern: "notes://paint/<colour:colour>", name: "paint"),
  ]

  static var parameterTypes: ParameterTypes {
    var types = ParameterTypes()
    types.register(ParameterType("colour") { Colour(String($0)) != nil })
    return types
  }

  init(route name: String, request: RouteRequest) throws(RoutingError) {
    switch name {
    case "note": self = .note(id: try request.linkValue("id", from: .path, as: Int.self))
    case "folder":
      self = .folder(
        folder: try request.linkValue("folder", from: .path, as: UUID.self),
        page: try request.linkValue("page", from: .path, as: Int.self))
    case "search":
      self = .search(
        query: try request.linkValue("query", from: .query, as: String.self),
        page: try request.linkValue("page", from: .query, as: Int?.self) ?? 1)
    case "files": self = .files(path: try request.linkValue("path", from: .path, as: [String].self))
    case "settings": self = .settings(section: try request.linkValue("section", from: .path, as: String?.self))
    case "flags":
      self = .flags(
        on: try request.linkValue("on", from: .path, as: Bool.self),
        ratio: try request.linkValue("ratio", from: .path, as: Double.self),
        tags: try request.linkValue("tags", from: .query, as: [String].self))
    default:
      self = .paint(
        colour: try request.linkValue("colour", from: .path, as: Colour.self),
        shade: try request.linkValue("shade", from: .query, as: Colour?.self))
    }
  }

  var routeValues: RouteValues {
    switch self {
    case .note(let id): RouteValues("note", parameters: ["id": ParameterValue(linkValue: id)])
    case .folder(let folder, let page):
      RouteValues(
        "folder", parameters: ["folder": ParameterValue(linkValue: folder), "page": ParameterValue(linkValue: page)])
    case .search(let query, let page):
      RouteValues(
        "search", query: [QueryItem(name: "query", linkValue: query), QueryItem(name: "page", linkValue: page)])
    case .files(let path): RouteValues("files", parameters: ["path": ParameterValue(linkValue: path)])
    case .settings(let section):
      RouteValues("settings", parameters: section.map { ["section": ParameterValue(linkValue: $0)] } ?? [:])
    case .flags(let on, let ratio, let tags):
      RouteValues(
        "flags", parameters: ["on": ParameterValue(linkValue: on), "ratio": ParameterValue(linkValue: ratio)],
        query: QueryItem.items(name: "tags", linkValues: tags))
    case .paint(let colour, let shade):
      RouteValues(
        "paint", parameters: ["colour": ParameterValue(linkValue: colour)],
        query: shade.map { [QueryItem(name: "shade", linkValue: $0)] } ?? [])
    }
  }
}

/// Two routes whose patterns are the same route: the table refuses them, so every parse and
/// print says why.
enum ClashingLink: RoutableLink {
  case a(id: String)
  case b(id: String)

  static let routeDefinitions = [
    RouteDefinition(pattern: "x://item/:id", name: "a"), RouteDefinition(pattern: "x://item/:id", name: "b"),
  ]

  init(route name: String, request: RouteRequest) throws(RoutingError) {
    let id = try request.linkValue("id", from: .path, as: String.self)
    self = name == "a" ? .a(id: id) : .b(id: id)
  }

  var routeValues: RouteValues {
    switch self {
    case .a(let id): RouteValues("a", parameters: ["id": ParameterValue(linkValue: id)])
    case .b(let id): RouteValues("b", parameters: ["id": ParameterValue(linkValue: id)])
    }
  }
}

@Suite("Typed links")
struct RoutableLinkTests {
  @Test("the issue's URLs parse into their values and print back to the same URLs")
  func issueExamples() throws {
    let folder = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    let expected: [(String, NotesLink)] = [
      ("notes://note/42", .note(id: 42)),
      ("notes://folder/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/page/2", .folder(folder: folder, page: 2)),
      ("notes://search?query=a%20b", .search(query: "a b", page: 1)),
      ("notes://files/a/b", .files(path: ["a", "b"])),
      ("notes://settings", .settings(section: nil)),
      ("notes://settings/privacy", .settings(section: "privacy")),
    ]
    for (url, link) in expected {
      #expect(try NotesLink(parsing: url) == link, "\(url)")
      #expect(NotesLink(url: url) == link)
      #expect(try NotesLink(parsing: link.url) == link)
    }
    #expect(try NotesLink.note(id: 42).url == "notes://note/42")
    #expect(try NotesLink.search(query: "a b", page: 3).url == "notes://search?query=a%20b&page=3")
    #expect(try NotesLink.settings(section: nil).url == "notes://settings")
  }

  @Test("a URL that is not a link of the type says why; init?(url:) is nil")
  func refusals() {
    let cases: [(String, RoutingError.Code)] = [
      ("notes://nowhere", .notFound),
      ("notes://note/forty-two", .notFound),
      ("notes://search", .invalidParameter),
      ("notes://search?query=a&page=two", .invalidParameter),
      ("notes://paint/ff8800?shade=blue", .invalidParameter),
      ("notes://note/%G1", .invalidURL),
      ("", .notFound),
    ]
    for (url, code) in cases {
      #expect(NotesLink(url: url) == nil, "\(url)")
      #expect(throws: RoutingError.self) { try NotesLink(parsing: url) }
      do {
        _ = try NotesLink(parsing: url)
      } catch {
        #expect(error.code == code, "\(url): \(error)")
      }
    }
    do {
      _ = try NotesLink(parsing: "notes://search")
    } catch {
      #expect(error.parameter == "query")
      #expect(error.message.contains("no query value 'query'"), "\(error.message)")
    }
  }

  @Test("values that cannot be written into their route's URL throw when printed")
  func unprintable() {
    #expect(throws: RoutingError.self) { try NotesLink.settings(section: "").url }
    #expect(throws: RoutingError.self) { try NotesLink.flags(on: true, ratio: .nan, tags: []).url }
    #expect(throws: RoutingError.self) { try NotesLink.files(path: []).url }
  }

  @Test("a type whose routes conflict fails every parse and print with the table's error")
  func conflictingType() {
    do {
      _ = try ClashingLink(parsing: "x://item/1")
      Issue.record("a conflicting table parsed a link")
    } catch {
      #expect(error.code == .conflict, "\(error)")
      #expect(error.message.hasPrefix("ClashingLink: "), "\(error.message)")
    }
    #expect(throws: RoutingError.self) { try ClashingLink.a(id: "1").url }
    #expect(ClashingLink(url: "x://item/1") == nil)
  }

  @Test("print then parse gives the value, parse then print gives a URL that parses to it, over 3,000 generated values")
  func roundTrip() throws {
    var generator = SeededGenerator(seed: 35)
    var printed = 0
    for _ in 0..<3_000 {
      let link = Self.randomLink(&generator)
      let url: String
      do {
        url = try link.url
      } catch {
        // Only values no URL can carry may refuse to print.
        #expect(Self.cannotPrint(link), "\(link) did not print: \(error)")
        continue
      }
      printed += 1
      let parsed = try NotesLink(parsing: url)
      #expect(parsed == link, "\(link) printed as \(url) parsed as \(parsed)")
      #expect(try parsed.url == url)
    }
    #expect(printed > 2_500)
  }

  @Test("a router registers every route of a type with one handler that gets the typed value")
  func routerHandler() async throws {
    var builder = RouterBuilder()
    builder.add(NotesLink.self) { link, request in
      "\(link) from \(request.origin.kind)"
    }
    let router = try builder.build()
    let result = try await router.open("notes://note/7")
    #expect(try result.value(as: String.self) == "note(id: 7) from internal")
    let typed = try await router.open(NotesLink.search(query: "x", page: 2))
    #expect(typed.url == "notes://search?query=x&page=2")
    #expect(try typed.value(as: String.self) == "search(query: \"x\", page: 2) from internal")
    let settings = try await router.open(NotesLink.settings(section: "a b"), origin: .external())
    #expect(try settings.value(as: String.self) == "settings(section: Optional(\"a b\")) from external")
    // Exposure comes from the definition: only settings is public.
    #expect(router.canOpen(NotesLink.settings(section: nil), origin: .external()))
    #expect(!router.canOpen(NotesLink.note(id: 1), origin: .external()))
    #expect(router.canOpen(NotesLink.note(id: 1)))
    // A value the router matched but the type cannot read fails the open, naming it.
    do {
      _ = try await router.open("notes://search")
      Issue.record("a search link without a query opened")
    } catch {
      #expect(error.code == .invalidParameter)
      #expect(error.parameter == "query")
    }
  }

  @Test("a group registers a type's routes under its prefix")
  func groupPrefix() async throws {
    enum Shop: RoutableLink, Equatable {
      case item(id: Int)
      static let routeDefinitions = [RouteDefinition(pattern: "/item/<int:id>", name: "item")]
      init(route name: String, request: RouteRequest) throws(RoutingError) {
        self = .item(id: try request.linkValue("id", from: .path, as: Int.self))
      }
      var routeValues: RouteValues { RouteValues("item", parameters: ["id": ParameterValue(linkValue: 0)]) }
    }
    var builder = RouterBuilder()
    builder.group("/shop") { shop in shop.add(Shop.self) { link, _ in link == .item(id: 9) } }
    let router = try builder.build()
    #expect(try await router.open("/shop/item/9").value(as: Bool.self))
    #expect(!router.canOpen("/item/9"))
  }

  // MARK: - Generated values

  static let words = ["a", "a b", "x/y", "ü", "?&=", "%", "+", "-", "me", "0", "true", "#", "", "😀", "..", "."]

  static func randomLink(_ generator: inout SeededGenerator) -> NotesLink {
    func word() -> String { Self.words.randomElement(using: &generator) ?? "a" }
    func words(_ range: ClosedRange<Int>) -> [String] {
      (0..<Int.random(in: range, using: &generator)).map { _ in word() }
    }
    switch Int.random(in: 0..<7, using: &generator) {
    case 0: return .note(id: Int.random(in: Int.min...Int.max, using: &generator))
    case 1:
      var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let uuid = bytes.withUnsafeMutableBytes { raw in
        UUID(uuid: raw.load(as: uuid_t.self))
      }
      return .folder(folder: uuid, page: Int.random(in: -5...1_000, using: &generator))
    case 2: return .search(query: word(), page: Int.random(in: -3...99, using: &generator))
    case 3: return .files(path: words(0...4))
    case 4: return .settings(section: Bool.random(using: &generator) ? nil : word())
    case 5:
      let ratios: [Double] = [0, -0.5, 1e20, 3.25, .pi, -1e-7, .infinity, 42]
      return .flags(
        on: Bool.random(using: &generator), ratio: ratios.randomElement(using: &generator) ?? 0, tags: words(0...3))
    default:
      let hex = "0123456789abcdef"
      func colour() -> Colour {
        let text = String((0..<6).map { _ in hex.randomElement(using: &generator) ?? "0" })
        guard let colour = Colour(text) else { preconditionFailure("six hex digits make a colour") }
        return colour
      }
      return .paint(colour: colour(), shade: Bool.random(using: &generator) ? colour() : nil)
    }
  }

  /// Whether no URL can carry `link`: an empty path segment, an empty rest, a number that is not finite.
  static func cannotPrint(_ link: NotesLink) -> Bool {
    switch link {
    case .files(let path): path.isEmpty || path.contains("")
    case .settings(let section): section == ""
    case .flags(_, let ratio, _): !ratio.isFinite
    default: false
    }
  }
}
