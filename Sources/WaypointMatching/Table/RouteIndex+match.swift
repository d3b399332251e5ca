extension RouteIndex {
  /// Everything a match holds but its payload: found without generics.
  @usableFromInline
  struct MatchCore {
    @usableFromInline let info: RouteInfo
    @usableFromInline let position: Int
    @usableFromInline let parameters: PathParameters
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
  func core(for terminal: Int32, url: ParsedURL) -> MatchCore {
    let route = trie.terminals[Int(terminal)].route
    let parameters = PathParameters(url: url, captures: trie.terminals[Int(terminal)].captures)
    return MatchCore(info: infos[route], position: route, parameters: parameters)
  }
}
