extension RouteIndex {
  /// Everything a match holds but its payload: found without generics.
  @usableFromInline
  struct MatchCore {
    @usableFromInline let info: RouteInfo
    @usableFromInline let position: Int
    @usableFromInline let url: ParsedURL
    @usableFromInline let parameters: PathParameters
    @usableFromInline let restStart: Int?
  }

  /// The best route for `url` (read again with the table's options if it was parsed with others).
  @usableFromInline
  func matchCore(_ url: ParsedURL) -> MatchCore? {
    guard url.options == options else {
      return (try? ParsedURL(url.string, options: options)).flatMap { matchCore($0) }
    }
    return trie.firstMatch(url, levels: levels).map { core(for: $0, url: url) }
  }

  /// The match parts for a terminal the search found.
  func core(for found: RouteTrie.Found, url: ParsedURL) -> MatchCore {
    let terminal = trie.terminals[Int(found.terminal)]
    let entry = terminal.entry
    let parameters = PathParameters(
      names: entry.names, url: url, ranges: found.values, restName: entry.restName, restStart: found.restStart)
    return MatchCore(
      info: infos[terminal.route], position: terminal.route, url: url, parameters: parameters,
      restStart: found.restStart)
  }
}
