/// An immutable, `Sendable` table of routes compiled into a segment trie.
///
/// Made by ``RouteTableBuilder/build()``; safe to share between threads and to swap atomically.
///
/// ```swift
/// var builder = RouteTableBuilder<String>()
/// builder.add("myapp://user/<int:id>", name: "user", payload: "UserProfile")
/// builder.add("/:provider", payload: "Provider")
/// let table = try builder.build()
///
/// let match = try table.match("myapp://user/42?tab=posts")
/// match?.payload              // "UserProfile"
/// match?.parameters["id"]     // "42"
/// ```
///
/// Precedence is described in <doc:PatternLanguage>.
public struct RouteTable<Payload: Sendable>: Sendable {
  @usableFromInline let index: RouteIndex
  @usableFromInline let payloads: [Payload]

  init(index: RouteIndex, payloads: [Payload]) {
    self.index = index
    self.payloads = payloads
  }

  /// The options URLs are read and compared with.
  package var options: MatchingOptions { index.options }
  /// The parameter types the patterns could name.
  package var parameterTypes: ParameterTypes { index.parameterTypes }
  /// The hosts http(s) links must have to reach routes that name none.
  public var hosts: HostAllowList { index.hosts }
  /// How many routes the table has, without listing them as ``routes`` does.
  package var count: Int { payloads.count }
  /// The routes, in registration order.
  public var routes: [Route<Payload>] { zip(index.infos, payloads).map { Route($0, in: index, payload: $1) } }
  var trie: RouteTrie { index.trie }
  var layers: [PriorityLayer] { index.layers }
  var routesByName: RouteNames { index.routesByName }

  /// Reads `url` with the table's options.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` naming the broken rule.
  @usableFromInline
  package func parse(_ url: String) throws(RoutingError) -> ParsedURL {
    try ParsedURL(url, options: options)
  }

  /// The best route for `url`, or `nil` when none matches.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` when the URL breaks a parsing rule.
  /// - Complexity: O(n) in the URL's length, whatever the number of routes, unless parameters
  ///   of several shapes match the same segments and the search has to backtrack.
  @inlinable
  public func match(_ url: String) throws(RoutingError) -> RouteMatch<Payload>? {
    match(try parse(url))
  }

  /// The best route for an already parsed URL, or `nil`.
  ///
  /// A URL parsed with other options is read again with the table's.
  @inlinable
  package func match(_ url: ParsedURL) -> RouteMatch<Payload>? {
    // Inlinable so callers specialize it: the generic part is only this wrapping. The payload is
    // read before the parameters, whose making retains (an atomic operation, which waits for
    // every earlier read), so that the payload's read and the terminal's overlap.
    guard let found = index.find(url) else { return nil }
    let payload = payloads[found.position]
    return RouteMatch(payload: payload, parameters: index.parameters(for: found), index: index)
  }

  /// Every route that matches `url`, lazily, best first; a route appears once, with its best spelling.
  ///
  /// Lets a later layer pass a request on when a handler declines.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` when the URL breaks a parsing rule.
  package func candidates(for url: String) throws(RoutingError) -> Candidates {
    candidates(for: try parse(url))
  }

  /// Every route that matches an already parsed URL, lazily, best first.
  package func candidates(for url: ParsedURL) -> Candidates {
    let url = url.options == options ? url : ((try? parse(url.string)) ?? url)
    var roots: [Int32] = []
    if url.options == options {
      PriorityLayer.forEachRoot(of: url, in: layers, hostsOnly: index.hosts.refuses(url)) { root in
        roots.append(root)
        return true
      }
    }
    return Candidates(table: self, url: url, roots: roots)
  }

  /// The route named `name`, or `nil`.
  public func route(named name: String) -> Route<Payload>? {
    routesByName[name].map { Route(index.infos[$0], in: index, payload: payloads[$0]) }
  }

  /// The match for parameters the search found: they name the route, whose payload it carries.
  @inlinable
  func makeMatch(_ parameters: PathParameters) -> RouteMatch<Payload> {
    RouteMatch(payload: payloads[parameters.position], parameters: parameters, index: index)
  }
}
