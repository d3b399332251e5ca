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
  /// The options URLs are read and compared with.
  public let options: MatchingOptions
  /// The routes, in registration order.
  public let routes: [Route<Payload>]
  /// The parameter types the patterns could name.
  public let parameterTypes: ParameterTypes
  let trie: RouteTrie
  let levels: [PriorityLevel]
  let routesByName: [String: Int]

  /// The roots of the trie for one priority, by the scheme and host they are restricted to.
  struct PriorityLevel: Sendable {
    var priority: Int
    var schemes: [Substring: SchemeRoots] = [:]
    var anyScheme: Int32 = -1
  }

  /// The roots for one scheme: by host, and for any host.
  struct SchemeRoots: Sendable {
    var hosts: [Substring: Int32] = [:]
    var anyHost: Int32 = -1
  }

  /// Reads `url` with the table's options.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` naming the broken rule.
  public func parse(_ url: String) throws(RoutingError) -> ParsedURL {
    try ParsedURL(url, options: options)
  }

  /// The best route for `url`, or `nil` when none matches.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` when the URL breaks a parsing rule.
  /// - Complexity: O(n) in the URL's length, whatever the number of routes, unless parameters
  ///   of several shapes match the same segments and the search has to backtrack.
  public func match(_ url: String) throws(RoutingError) -> RouteMatch<Payload>? {
    match(try parse(url))
  }

  /// The best route for an already parsed URL, or `nil`.
  ///
  /// A URL parsed with other options is read again with the table's.
  public func match(_ url: ParsedURL) -> RouteMatch<Payload>? {
    guard url.options == options else { return (try? parse(url.string)).flatMap { match($0) } }
    return withUnsafeTemporaryAllocation(of: RouteTrie.Frame.self, capacity: trie.maxDepth + 1) {
      frames in
      var found: RouteMatch<Payload>?
      forEachRoot(of: url) { root in
        var search = RouteTrie.Search(frames: frames, root: root)
        if let hit = search.next(in: trie, url: url) {
          found = makeMatch(hit, search: search, url: url)
          return false
        }
        return true
      }
      return found
    }
  }

  /// Every route that matches `url`, lazily, best first; a route appears once, with its best spelling.
  ///
  /// Lets a later layer pass a request on when a handler declines.
  ///
  /// - Throws: ``RoutingError/Code-swift.struct/invalidURL`` when the URL breaks a parsing rule.
  public func candidates(for url: String) throws(RoutingError) -> Candidates {
    candidates(for: try parse(url))
  }

  /// Every route that matches an already parsed URL, lazily, best first.
  public func candidates(for url: ParsedURL) -> Candidates {
    let url = url.options == options ? url : ((try? parse(url.string)) ?? url)
    var roots: [Int32] = []
    if url.options == options {
      forEachRoot(of: url) { root in
        roots.append(root)
        return true
      }
    }
    return Candidates(table: self, url: url, roots: roots)
  }

  /// The route named `name`, or `nil`.
  public func route(named name: String) -> Route<Payload>? {
    routesByName[name].map { routes[$0] }
  }

  /// Calls `body` with each trie root that may serve `url`, in precedence order, until it
  /// returns `false`.
  @discardableResult
  func forEachRoot(of url: ParsedURL, _ body: (Int32) -> Bool) -> Bool {
    for level in levels {
      if let scheme = url.lowercasedScheme, let roots = level.schemes[scheme] {
        if let host = url.host, let root = roots.hosts[host], !body(root) { return false }
        if roots.anyHost >= 0, !body(roots.anyHost) { return false }
      }
      if level.anyScheme >= 0, !body(level.anyScheme) { return false }
    }
    return true
  }

  func makeMatch(_ hit: RouteTrie.Hit, search: RouteTrie.Search, url: ParsedURL) -> RouteMatch<Payload> {
    let terminal = trie.terminals[Int(hit.terminal)]
    let entry = terminal.entries[0]
    let parameters = PathParameters(
      names: entry.names, values: search.capturedValues(in: trie, url: url), restName: entry.restName,
      rest: hit.restStart.map { url.segments[$0...] })
    return RouteMatch(route: routes[terminal.route], url: url, parameters: parameters, restStart: hit.restStart)
  }
}
