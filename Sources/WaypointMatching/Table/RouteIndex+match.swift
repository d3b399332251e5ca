extension RouteIndex {
  /// Where a search ended: the terminal, its route's position, and the URL as the table reads it.
  @usableFromInline
  struct Found {
    let terminal: Int32
    @usableFromInline let position: Int
    let url: ParsedURL
  }

  /// The best route's parameters for `url` (read again with the table's options if it was parsed
  /// with others); they lead to the route.
  func matchCore(_ url: ParsedURL) -> PathParameters? {
    find(url).map(parameters(for:))
  }

  /// Where the best route for `url` ends, or `nil`.
  ///
  /// When every route has one spelling, the position is the terminal's index and is known
  /// without reading the terminal: a caller that reads the payload first waits on the two reads
  /// at once (see ``RouteTrie/terminalsAreRoutes``).
  @usableFromInline
  func find(_ url: ParsedURL) -> Found? {
    guard url.options == options else {
      return (try? ParsedURL(url.string, options: options)).flatMap { find($0) }
    }
    guard let terminal = trie.firstMatch(url, layers: layers, hostsOnly: hosts.refuses(url)) else { return nil }
    let position = trie.terminalsAreRoutes ? Int(terminal) : Int(trie.terminals[Int(terminal)].position)
    return Found(terminal: terminal, position: position, url: url)
  }

  /// The parameters of a search's result.
  ///
  /// The map page's twin: `pathParameters` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  @usableFromInline
  func parameters(for found: Found) -> PathParameters {
    core(for: found.terminal, url: found.url)
  }

  /// The parameters for a terminal the search found.
  func core(for terminal: Int32, url: ParsedURL) -> PathParameters {
    let found = trie.terminals[Int(terminal)]
    return PathParameters(url: url, captures: found.captures, position: found.position)
  }
}
