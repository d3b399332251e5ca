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
  public var url: ParsedURL { storage.fields.url }
  /// The route that matched, or `nil` for the fallback handler.
  public var route: RouteDefinition? { storage.fields.route }
  /// The path parameters in pattern order (a named rest joined with `/`), decoded as they are read.
  public var parameters: PathParameters { storage.fields.parameters }
  /// The query items of ``url``, in order; campaign items the origin carries
  /// (``Origin/campaign``) are left out unless the route names them in its defaults.
  public var query: [QueryItem] { storage.fields.query }
  /// The decoded fragment of ``url``.
  package var fragment: String? { url.fragment }
  /// Values an in-process caller passed to `open` (or a middleware added); they win over every
  /// value the URL holds.
  public var extras: [String: any Sendable] {
    get { storage.fields.extras }
    set { storage.edit { $0.extras = newValue } }
  }
  /// Where the request comes from.
  public var origin: Origin { storage.fields.origin }
  /// The callback URLs the link asked for when it was opened, already checked against the
  /// allow-list.
  public var callbacks: CallbackURLs { storage.fields.callbacks }
  /// The routes that matched the URL and declined it before this request was made (through
  /// `canHandle` or ``RouteDecline``), best first; the fallback handler sees every one.
  public var declinedRoutes: [RouteDefinition] { storage.fields.declinedRoutes }
  /// Whether the app's own middleware sent the link here.
  ///
  /// `true` for a redirect a middleware returned, or the screen a parked link shows
  /// (``RouteResult/park(_:until:showing:)``). The app chose this URL, not the link, so it
  /// reaches internal routes whatever the ``origin``, which stays the link's. `false` for a link
  /// as it arrived and for redirects a route declares.
  public var isAppRedirect: Bool { storage.fields.isAppRedirect }

  // A request goes through every middleware, the handler, the result and the resolution: behind
  // one reference, each copy costs one retain instead of one per field.
  private var storage: CopyOnWrite<Fields>

  /// Everything a request holds.
  private struct Fields: Sendable {
    var url: ParsedURL
    let route: RouteDefinition?
    let parameters: PathParameters
    var query: [QueryItem]
    var extras: [String: any Sendable]
    let origin: Origin
    let callbacks: CallbackURLs
    let declinedRoutes: [RouteDefinition]
    let isAppRedirect: Bool
    let openID: UInt64
  }

  /// Makes a request; the router makes them for you, tests and clients may make their own.
  ///
  /// ```swift
  /// let url = try ParsedURL("myapp://user/42?tab=posts")
  /// let request = RouteRequest(url: url, parameters: PathParameters(["id": "42"]))
  /// let byOrder = RouteRequest(url: url, parameters: PathParameters([(name: "id", value: "42")]))
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - route: The route that matched; its `defaults` are the request's defaults.
  ///   - parameters: The path parameters: a literal, or `PathParameters` made from an array
  ///     (in pattern order, with a rest's segments) or a dictionary.
  ///   - extras: In-process values.
  ///   - origin: Where the request comes from.
  ///   - callbacks: The callback URLs.
  package init(
    url: ParsedURL, route: RouteDefinition? = nil, parameters: PathParameters = [:],
    extras: [String: any Sendable] = [:], origin: Origin = .internal, callbacks: CallbackURLs = CallbackURLs()
  ) {
    self.init(
      url: url, query: url.queryItems, route: route, parameters: parameters, extras: extras, origin: origin,
      callbacks: callbacks)
  }

  /// A request with the query items of `url`, already decoded once for the whole open; the
  /// origin's campaign items are left out unless the route names them in its defaults.
  init(
    url: ParsedURL, query: [QueryItem], route: RouteDefinition?, parameters: PathParameters,
    extras: [String: any Sendable], origin: Origin, callbacks: CallbackURLs, declinedRoutes: [RouteDefinition] = [],
    isAppRedirect: Bool = false, openID: UInt64 = 0
  ) {
    var query = query
    if !origin.campaign.isEmpty {
      query.removeAll { origin.campaign[$0.name] != nil && route?.defaults[$0.name] == nil }
    }
    storage = CopyOnWrite(
      Fields(
        url: url, route: route, parameters: parameters, query: query, extras: extras, origin: origin,
        callbacks: callbacks, declinedRoutes: declinedRoutes, isAppRedirect: isAppRedirect, openID: openID))
  }

  /// The number of the open the request belongs to, as its ``RouteEvent``s carry it; 0 for a
  /// request no router's `open` made.
  package var openID: UInt64 { storage.fields.openID }

  /// The segments a rest matched, when the route has one.
  public var rest: [String]? { parameters.rest }

  /// The route's defaults: values for names the URL does not supply.
  package var defaults: [String: String] { route?.defaults ?? [:] }

  // MARK: - Lookup

  /// The value for `name` from the first of `sources` that has it, in the order
  /// extras > path > query (its first value) > defaults.
  ///
  /// - Parameters:
  ///   - name: The name of the extra, path parameter, query item or default.
  ///   - sources: Where to look; every source by default. The order above holds whatever the
  ///     set, and an empty set finds nothing.
  /// - Returns: The value, text for every source but an extra, or `nil` when none of `sources`
  ///   has `name`.
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
  package func values(from sources: Set<RequestValue.Source> = RequestValue.Source.all) -> [RequestValue] {
    var names: [String] = []
    var seen: Set<String> = []
    func add(_ name: String) { if seen.insert(name).inserted { names.append(name) } }
    if sources.contains(.path) { for parameter in parameters { add(parameter.name) } }
    if sources.contains(.query) { for item in query { add(item.name) } }
    if sources.contains(.default) { defaults.keys.sorted().forEach(add) }
    if sources.contains(.extra) { extras.keys.sorted().forEach(add) }
    return names.compactMap { lookup($0, in: sources) }
  }

  /// The values the URL gives (path, query, defaults) as text: what a screen keeps.
  ///
  /// The map page's twin: `screenValues` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  package var urlValues: [String: String] {
    var texts: [String: String] = [:]
    for value in values(from: [.path, .query, .default]) { texts[value.name] = value.text }
    return texts
  }

  /// Every query value for `name`, in order.
  public func queryValues(_ name: String) -> [String] {
    query.filter { $0.name == name }.map(\.value)
  }

  /// The first of `sources`, in `RequestValue.Source.order`, that has `name`, with its value.
  private func lookup(_ name: String, in sources: Set<RequestValue.Source>) -> RequestValue? {
    for source in RequestValue.Source.order where sources.contains(source) {
      if let value = value(name, in: source) { return RequestValue(name: name, value: value, source: source) }
    }
    return nil
  }

  private func value(_ name: String, in source: RequestValue.Source) -> (any Sendable)? {
    switch source {
    case .extra: return extras[name]
    case .path: return parameters[name]
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
    storage.edit {
      $0.url = edited
      $0.query = edited.queryItems
    }
  }
}
