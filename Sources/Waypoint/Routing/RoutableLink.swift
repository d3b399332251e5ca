import Synchronization
public import WaypointMatching

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
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

/// The route a typed link prints through: its name, the values of its pattern's parameters and
/// the query items of the link's other values.
public struct RouteValues: Sendable, Hashable {
  /// The route's name, one of the type's `routeDefinitions`.
  public var name: String
  /// The values of the pattern's parameters, by name.
  public var parameters: [String: ParameterValue]
  /// The query items, in order.
  public var query: [QueryItem]

  /// The values for the route named `name`.
  ///
  /// - Parameters:
  ///   - name: The route's name, one of the type's `routeDefinitions`.
  ///   - parameters: A value for each of the pattern's parameters, by name; a rest takes
  ///     `.segments`. Empty by default.
  ///   - query: The query items of the link's other values, printed in this order. Empty by
  ///     default.
  public init(_ name: String, parameters: [String: ParameterValue] = [:], query: [QueryItem] = []) {
    self.name = name
    self.parameters = parameters
    self.query = query
  }
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

/// The tables of the link types in use, each built on first use and kept for the process.
final class LinkTables: Sendable {
  static let shared = LinkTables()

  private let tables = Mutex<[ObjectIdentifier: Result<RouteTable<RouteDefinition>, RoutingError>]>([:])

  func table<Link: RoutableLink>(for type: Link.Type) throws(RoutingError) -> RouteTable<RouteDefinition> {
    let key = ObjectIdentifier(type)
    if let built = tables.withLock({ $0[key] }) { return try built.get() }
    // Built outside the lock: two threads may both build, and both get an equal table.
    let built = Self.build(type)
    tables.withLock { $0[key] = $0[key] ?? built }
    return try built.get()
  }

  private static func build<Link: RoutableLink>(_ type: Link.Type) -> Result<RouteTable<RouteDefinition>, RoutingError>
  {
    var builder = RouteTableBuilder<RouteDefinition>(options: Link.matchingOptions)
    builder.parameterTypes = Link.parameterTypes
    for route in Link.routeDefinitions {
      guard let name = route.name, !name.isEmpty else {
        return .failure(
          RoutingError(
            .invalidPattern,
            "the route '\(route.pattern)' of \(Link.self) has no name; every route of a link type needs one",
            pattern: route.pattern))
      }
      builder.add(route.pattern, name: name, priority: route.priority, payload: route)
    }
    do {
      return .success(try builder.build())
    } catch {
      let first = error.errors(as: RoutingError.self).first
      var failure = first ?? RoutingError(.invalidPattern, error.message)
      failure.message = "\(Link.self): \(failure.message)"
      return .failure(failure)
    }
  }
}

// MARK: - Values of typed links

extension RouteRequest {
  /// The value named `name` in `source` (the path for a pattern's parameter, the query for a
  /// link's other values), converted as a typed link reads it; a query value falls back to the
  /// route's default for `name`.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: The type the text converts to, through its `init?(_:)`.
  /// - Returns: The converted value.
  /// - Throws: `invalidParameter` naming the value when it is missing or does not convert.
  public func linkValue<Value: LosslessStringConvertible>(
    _ name: String, from source: RequestValue.Source, as type: Value.Type
  ) throws(RoutingError) -> Value {
    try present(name, source, try linkValue(name, from: source, as: Value?.self))
  }

  /// The value named `name` in `source`, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: The optional type the text converts to, through the wrapped type's `init?(_:)`.
  /// - Returns: The converted value, or `nil` when `source` has no value named `name`.
  /// - Throws: `invalidParameter` when the value is there and does not convert.
  public func linkValue<Value: LosslessStringConvertible>(
    _ name: String, from source: RequestValue.Source, as type: Value?.Type
  ) throws(RoutingError) -> Value? {
    try converted(name, source, "\(Value.self)") { Value($0) }
  }

  /// The `Bool` named `name` in `source`: `true`/`false`, `1`/`0` or `yes`/`no`, in any case.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `Bool.self`, read with the words above rather than `Bool`'s own `init?(_:)`
  ///     (only `true` and `false`).
  /// - Returns: The value read.
  /// - Throws: `invalidParameter` naming the value when it is missing or is none of those words.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: Bool.Type) throws(RoutingError)
    -> Bool
  {
    try present(name, source, try linkValue(name, from: source, as: Bool?.self))
  }

  /// The `Bool` named `name` in `source`, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `Bool?.self`, which reads `true`/`false`, `1`/`0` or `yes`/`no`, in any case.
  /// - Returns: The value read, or `nil` when `source` has no value named `name`.
  /// - Throws: `invalidParameter` when the value is there and is none of those words.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: Bool?.Type) throws(RoutingError)
    -> Bool?
  {
    try converted(name, source, "Bool") { text in
      switch text.lowercased() {
      case "true", "1", "yes": true
      case "false", "0", "no": false
      default: nil
      }
    }
  }

  /// The `UUID` named `name` in `source`.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `UUID.self`; the text is read with `UUID(uuidString:)`.
  /// - Returns: The UUID read.
  /// - Throws: `invalidParameter` naming the value when it is missing or is not a UUID.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: UUID.Type) throws(RoutingError)
    -> UUID
  {
    try present(name, source, try linkValue(name, from: source, as: UUID?.self))
  }

  /// The `UUID` named `name` in `source`, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `UUID?.self`; the text is read with `UUID(uuidString:)`.
  /// - Returns: The UUID read, or `nil` when `source` has no value named `name`.
  /// - Throws: `invalidParameter` when the value is there and is not a UUID.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: UUID?.Type) throws(RoutingError)
    -> UUID?
  {
    try converted(name, source, "UUID") { UUID(uuidString: $0) }
  }

  /// The segments the pattern's rest named `name` matched (`*path`), or the query values of
  /// `name` in order.
  ///
  /// - Parameters:
  ///   - name: The name of the rest (`path` for `*path`) or of the query items.
  ///   - source: `.path` for the pattern's rest, `.query` for every query item of that name
  ///     (the route's default is not read); `.extra` and `.default` hold no list.
  ///   - type: `[String].self`, for a rest or a query item that repeats.
  /// - Returns: The rest's segments, or the query values in order (empty when the link has no
  ///   item of that name).
  /// - Throws: `invalidParameter` naming the value when `source` is `.path` and the pattern's
  ///   rest named `name` matched nothing (or there is none), or when `source` is `.extra` or
  ///   `.default`.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: [String].Type) throws(RoutingError)
    -> [String]
  {
    switch source {
    case .path: return try present(name, source, try linkValue(name, from: source, as: [String]?.self))
    case .query: return queryValues(name)
    case .extra, .default: throw absent(name, source)
    }
  }

  /// The segments of the rest named `name` or the query values of `name`, or `nil` when there
  /// are none (a rest in an optional group that is absent, no query item of that name).
  ///
  /// - Parameters:
  ///   - name: The name of the rest (`path` for `*path`) or of the query items.
  ///   - source: `.path` for the pattern's rest, `.query` for every query item of that name
  ///     (the route's default is not read); `.extra` and `.default` give `nil`.
  ///   - type: `[String]?.self`, for a rest or a query item that repeats.
  /// - Returns: The rest's segments or the query values in order, or `nil` when there are none.
  /// - Throws: Nothing: a list that is not there is `nil`.
  public func linkValue(
    _ name: String, from source: RequestValue.Source, as type: [String]?.Type
  ) throws(RoutingError) -> [String]? {
    switch source {
    case .path: return parameters.restName == name ? parameters.rest : nil
    case .query:
      let values = queryValues(name)
      return values.isEmpty ? nil : values
    case .extra, .default: return nil
    }
  }

  /// The text of `name` in `source` through `convert`, `nil` when there is none.
  private func converted<Value>(
    _ name: String, _ source: RequestValue.Source, _ typeName: String, _ convert: (String) -> Value?
  ) throws(RoutingError) -> Value? {
    let text: String?
    switch source {
    case .path: text = parameters[name]
    case .query: text = query.first { $0.name == name }?.value ?? route?.defaults[name]
    case .extra: text = extras[name].map { ($0 as? String) ?? String(describing: $0) }
    case .default: text = route?.defaults[name]
    }
    guard let text else { return nil }
    guard let value = convert(text) else {
      throw RoutingError(
        .invalidParameter, "the value '\(name)' of '\(url.string)' is '\(text)', which does not convert to \(typeName)",
        url: url.string, pattern: route?.pattern, parameter: name)
    }
    return value
  }

  /// `value`, or the error that says it is not in `source`.
  private func present<Value>(_ name: String, _ source: RequestValue.Source, _ value: Value?) throws(RoutingError)
    -> Value
  {
    guard let value else { throw absent(name, source) }
    return value
  }

  private func absent(_ name: String, _ source: RequestValue.Source) -> RoutingError {
    RoutingError(
      .invalidParameter, "'\(url.string)' has no \(source.rawValue) value '\(name)'", url: url.string,
      pattern: route?.pattern, parameter: name)
  }
}

extension ParameterValue {
  /// A typed link's value as its pattern's parameter: its text (`description`).
  public init<Value: LosslessStringConvertible>(linkValue value: Value) {
    self = .value(value.description)
  }

  /// A UUID as its pattern's parameter: `uuidString`.
  public init(linkValue value: UUID) {
    self = .value(value.uuidString)
  }

  /// The segments of a pattern's rest.
  public init(linkValue value: [String]) {
    self = .segments(value)
  }
}

extension QueryItem {
  /// A typed link's value as a query item: its text (`description`).
  ///
  /// - Parameters:
  ///   - name: The item's name, the one the link type reads the value by.
  ///   - value: The value, written as its `description`.
  public init<Value: LosslessStringConvertible>(name: String, linkValue value: Value) {
    self.init(name: name, value: value.description)
  }

  /// A UUID as a query item: `uuidString`.
  ///
  /// - Parameters:
  ///   - name: The item's name, the one the link type reads the value by.
  ///   - value: The UUID, written as its `uuidString`.
  public init(name: String, linkValue value: UUID) {
    self.init(name: name, value: value.uuidString)
  }

  /// One query item per value, in order: `name=a&name=b`.
  ///
  /// - Parameters:
  ///   - name: The name every item gets.
  ///   - values: The values, one item each; empty gives no item.
  /// - Returns: The items, in the order of `values`.
  public static func items(name: String, linkValues values: [String]) -> [QueryItem] {
    values.map { QueryItem(name: name, value: $0) }
  }
}

// MARK: - Routers and typed links

extension RouterBuilder {
  /// Registers every route of `type` with one handler that gets the link as a typed value, and
  /// the request for its origin, extras and callbacks; without a handler, each route goes to the
  /// handler of its target (the app's screen for it), as a manifest route does.
  ///
  /// ```swift
  /// builder.add(NotesLink.self) { link, request in
  ///   switch link {
  ///   case .note(let id): return try await notes.open(id)
  ///   case .search(let query, let page): return try await notes.search(query, page: page)
  ///   }
  /// }
  /// ```
  ///
  /// Each route keeps everything its definition says (name, exposure, priority, defaults,
  /// presentation, placement). The router matches with its own options, and takes the type's
  /// parameter types it does not have already; a value that does not convert fails the open
  /// with `invalidParameter`.
  ///
  /// - Parameters:
  ///   - type: The link type whose `routeDefinitions` are added.
  ///   - body: Handles every route of the type, given the link read from the request and the
  ///     request; what it returns is what `open` gives back. `nil`, the default, sends each
  ///     route to the handler of its target, or to its redirect.
  public mutating func add<Link: RoutableLink>(
    _ type: Link.Type, _ body: (@Sendable (Link, RouteRequest) async throws -> any Sendable)? = nil
  ) {
    let types = Link.parameterTypes
    for name in types.names where parameterTypes[name] == nil {
      if let type = types[name] { parameterTypes.register(type) }
    }
    root.add(type, body)
  }
}

extension RouterBuilder {
  /// Makes ``build()`` fail with `linkMismatch` when the routes lack a route of `type`, or have
  /// one of its names with another pattern: the links the app was compiled with would not open.
  ///
  /// For links generated from a manifest (`waypoint generate`) whose routes come from the
  /// manifest: a manifest replaced at run time (``RouterHolder/replace(manifest:)``) that drops
  /// or changes one of them is refused when it is loaded, and the router in use keeps serving.
  ///
  /// ```swift
  /// var builder = RouterBuilder()
  /// builder.add(bundled)                       // the manifest NotesLink was generated from
  /// builder.requireLinks(NotesLink.self)
  /// let holder = try RouterHolder(builder: builder)
  /// try holder.replace(manifest: downloaded)   // throws linkMismatch if it drops "note.show"
  /// ```
  public mutating func requireLinks<Link: RoutableLink>(_ type: Link.Type) {
    requiredLinks.append((String(describing: Link.self), Link.routeDefinitions))
  }

  /// The routes of required link types that `routes` lack or change.
  func linkMismatches(in routes: [RouteDefinition]) -> [RoutingError] {
    var byName: [String: RouteDefinition] = [:]
    for route in routes { if let name = route.name { byName[name] = byName[name] ?? route } }
    return requiredLinks.flatMap { required in
      required.routes.compactMap { needed -> RoutingError? in
        guard let name = needed.name else { return nil }
        guard let route = byName[name] else {
          return RoutingError(
            .linkMismatch, "\(required.type) needs the route '\(name)' (\(needed.pattern)), which the routes lack",
            pattern: needed.pattern, routeName: name)
        }
        guard route.pattern == needed.pattern else {
          return RoutingError(
            .linkMismatch,
            "\(required.type) needs the route '\(name)' as '\(needed.pattern)', but the routes have it as '\(route.pattern)'",
            pattern: route.pattern, routeName: name)
        }
        return nil
      }
    }
  }
}

extension RouteList {
  /// Adds every route of `type`, each handled by `body` with the link its request reads.
  mutating func add<Link: RoutableLink>(
    _ type: Link.Type, _ body: (@Sendable (Link, RouteRequest) async throws -> any Sendable)?
  ) {
    for definition in Link.routeDefinitions {
      guard let body else {
        add(definition)
        continue
      }
      let name = definition.name ?? ""
      let handler = ClosureHandler { request in
        try await body(try Link(route: name, request: request), request)
      }
      add(definition, handler: handler)
    }
  }
}

extension Router {
  /// Opens the URL `link` prints; see ``open(_:origin:extras:)-(String,_,_)``.
  ///
  /// - Parameters:
  ///   - link: The link, printed through its type's table.
  ///   - origin: Where it comes from; an external origin reaches only public routes.
  ///   - extras: In-process values for the handler; they win over path, query and defaults.
  /// - Returns: The route that handled the URL and the handler's value.
  /// - Throws: The printing's error (`unprintableURL`, `invalidParameter`), or the open's.
  public func open(
    _ link: some RoutableLink, origin: Origin = .internal, extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    try await open(try link.url, origin: origin, extras: extras)
  }

  /// Whether `open` would find a route for the URL `link` prints; `false` when it does not print.
  ///
  /// - Parameters:
  ///   - link: The link, printed through its type's table.
  ///   - origin: Where it would come from; an external origin reaches only public routes.
  /// - Returns: Whether a route takes the printed URL, as ``canOpen(_:origin:)-(String,_)`` answers.
  public func canOpen(_ link: some RoutableLink, origin: Origin = .internal) -> Bool {
    guard let url = try? link.url else { return false }
    return canOpen(url, origin: origin)
  }
}
