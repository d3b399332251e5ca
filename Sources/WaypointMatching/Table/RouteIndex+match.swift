extension RouteIndex {
  /// The best route's parameters for `url` (read again with the table's options if it was parsed
  /// with others); they lead to the route.
  @usableFromInline
  func matchCore(_ url: ParsedURL) -> PathParameters? {
    guard url.options == options else {
      return (try? ParsedURL(url.string, options: options)).flatMap { matchCore($0) }
    }
    return trie.firstMatch(url, levels: levels).map { core(for: $0, url: url) }
  }

  /// The parameters for a terminal the search found.
  func core(for terminal: Int32, url: ParsedURL) -> PathParameters {
    let found = trie.terminals[Int(terminal)]
    return PathParameters(url: url, captures: found.captures, position: found.position)
  }
}
