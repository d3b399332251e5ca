import Synchronization
public import WaypointMatching

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A link as a Swift value: read from a URL and printed back to one by the same route table.
///
/// A conforming type, usually an enum with a case per route, lists its routes and says how a
/// matched route becomes a value and a value becomes a route's values. Parsing and printing then
/// go through one `RouteTable` built once per type, with the engine, precedence and options
/// every router uses, and printing is the table's checked printing: for every value that prints,
/// `try Link(parsing: link.url) == link`.
///
/// Write the conformance with the `@Routable` and `@Route` macros of `WaypointMacros`, generate it
/// from a manifest with `waypoint generate`, or write it by hand:
///
/// ```swift
/// enum NotesLink: RoutableLink, Equatable {
///   case note(id: Int)
///   case search(query: String, page: Int)
///
///   static let routeDefinitions = [
///     RouteDefinition(pattern: "notes://note/<int:id>", name: "note"),
///     RouteDefinition(pattern: "notes://search", name: "search"),
///   ]
///
///   init(route name: String, request: RouteRequest) throws(RoutingError) {
///     switch name {
///     case "note": self = .note(id: try request.linkValue("id", from: .path, as: Int.self))
///     default:
///       self = .search(
///         query: try request.linkValue("query", from: .query, as: String.self),
///         page: try request.linkValue("page", from: .query, as: Int?.self) ?? 1)
///     }
///   }
///
///   var routeValues: RouteValues {
///     switch self {
///     case .note(let id): RouteValues("note", parameters: ["id": ParameterValue(linkValue: id)])
///     case .search(let query, let page):
///       RouteValues("search", query: [QueryItem(name: "query", linkValue: query), QueryItem(name: "page", linkValue: page)])
///     }
///   }
/// }
///
/// let link = try NotesLink(parsing: "notes://note/42")   // .note(id: 42)
/// try NotesLink.search(query: "a b", page: 2).url        // "notes://search?query=a%20b&page=2"
/// ```
public protocol RoutableLink: Sendable {
  /// The type's routes, each with a distinct `name`: the name ``init(route:request:)`` is given and
  /// ``routeValues`` names.
  static var routeDefinitions: [RouteDefinition] { get }

  /// How the type's URLs are read and compared; the default is `MatchingOptions()`.
  static var matchingOptions: MatchingOptions { get }

  /// The parameter types the patterns may name; the default is the built-in ones.
  static var parameterTypes: ParameterTypes { get }

  /// The link the route named `name` matched, its values read from `request`: the path
  /// parameters the pattern names, the rest from the query (read with `RouteRequest.linkValue(_:from:as:)`).
  ///
  /// - Parameters:
  ///   - name: The name of the route that matched, one of the type's `routeDefinitions`.
  ///   - request: The matched URL's request: its path parameters, query and the route's defaults.
  /// - Throws: `invalidParameter` naming the value that is missing or does not convert.
  init(route name: String, request: RouteRequest) throws(RoutingError)

  /// The route this link prints through and the values it prints.
  var routeValues: RouteValues { get }
}

extension RoutableLink {
  /// `MatchingOptions()`.
  public static var matchingOptions: MatchingOptions { MatchingOptions() }

  /// The built-in parameter types.
  public static var parameterTypes: ParameterTypes { ParameterTypes() }

  /// The table this type's links are parsed and printed by, built once per type.
  ///
  /// - Throws: The build's first error when the definitions do not make a table (a bad pattern,
  ///   two routes in conflict, a duplicate or missing name); the same error every time.
  package static func linkTable() throws(RoutingError) -> RouteTable<RouteDefinition> {
    try LinkTables.shared.table(for: Self.self)
  }

  /// Reads `url` as a link of this type.
  ///
  /// - Throws: `invalidURL` for a URL that cannot be read, `notFound` when no route of the type
  ///   matches it, `invalidParameter` naming a value that does not convert, or the table's build
  ///   error (see `linkTable()`).
  public init(parsing url: String) throws(RoutingError) {
    let table = try Self.linkTable()
    guard let match = try table.match(url) else { throw RoutingError.notFound(url) }
    let route = match.payload
    let request = RouteRequest(url: match.url, route: route, parameters: match.parameters)
    try self.init(route: route.name ?? "", request: request)
  }

  /// Reads `url` as a link of this type, or `nil` when it is not one (see ``init(parsing:)`` for why).
  public init?(url: String) {
    do {
      try self.init(parsing: url)
    } catch {
      return nil
    }
  }

  /// The URL of this link, printed by the type's table: reading it gives this link back.
  ///
  /// - Throws: `unprintableURL` or `invalidParameter` when a value cannot be written into its
  ///   route's URL (an empty string in a path segment, a number that is not finite), or the
  ///   table's build error.
  public var url: String {
    get throws(RoutingError) {
      let values = routeValues
      return try Self.linkTable().url(for: values.name, parameters: values.parameters, query: values.query)
    }
  }
}
