/// Routes that share a path prefix and middleware; made by ``RouterBuilder/group(_:middleware:_:)``.
///
/// ```swift
/// builder.group("/shop", middleware: [AttachUser(session: session)]) { shop in
///   shop.add("/cart") { _ in Cart.current }
///   shop.add("/item/<int:id>") { request in try Item(id: request.int("id")) }
/// }
/// ```
public struct RouteGroup: Sendable {
  /// The prefix every pattern in the group starts with.
  package let prefix: String
  let middleware: [any RouteMiddleware]
  var entries: [RouteEntry] = []
  var problems: [RoutingError] = []

  init(prefix: String, middleware: [any RouteMiddleware]) {
    self.prefix = prefix
    self.middleware = middleware
  }

  /// Registers a route whose requests `handler` handles.
  ///
  /// - Parameters:
  ///   - pattern: The pattern after the group's prefix, e.g. `/item/<int:id>`.
  ///   - name: A unique name, for URL generation and messages.
  ///   - priority: Higher wins before any other rule.
  ///   - exposure: Who may reach the route; links from outside reach only public routes.
  ///   - defaults: Values for names the URL does not supply.
  ///   - handler: What handles the requests.
  public mutating func add(
    _ pattern: String, name: String? = nil, priority: Int = 0, exposure: Exposure = .internal,
    defaults: [String: String] = [:], handler: any RouteHandler
  ) {
    guard let full = join(pattern) else { return }
    entries.append(
      RouteEntry(
        route: RouteDefinition(pattern: full, name: name, exposure: exposure, priority: priority, defaults: defaults),
        handler: handler, middleware: middleware, place: place(pattern, joined: full)))
  }

  /// Registers a route handled by a closure, which may decline requests with `canHandle`.
  public mutating func add(
    _ pattern: String, name: String? = nil, priority: Int = 0, exposure: Exposure = .internal,
    defaults: [String: String] = [:], canHandle: @escaping @Sendable (RouteRequest) -> Bool = { _ in true },
    _ body: @escaping @Sendable (RouteRequest) async throws -> any Sendable
  ) {
    add(
      pattern, name: name, priority: priority, exposure: exposure, defaults: defaults,
      handler: ClosureHandler(canHandle: canHandle, body))
  }

  /// Registers a route that shows `target`, a screen the registry makes (once
  /// `registerTargets(in:)` has registered the registry's targets, as `WaypointApp` does).
  ///
  /// ```swift
  /// routes.add("note/<int:id>", target: "Note", tab: "notes", under: ["Notes"], exposure: .public)
  /// routes.add("login", target: "Login", presentation: .sheet)
  /// ```
  ///
  /// The rest of what a route can say (a name, a column, what to do with what is presented, a
  /// presented stack, a priority, defaults) goes in a ``RouteDefinition``, added with
  /// ``add(_:handler:)``.
  ///
  /// - Parameters:
  ///   - pattern: The pattern after the group's prefix.
  ///   - target: The screen its requests show: a string, or the app's own ``TargetName``.
  ///   - tab: The tab that shows it; `nil` for the selected one.
  ///   - under: The screens that must be under it, bottom first.
  ///   - presentation: How the screen is shown; `nil` pushes it.
  ///   - exposure: Who may reach the route; links from outside reach only public routes.
  public mutating func add(
    _ pattern: String, target: some TargetName, tab: (some TabName)? = String?.none,
    under: [some TargetName] = [] as [UnderScreen], presentation: Presentation? = nil,
    exposure: Exposure = .internal
  ) {
    // The defaults name their types (`String?.none`, `as [UnderScreen]`): Swift infers a
    // generic parameter left out from its default.
    add(
      RouteDefinition(
        pattern: pattern, target: target, presentation: presentation, exposure: exposure,
        under: under.map { UnderScreen.of($0) }, placement: Placement(tab: tab)))
  }

  /// Registers `route` under this group's prefix (its pattern joined to the prefix), its requests
  /// handled by `handler`; without one, as a manifest declares it: its requests go to the handler
  /// registered for its ``RouteDefinition/target``, or to its ``RouteDefinition/redirect``.
  public mutating func add(_ route: RouteDefinition, handler: (any RouteHandler)? = nil) {
    guard let full = join(route.pattern) else { return }
    var joined = route
    joined.pattern = full
    entries.append(
      RouteEntry(route: joined, handler: handler, middleware: middleware, place: place(route.pattern, joined: full)))
  }

  /// Registers a route that sends its requests to `template`, filled from its parameters.
  public mutating func redirect(
    _ pattern: String, to template: String, name: String? = nil, exposure: Exposure = .internal
  ) {
    guard let full = join(pattern) else { return }
    entries.append(
      RouteEntry(
        route: RouteDefinition(pattern: full, name: name, exposure: exposure, redirect: template),
        handler: nil, middleware: middleware, place: place(pattern, joined: full)))
  }

  /// A nested group: its prefix follows this one's and its middleware runs inside this one's.
  public mutating func group(
    _ prefix: String, middleware: [any RouteMiddleware] = [], _ body: (inout RouteGroup) -> Void
  ) {
    guard let full = join(prefix) else { return }
    var inner = RouteGroup(prefix: full, middleware: self.middleware + middleware)
    body(&inner)
    entries += inner.entries
    problems += inner.problems
  }

  /// Adds routes registered elsewhere under this group's prefix and middleware.
  mutating func adopt(_ others: [RouteEntry], extraMiddleware: [any RouteMiddleware]) {
    for entry in others {
      guard let full = join(entry.route.pattern) else { continue }
      entries.append(entry.grouped(pattern: full, outer: middleware + extraMiddleware))
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
  private func place(_ pattern: String, joined full: String) -> String {
    prefix.isEmpty ? "route '\(full)'" : "route '\(pattern)' in the group '\(prefix)' (joined as '\(full)')"
  }
}
