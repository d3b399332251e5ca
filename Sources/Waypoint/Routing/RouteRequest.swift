/// Everything a handler or middleware knows about one attempt to open a URL.
///
/// A request keeps the URL as parsed and the path parameters the route captured; the query and
/// fragment are read from that URL, so they always say what it says. Look values up by name
/// with ``value(_:from:)``, whose order is extras > path > query > defaults, so a query item can never
/// override a path parameter:
///
/// ```swift
/// let id = try request.int("id")          // throws invalidParameter naming "id" and its value
/// let tab = request["tab"] ?? "posts"
/// for value in request.values() { print(value.name, value.source) }   // every name, once
/// ```
public struct RouteRequest: Sendable {
  /// The URL as parsed; change its query with ``setQuery(_:)``.
  public private(set) var url: ParsedURL
  /// The route that matched, or `nil` for the fallback handler.
  public let route: RouteDefinition?
  /// The segments a rest matched, when the route has one.
  public let rest: [String]?
  /// The query items of ``url``, in order.
  public private(set) var query: [QueryItem]
  /// The decoded fragment of ``url``.
  public private(set) var fragment: String?
  /// Values an in-process caller passed to `open` (or a middleware added); they win over every
  /// value the URL holds.
  public var extras: [String: any Sendable]
  /// Where the request comes from.
  public let origin: Origin
  /// The callback URLs the link asked for when it was opened, already checked against the
  /// allow-list.
  public let callbacks: CallbackURLs
  /// The routes that matched the URL and declined it before this request was made (through
  /// `canHandle` or ``RouteDecline``), best first; the fallback handler sees every one.
  public let declinedRoutes: [RouteDefinition]
  /// The decoded path parameters in pattern order (a named rest joined with `/`).
  private let path: [(name: String, value: String)]

  /// Makes a request; the router makes them for you, tests may make their own.
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - route: The route that matched; its `defaults` are the request's defaults.
  ///   - parameters: The path parameters, in pattern order.
  ///   - rest: The segments a rest matched.
  ///   - extras: In-process values.
  ///   - origin: Where the request comes from.
  ///   - callbacks: The callback URLs.
  public init(
    url: ParsedURL, route: RouteDefinition? = nil, parameters: KeyValuePairs<String, String> = [:],
    rest: [String]? = nil, extras: [String: any Sendable] = [:], origin: Origin = .internal,
    callbacks: CallbackURLs = CallbackURLs()
  ) {
    self.init(
      url: url, route: route, path: parameters.map { ($0.key, $0.value) }, rest: rest, extras: extras, origin: origin,
      callbacks: callbacks)
  }

  init(
    url: ParsedURL, route: RouteDefinition?, path: [(name: String, value: String)], rest: [String]?,
    extras: [String: any Sendable], origin: Origin, callbacks: CallbackURLs, declinedRoutes: [RouteDefinition] = []
  ) {
    self.declinedRoutes = declinedRoutes
    self.url = url
    self.route = route
    self.path = path
    self.rest = rest
    self.query = url.queryItems
    self.fragment = url.fragment
    self.extras = extras
    self.origin = origin
    self.callbacks = callbacks
  }

  /// The decoded path parameters (a named rest joined with `/`).
  public var parameters: [String: String] {
    Dictionary(path.map { ($0.name, $0.value) }) { first, _ in first }
  }

  /// The route's defaults: values for names the URL does not supply.
  public var defaults: [String: String] { route?.defaults ?? [:] }

  // MARK: - Lookup

  /// The value for `name` from the first of `sources` that has it, in the order
  /// extras > path > query (its first value) > defaults.
  public func value(_ name: String, from sources: Set<RequestValue.Source> = RequestValue.Source.all) -> (any Sendable)?
  {
    lookup(name, in: sources)?.value
  }

  /// The value for `name` as text, or `nil`; an extra that is not text is described.
  public subscript(name: String) -> String? {
    guard let value = value(name) else { return nil }
    return (value as? String) ?? String(describing: value)
  }

  /// Every name the request holds in `sources`, once, with the value ``value(_:from:)`` gives
  /// and where it came from: path parameters in pattern order, then query names in order of
  /// first appearance, then defaults and extras by name.
  public func values(from sources: Set<RequestValue.Source> = RequestValue.Source.all) -> [RequestValue] {
    var names: [String] = []
    var seen: Set<String> = []
    func add(_ name: String) { if seen.insert(name).inserted { names.append(name) } }
    if sources.contains(.path) { for parameter in path { add(parameter.name) } }
    if sources.contains(.query) { for item in query { add(item.name) } }
    if sources.contains(.default) { defaults.keys.sorted().forEach(add) }
    if sources.contains(.extra) { extras.keys.sorted().forEach(add) }
    return names.compactMap { lookup($0, in: sources) }
  }

  /// The values the URL gives (path, query, defaults) as text: what a screen keeps.
  public var urlValues: [String: String] {
    var texts: [String: String] = [:]
    for value in values(from: [.path, .query, .default]) { texts[value.name] = value.text }
    return texts
  }

  /// Every query value for `name`, in order.
  public func queryValues(_ name: String) -> [String] {
    query.filter { $0.name == name }.map(\.value)
  }

  /// The first of `sources`, in ``RequestValue/Source/order``, that has `name`, with its value.
  private func lookup(_ name: String, in sources: Set<RequestValue.Source>) -> RequestValue? {
    for source in RequestValue.Source.order where sources.contains(source) {
      if let value = value(name, in: source) { return RequestValue(name: name, value: value, source: source) }
    }
    return nil
  }

  private func value(_ name: String, in source: RequestValue.Source) -> (any Sendable)? {
    switch source {
    case .extra: return extras[name]
    case .path: return path.first { $0.name == name }?.value
    case .query: return query.first { $0.name == name }?.value
    case .default: return route?.defaults[name]
    }
  }

  // MARK: - Changes

  /// Replaces the URL's query with `items`, keeping its path and fragment.
  ///
  /// ``url``, ``query`` and the lookups then all say the new thing. The callbacks stay those the
  /// link was opened with.
  ///
  /// - Throws: `invalidURL` when the edited URL breaks a reading rule (a length limit).
  public mutating func setQuery(_ items: [QueryItem]) throws(RoutingError) {
    var link = LinkText(url.string)
    link.items = nil
    link.append(items)
    let edited = try ParsedURL(link.string, options: url.options)
    url = edited
    query = edited.queryItems
    fragment = edited.fragment
  }
}

/// One name of a request with its value and where the value came from.
public struct RequestValue: Sendable, CustomStringConvertible {
  /// Where a request's value comes from.
  public enum Source: String, Sendable, Hashable, CaseIterable {
    /// An in-process value passed to `open` or added by a middleware.
    case extra
    /// A path parameter the route captured.
    case path
    /// A query item (its first value).
    case query
    /// The route's default.
    case `default`

    /// The lookup order, highest first: the one place it is defined.
    public static let order: [Source] = [.extra, .path, .query, .default]
    /// Every source.
    public static let all = Set(order)
  }

  /// The name.
  public let name: String
  /// The value that wins for the name.
  public let value: any Sendable
  /// Where it came from.
  public let source: Source

  /// The value as text; an extra that is not text is described.
  public var text: String { (value as? String) ?? String(describing: value) }

  /// `name=value (source)`.
  public var description: String { "\(name)=\(text) (\(source.rawValue))" }
}
