/// The routes a ``RouterBuilder`` collects under one prefix and middleware: the builder's own
/// (an empty prefix) and, while they are joined, those of a group or a mounted feature.
struct RouteList: Sendable {
  /// The prefix every pattern starts with.
  let prefix: String
  let middleware: [any RouteMiddleware]
  var entries: [RouteEntry] = []
  var problems: [RoutingError] = []

  init(prefix: String, middleware: [any RouteMiddleware]) {
    self.prefix = prefix
    self.middleware = middleware
  }

  /// Adds `route`, its pattern joined to the prefix, its requests handled by `handler` (or, without
  /// one, by its target's handler or its redirect).
  mutating func add(_ route: RouteDefinition, handler: (any RouteHandler)? = nil) {
    guard let full = join(route.pattern) else { return }
    var joined = route
    joined.pattern = full
    entries.append(
      RouteEntry(
        route: joined, handler: handler, middleware: middleware, declaredAt: declaredAt(route.pattern, joined: full)))
  }

  /// Adds routes collected elsewhere (a group's or a mounted feature's) under this prefix, their
  /// middleware inside `extraMiddleware`; `naming` adds the prefix to where messages say they came from.
  mutating func adopt(_ others: [RouteEntry], extraMiddleware: [any RouteMiddleware], naming: Bool) {
    for entry in others {
      guard let full = join(entry.route.pattern) else { continue }
      let declaredAt =
        naming && !prefix.isEmpty ? "\(entry.declaredAt) in the group '\(prefix)' (joined as '\(full)')" : nil
      entries.append(entry.grouped(pattern: full, outer: middleware + extraMiddleware, declaredAt: declaredAt))
    }
  }

  /// `prefix + pattern`; a pattern with its own scheme cannot go under a prefix.
  ///
  /// Every form of prefix joins: `myapp://` (the pattern's path follows an empty authority, so
  /// under `https://` it matches any host), `https://example.com` with or without a final `/`,
  /// `/`, `/shop/`, `shop`, and the empty prefix. `/` or an empty pattern is the prefix itself.
  private mutating func join(_ pattern: String) -> String? {
    if prefix.isEmpty { return pattern }
    if pattern.contains("://") {
      problems.append(
        RoutingError(
          .invalidPattern, "the route '\(pattern)' names a scheme, so it cannot go under the prefix '\(prefix)'",
          pattern: pattern))
      return nil
    }
    let path = pattern.hasPrefix("/") ? pattern.dropFirst() : Substring(pattern)
    if prefix.hasSuffix("://") {
      // Scheme only: the path after an empty authority, or the scheme alone for the group's root.
      if path.isEmpty { return prefix }
      return prefix + (path.hasPrefix("(") ? "" : "/") + path
    }
    let head = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    if path.isEmpty { return head.isEmpty ? "/" : head }
    return head + (path.hasPrefix("(") ? "" : "/") + path
  }

  /// Where a route came from, for messages: its pattern, and the group's prefix and the pattern
  /// as written when they were joined.
  private func declaredAt(_ pattern: String, joined full: String) -> String {
    prefix.isEmpty ? "route '\(full)'" : "route '\(pattern)' in the group '\(prefix)' (joined as '\(full)')"
  }
}
