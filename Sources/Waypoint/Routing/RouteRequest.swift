/// Everything a handler or middleware knows about one attempt to open a URL.
///
/// Look values up by name with the merged order extras > path > query > defaults, so a query
/// item can never override a path parameter:
///
/// ```swift
/// let id = try request.int("id")          // throws invalidParameter naming "id" and its value
/// let tab = request["tab"] ?? "posts"
/// ```
public struct RouteRequest: Sendable {
  /// The URL as parsed.
  public var url: ParsedURL
  /// The route that matched, or `nil` for the fallback handler.
  public var route: MatchedRoute?
  /// The decoded path parameters (a named rest joined with `/`).
  public var parameters: [String: String]
  /// The segments a rest matched, when the route has one.
  public var rest: [String]?
  /// The query items, in order.
  public var query: [QueryItem]
  /// The decoded fragment.
  public var fragment: String?
  /// Values an in-process caller passed to `open` (or a middleware added).
  public var extras: [String: any Sendable]
  /// The route's defaults for names the URL does not supply.
  public var defaults: [String: String]
  /// Where the request comes from.
  public var origin: Origin
  /// The callback URLs the link asked for, already checked against the allow-list.
  public var callbacks: CallbackURLs

  /// Makes a request; the router makes them for you, tests may make their own.
  public init(
    url: ParsedURL, route: MatchedRoute? = nil, parameters: [String: String] = [:], rest: [String]? = nil,
    extras: [String: any Sendable] = [:], defaults: [String: String] = [:], origin: Origin = .internal,
    callbacks: CallbackURLs = CallbackURLs()
  ) {
    self.url = url
    self.route = route
    self.parameters = parameters
    self.rest = rest
    self.query = url.queryItems
    self.fragment = url.fragment
    self.extras = extras
    self.defaults = defaults
    self.origin = origin
    self.callbacks = callbacks
  }

  /// The value for `name`: extras, then path, then query (its first value), then defaults.
  public func value(_ name: String) -> (any Sendable)? {
    if let extra = extras[name] { return extra }
    if let path = parameters[name] { return path }
    if let item = query.first(where: { $0.name == name }) { return item.value }
    return defaults[name]
  }

  /// The value for `name` as text, or `nil`; an extra that is not text is described.
  public subscript(name: String) -> String? {
    guard let value = value(name) else { return nil }
    return (value as? String) ?? String(describing: value)
  }

  /// Every query value for `name`, in order.
  public func queryValues(_ name: String) -> [String] {
    query.filter { $0.name == name }.map(\.value)
  }
}
