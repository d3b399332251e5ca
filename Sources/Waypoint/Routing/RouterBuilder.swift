/// Collects routes, middleware and observers, then builds an immutable ``Router``.
///
/// ```swift
/// var builder = RouterBuilder()
/// builder.use(SchemeAllowList(["myapp"]))
/// builder.add("myapp://user/<int:id>", name: "user", exposure: .public) { request in
///   try await Profiles.load(id: request.int("id"))
/// }
/// builder.group("/shop", middleware: [SignInGate(showing: "myapp://login", protecting: { _ in true }) {
///   await session.isSignedIn
/// }]) { shop in
///   shop.add("/cart") { _ in Cart.current }
/// }
/// let router = try builder.build()
/// let result = try await router.open("myapp://user/42", origin: .external())
/// ```
public struct RouterBuilder: Sendable {
  /// How URLs are read and compared.
  ///
  /// Adding a manifest sets them to the manifest's.
  public var options: MatchingOptions
  /// The types `<type:name>` parameters may name.
  public var parameterTypes = ParameterTypes()
  /// The hosts `http` and `https` links must come from to reach routes that name no host of their own.
  ///
  /// Entries are `www.example.com`, or `*.example.com` for its subdomains; a link from another
  /// host is unknown to those routes (`notFound`). Empty, the default, allows every host.
  ///
  /// A manifest's `options.hosts` adds to it while the manifest is added. Checked by
  /// ``build()`` (`invalidHost`).
  ///
  /// ```swift
  /// builder.hosts = ["www.example.com", "*.example.com"]
  /// ```
  public var hosts: HostAllowList = []
  /// Which callback keys are read and which callback URLs may be opened (none, by default).
  public var callbacks = CallbackPolicy()
  /// Opens callback URLs; without one, callbacks are checked but not opened.
  public var callbackOpener: (any CallbackOpener)?
  /// The query items whose values events never show (`sig` and `token` unless set).
  public var redaction = LinkRedaction.standard
  /// The most redirects one open may follow.
  ///
  /// Default 8.
  public var maxRedirects = 8
  /// Handles URLs no route matches, and by default those every matching route declined,
  /// through the global middleware; without one they fail with `notFound` (or `declined`).
  public var fallback: (any RouteHandler)?
  /// Whether a URL that every matching route declined goes to ``fallback``.
  ///
  /// Default ``DeclinePolicy/useFallback``: the fallback serves it, and its request lists the routes
  /// that declined. ``DeclinePolicy/fail`` fails such an open with `declined` instead.
  public var whenEveryRouteDeclines = DeclinePolicy.useFallback
  var middleware: [any RouteMiddleware] = []
  private(set) var observers: [any RouteObserver] = []
  var root = RouteList(prefix: "", middleware: [])
  var targets: [String: any RouteHandler] = [:]
  var problems: [RoutingError] = []
  private(set) var declared: [DeclaredRoutes] = []
  /// Whether routes whose target has no handler may build (for tools that resolve without
  /// running anything); opening such a route fails with `missingHandler`.
  ///
  /// Default `false`: ``build()`` refuses them.
  public var allowsUnhandledTargets = false
  /// What links with `.` or `..` path segments get.
  ///
  /// Default ``DotSegmentPolicy/refuseExternal``: links from outside the app are refused with `invalidURL`.
  public var dotSegments = DotSegmentPolicy.refuseExternal
  /// The highest revision of the manifests added, which a ``RouterHolder`` made from this
  /// builder starts from.
  var manifestRevision: Int?
  /// The index of the last manifest added from a compiled table, which ``build()`` takes instead
  /// of compiling while the routes are that manifest's alone, in its order, with its options,
  /// hosts and parameter types.
  var precompiled: PrecompiledRoutes?

  /// The routes of typed-link types the app was compiled with, which ``build()`` requires: see
  /// ``requireLinks(_:)``.
  var requiredLinks: [(type: String, routes: [RouteDefinition])] = []

  /// An empty builder.
  public init(options: MatchingOptions = MatchingOptions()) {
    self.options = options
  }

  /// Appends a middleware to the global chain; the first added runs first.
  public mutating func use(_ middleware: any RouteMiddleware) {
    self.middleware.append(middleware)
  }

  /// Adds an observer of every open.
  public mutating func observe(_ observer: any RouteObserver) {
    observers.append(observer)
  }

  /// Registers a route whose requests `handler` handles.
  ///
  /// - Parameters:
  ///   - pattern: The pattern, e.g. `myapp://item/<int:id>` (in a group, after its prefix).
  ///   - name: A unique name, for URL generation and messages.
  ///   - priority: Higher wins before any other rule.
  ///   - exposure: Who may reach the route; links from outside reach only public routes.
  ///   - defaults: Values for names the URL does not supply.
  ///   - handler: What handles the requests.
  public mutating func add(
    _ pattern: String, name: String? = nil, priority: Int = 0, exposure: Exposure = .internal,
    defaults: [String: String] = [:], handler: any RouteHandler
  ) {
    root.add(
      RouteDefinition(pattern: pattern, name: name, exposure: exposure, priority: priority, defaults: defaults),
      handler: handler)
  }

  /// Registers a route handled by a closure, which may decline requests with `canHandle`.
  ///
  /// - Parameters:
  ///   - pattern: The pattern, e.g. `myapp://item/<int:id>` (in a group, after its prefix).
  ///   - name: A unique name, for URL generation and messages; `nil`, the default, leaves the
  ///     route unnamed.
  ///   - priority: Higher wins before any other rule. Default 0.
  ///   - exposure: Who may reach the route; links from outside reach only public routes.
  ///     Default ``Exposure/internal``.
  ///   - defaults: Values for names the URL does not supply.
  ///   - canHandle: Whether the route takes a request; when it says no, the next matching route
  ///     is tried. It must be quick and free of side effects, since `canOpen` asks it too. By
  ///     default it takes every request.
  ///   - body: Handles the requests; what it returns is what `open` gives back.
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
  ///   - pattern: The pattern (in a group, after its prefix).
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
    root.add(
      RouteDefinition(
        pattern: pattern, target: target, presentation: presentation, exposure: exposure,
        under: under.map { UnderScreen.of($0) }, placement: Placement(tab: tab)))
  }

  /// Registers `route` (in a group, its pattern joined to the prefix), its requests handled by
  /// `handler`; without one, as a manifest declares it: its requests go to the handler registered
  /// for its ``RouteDefinition/target``, or to its ``RouteDefinition/redirect``.
  ///
  /// - Parameters:
  ///   - route: The route, with everything it says (name, exposure, priority, defaults,
  ///     presentation, placement).
  ///   - handler: What handles its requests; `nil`, the default, leaves them to its target's
  ///     handler or its redirect.
  public mutating func add(_ route: RouteDefinition, handler: (any RouteHandler)? = nil) {
    root.add(route, handler: handler)
  }

  /// Registers a route that sends its requests to `template`, filled from its parameters.
  ///
  /// - Parameters:
  ///   - pattern: The pattern (in a group, after its prefix).
  ///   - template: The URL to open instead, as a pattern whose parameters are filled from those
  ///     `pattern` captures (`{query:name}` and `{fragment}` from the link's query item and
  ///     fragment); the link's query is kept. ``build()`` refuses a malformed template, or one
  ///     using a parameter `pattern` does not capture, with `invalidRedirect`.
  ///   - name: A unique name, for URL generation and messages; `nil`, the default, leaves the
  ///     route unnamed.
  ///   - exposure: Who may reach the route; links from outside reach only public routes, and
  ///     the target then only what the link's origin may reach. Default ``Exposure/internal``.
  public mutating func redirect(
    _ pattern: String, to template: String, name: String? = nil, exposure: Exposure = .internal
  ) {
    root.add(RouteDefinition(pattern: pattern, name: name, exposure: exposure, redirect: template))
  }

  /// Registers routes under a shared prefix and middleware.
  ///
  /// ```swift
  /// builder.group("/shop", middleware: [AttachUser(session: session)]) { shop in
  ///   shop.add("/cart") { _ in Cart.current }
  ///   shop.add("/item/<int:id>") { request in try Item(id: request.int("id")) }
  /// }
  /// ```
  ///
  /// `body` gets a builder of its own: what it adds (routes, groups, targets' handlers, typed
  /// links and their parameter types, middleware with ``use(_:)``) joins this builder under
  /// `prefix`, its middleware running inside this builder's, after `middleware`. Its settings
  /// (options, hosts, callbacks, fallback, observers) are not used.
  ///
  /// - Parameters:
  ///   - prefix: What every pattern `body` adds is joined after: `/shop`, `myapp://` or
  ///     `https://example.com`; a pattern with a scheme of its own cannot go under it.
  ///   - middleware: Middleware for the group's routes only, run inside this builder's and
  ///     before what `body` adds with ``use(_:)``. Empty by default.
  ///   - body: Adds the group's routes to the builder it is given.
  public mutating func group(
    _ prefix: String, middleware: [any RouteMiddleware] = [], _ body: (inout RouterBuilder) -> Void
  ) {
    var inner = RouterBuilder(options: options)
    inner.parameterTypes = parameterTypes
    inner.middleware = middleware
    body(&inner)
    join(inner, under: prefix, naming: true)
  }

  /// Mounts a feature's routes under `prefix`: its global middleware runs for its routes only, inside this builder's;
  /// its targets join this builder's.
  ///
  /// Its options and observers are not used.
  ///
  /// - Parameters:
  ///   - prefix: What every pattern of `feature` is joined after; empty, the patterns stay as
  ///     they are.
  ///   - feature: The feature's builder: its routes, its targets' handlers, the parameter types
  ///     this builder lacks and its global middleware (for its routes only) join this builder.
  public mutating func mount(_ prefix: String, _ feature: RouterBuilder) {
    join(feature, under: prefix, naming: false)
  }

  /// Joins what `feature` collected to this builder under `prefix`.
  private mutating func join(_ feature: RouterBuilder, under prefix: String, naming: Bool) {
    var list = RouteList(prefix: prefix, middleware: [])
    list.adopt(feature.allEntries(), extraMiddleware: feature.middleware, naming: naming)
    root.entries += list.entries
    root.problems += list.problems + feature.root.problems
    for (name, handler) in feature.targets.sorted(by: { $0.key < $1.key }) { register(target: name, handler: handler) }
    for name in feature.parameterTypes.names where parameterTypes[name] == nil {
      if let type = feature.parameterTypes[name] { parameterTypes.register(type) }
    }
    requiredLinks += feature.requiredLinks
    problems += feature.problems
  }

  /// Registers the handler for manifest routes whose `target` is `name`.
  ///
  /// - Parameters:
  ///   - name: The target, as routes name it; a second handler for the same target makes
  ///     ``build()`` fail with `duplicateName`.
  ///   - handler: What handles the requests of every route with that target.
  public mutating func register(target name: String, handler: any RouteHandler) {
    if targets[name] != nil {
      problems.append(RoutingError(.duplicateName, "the target '\(name)' has two handlers"))
    }
    targets[name] = handler
  }

  /// Registers a closure as the handler for manifest routes whose `target` is `name`.
  ///
  /// - Parameters:
  ///   - name: The target, as routes name it; a second handler for the same target makes
  ///     ``build()`` fail with `duplicateName`.
  ///   - canHandle: Whether the handler takes a request; when it says no, the next matching
  ///     route is tried. It must be quick and free of side effects, since `canOpen` asks it
  ///     too. By default it takes every request.
  ///   - body: Handles the requests; what it returns is what `open` gives back.
  public mutating func register(
    target name: String, canHandle: @escaping @Sendable (RouteRequest) -> Bool = { _ in true },
    _ body: @escaping @Sendable (RouteRequest) async throws -> any Sendable
  ) {
    register(target: name, handler: ClosureHandler(canHandle: canHandle, body))
  }

  /// Adds routes declared as data, each handled by the target it names (registered with
  /// ``register(target:handler:)``) or redirected; `source` names them in messages.
  mutating func declare(
    _ routes: [RouteDefinition], positions: [Int], options: MatchingOptions, hosts: HostAllowList = [],
    source: String
  ) {
    declared.append(DeclaredRoutes(routes: routes, positions: positions, hosts: hosts, source: source))
    self.options = options
  }

  /// The same builder without its declared routes.
  func removingDeclaredRoutes() -> RouterBuilder {
    var copy = self
    copy.declared = []
    copy.manifestRevision = nil
    copy.precompiled = nil
    return copy
  }

  /// The builder's hosts and those of every declared source.
  var allHosts: HostAllowList {
    declared.isEmpty ? hosts : HostAllowList.union([hosts] + declared.map(\.hosts))
  }

  /// The code routes and the declared routes, in registration order.
  func allEntries() -> [RouteEntry] {
    var all = root.entries
    for (number, set) in declared.enumerated() {
      let suffix = declared.count > 1 ? " of \(set.source) \(number + 1)" : ""
      for (route, position) in zip(set.routes, set.positions) {
        let declaredAt = "routes[\(position)]" + (route.name.map { " ('\($0)')" } ?? "") + suffix
        all.append(RouteEntry(route: route, handler: nil, middleware: [], declaredAt: declaredAt))
      }
    }
    return all
  }
}
