import Foundation
import TestSupport
import Testing
public import WaypointMacros

/// The issue's enum, exactly as an app writes it.
@Routable
enum NotesLink: Equatable {
  @Route("notes://note/<int:id>") case note(id: Int)
  @Route("notes://folder/<uuid:folder>/page/<int:page>") case folder(folder: UUID, page: Int)
  @Route("notes://search") case search(query: String, page: Int = 1)
  @Route("notes://files/*path") case files(path: [String])
  @Route("notes://settings(/:section)", exposure: .public) case settings(section: String?)
}

/// Every other kind of value: `Bool`, `Double`, `Float`, optionals from the query, repeated
/// query items, a custom parameter type, a named route with a priority and defaults, a case
/// without values.
@Routable
public enum ShopLink: Equatable, Sendable {
  @Route("shop://home", name: "shop.home") case home
  @Route("shop://default") case `default`
  @Route("shop://item/<int:id>(/<bool:gift>)", priority: 2, defaults: ["tab": "info"])
  case item(id: Int, gift: Bool?, tab: String, tags: [String])
  @Route("shop://price/<double:amount>/<float:weight>") case price(amount: Double, weight: Float, note: String?)
  @Route("shop://colour/<hex:value>") case colour(value: Hex, shade: Hex? = nil)
  @Route("shop://docs(/*pages)") case docs(pages: [String]?, flags: [String]? = nil, kinds: [String] = [])

  /// The built-in types and `hex`.
  public static var parameterTypes: ParameterTypes {
    var types = ParameterTypes()
    types.register(ParameterType("hex") { text in text.count == 6 && text.allSatisfy(\.isHexDigit) })
    return types
  }
}

/// A six-digit hex colour.
public struct Hex: LosslessStringConvertible, Equatable, Sendable {
  let text: String
  /// Six hex digits.
  public init?(_ description: String) {
    guard description.count == 6, description.allSatisfy(\.isHexDigit) else { return nil }
    text = description
  }
  /// The digits.
  public var description: String { text }
}

/// Links that say where their screens go, as a manifest route does.
@Routable
enum PlacedLink: Equatable {
  @Route(
    "notes://note/<int:id>", target: "Note", tab: "notes", under: ["Notes"], presented: .dismiss, exposure: .public)
  case note(id: Int)
  @Route("notes://compose", target: "Compose", presentation: .sheet, column: .secondary) case compose
}

@Suite("@Routable links")
struct RoutableLinkMacroTests {
  @Test(
    "@Route's target, tab, column, under and presented policy reach the definition; added without a handler, each goes to its target"
  )
  func placed() async throws {
    let note = try #require(PlacedLink.routeDefinitions.first)
    #expect(note.target == "Note")
    #expect(note.placement == Placement(tab: "notes", presented: .dismiss))
    #expect(note.under == ["Notes"])
    #expect(note.exposure == .public)
    let compose = try #require(PlacedLink.routeDefinitions.last)
    #expect(compose.target == "Compose")
    #expect(compose.presentation == .sheet)
    #expect(compose.placement == Placement(column: .secondary))
    var builder = RouterBuilder()
    builder.add(PlacedLink.self)
    builder.register(target: "Note") { request in try PlacedLink(route: "note", request: request) }
    builder.register(target: "Compose") { _ in PlacedLink.compose }
    let router = try builder.build()
    let opened = try await router.open("notes://note/5", origin: .external())
    #expect(try opened.value(as: PlacedLink.self) == .note(id: 5))
  }

  @Test("the issue's five URLs parse into their values, and each value prints back")
  func issueURLs() throws {
    let folder = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
    let expected: [(String, NotesLink)] = [
      ("notes://note/42", .note(id: 42)),
      ("notes://folder/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/page/2", .folder(folder: folder, page: 2)),
      ("notes://search?query=a%20b", .search(query: "a b")),
      ("notes://files/a/b", .files(path: ["a", "b"])),
      ("notes://settings", .settings(section: nil)),
    ]
    for (url, link) in expected {
      #expect(NotesLink(url: url) == link, "\(url)")
      #expect(try NotesLink(parsing: link.url) == link)
    }
    #expect(try NotesLink.note(id: 42).url == "notes://note/42")
    #expect(try NotesLink.search(query: "a b").url == "notes://search?query=a%20b&page=1")
    #expect(try NotesLink.files(path: ["a", "b"]).url == "notes://files/a/b")
    #expect(try NotesLink.settings(section: nil).url == "notes://settings")
    #expect(NotesLink.routeDefinitions.map(\.name) == ["note", "folder", "search", "files", "settings"])
    #expect(NotesLink.routeDefinitions[4].exposure == .public)
  }

  @Test("@Route's name, priority and defaults reach the definition; defaults fill absent query values")
  func routeOptions() throws {
    let item = ShopLink.routeDefinitions[2]
    #expect(item.name == "item")
    #expect(item.priority == 2)
    #expect(item.defaults == ["tab": "info"])
    #expect(ShopLink.routeDefinitions[0].name == "shop.home")
    #expect(ShopLink(url: "shop://item/7") == .item(id: 7, gift: nil, tab: "info", tags: []))
    #expect(
      ShopLink(url: "shop://item/7/1?tab=x&tags=a&tags=b") == .item(id: 7, gift: true, tab: "x", tags: ["a", "b"]))
    #expect(ShopLink(url: "shop://home") == .home)
    #expect(ShopLink(url: "shop://default") == .default)
    #expect(ShopLink.routeDefinitions[1].name == "default")
    #expect(ShopLink(url: "shop://docs") == .docs(pages: nil))
    #expect(ShopLink(url: "shop://docs/a/b?kinds=x") == .docs(pages: ["a", "b"], kinds: ["x"]))
    #expect(ShopLink(url: "shop://colour/00ff00?shade=zz") == nil)
    #expect(ShopLink(url: "shop://colour/nothex") == nil)
    #expect(try ShopLink.home.url == "shop://home")
  }

  @Test("print then parse gives the value over 2,000 generated values of every kind")
  func roundTrip() throws {
    var generator = SeededGenerator(seed: 3_535)
    let words = ["a", "a b", "x/y", "ü", "?&=", "%", "+", "me", "0", "true", "#", "😀", ".."]
    var printed = 0
    for _ in 0..<2_000 {
      func word() -> String { words.randomElement(using: &generator) ?? "a" }
      func list(_ most: Int) -> [String] { (0..<Int.random(in: 1...most, using: &generator)).map { _ in word() } }
      func maybe<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &generator) ? value() : nil }
      let hex = Hex(String(format: "%06x", Int.random(in: 0..<0x100_0000, using: &generator)))
      let link: ShopLink
      switch Int.random(in: 0..<5, using: &generator) {
      case 0: link = .home
      case 1:
        link = .item(
          id: Int.random(in: Int.min...Int.max, using: &generator), gift: maybe(Bool.random(using: &generator)),
          tab: word(), tags: Bool.random(using: &generator) ? [] : list(3))
      case 2:
        link = .price(
          amount: Double.random(in: -1e6...1e6, using: &generator),
          weight: Float.random(in: 0...100, using: &generator),
          note: maybe(word()))
      case 3: link = .colour(value: hex ?? Hex("000000")!, shade: maybe(hex ?? Hex("000000")!))
      default: link = .docs(pages: maybe(list(4)), flags: maybe(list(2)), kinds: maybe(list(2)) ?? [])
      }
      let url = try link.url
      printed += 1
      #expect(ShopLink(url: url) == link, "\(link) printed as \(url)")
    }
    #expect(printed == 2_000)
  }

  @Test("a router takes every route of the type with one typed handler")
  func router() async throws {
    var builder = RouterBuilder()
    builder.add(ShopLink.self) { link, _ in link }
    let router = try builder.build()
    let result = try await router.open("shop://colour/abcdef?shade=123456")
    #expect(try result.value(as: ShopLink.self) == .colour(value: Hex("abcdef")!, shade: Hex("123456")))
    #expect(router.canOpen(ShopLink.home))
  }
}
