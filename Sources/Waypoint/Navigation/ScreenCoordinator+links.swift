extension ScreenCoordinator {
  /// Shows the module a deep link targets where its route places it, binding the request into
  /// the module's configuration.
  ///
  /// In order: what is presented is handled by the route's presented policy (else
  /// ``presentedPolicy``); the route's tab is selected; the stack there (its column, when the
  /// window shows a split view) gets the route's `under` screens, in one plan of the navigator
  /// (``Navigator/carryOut(_:)``); then the screen is shown with the route's presentation from
  /// the top of that stack, or becomes its root when it is empty.
  ///
  /// A route that names a tab claims that tab's stack: it becomes exactly the `under` screens,
  /// reusing those already shown. In a split view, a screen for the supplementary or secondary
  /// column becomes that column's root, and the `under` screens go in the primary column.
  /// Elsewhere a link never takes screens away: a stack that starts the `under` path is
  /// completed, and any other is left as it is. A link whose screen is
  /// already there (the same module with the same parameters, on top of the stack or right above
  /// its `under` screens) changes nothing and returns the module showing it. With the `keep`
  /// policy and something presented, the screen goes over the top as it is.
  ///
  /// The presentation is the request's `presentation` extra (a ``Presentation`` or its string
  /// form) when it has one, else its route's, else `push`. A request with a `source` extra (a
  /// screen id) is shown from that screen, without placement.
  ///
  /// The values the URL gives (`RouteRequest.urlValues`: path, then query, then defaults) stay on
  /// the screen and the shown module.
  ///
  /// ```swift
  /// // {"pattern": "myapp://messages/<int:id>", "target": "Thread", "tab": "inbox",
  /// //  "under": ["Inbox"], "presented": "dismiss"}
  /// let thread = try await coordinator.show(request, target: "Thread")
  /// ```
  ///
  /// - Parameters:
  ///   - request: The link's request: its route places the screen, its values fill the
  ///     module's configuration through its binding, and its extras may name a `presentation`
  ///     or a `source`.
  ///   - target: The target the module is registered as.
  /// - Returns: The shown module: the new one, or the one already showing the link's screen.
  /// - Throws: What ``show(target:_:from:parameters:request:)`` throws (`moduleFailed` around a
  ///   ``ModuleError`` when making a module fails); `unknownPresentation` naming the string when
  ///   the `presentation` extra names no presentation; `coveredByPresentation` when the policy
  ///   refuses the link or a presentation is held (``ShownModule/isDismissibleByLinks``);
  ///   `unknownTab` for a tab the tab bar does not have.
  public func show(_ request: RouteRequest, target: String) async throws(NavigationError) -> ShownModule {
    // The screens this link shows name it as their cause.
    return try await CauseScope.during(Self.cause(of: request)) { () async throws(NavigationError) in
      try await showing(request, target: target)
    }
  }

  /// Shows the module `request` targets; see ``show(_:target:)``.
  private func showing(_ request: RouteRequest, target: String) async throws(NavigationError) -> ShownModule {
    let presentation: Presentation
    do {
      presentation = try Self.presentation(of: request)
    } catch {
      // Refused before anything was made: the failure is the module's lone event.
      if let key = try? registry.key(for: target) { notifier(for: key)(.failedToShow, error) }
      throw error
    }
    if let source = request.extras["source"] as? String {
      return try await show(
        target: target, presentation, from: source, parameters: request.urlValues, request: request)
    }
    do {
      return try await showLink(request, target: target, presentation: presentation)
    } catch {
      throw NavigationError.showing(error)
    }
  }

  /// Places a link's screen and the screens under it in one plan, worked out in the navigator's
  /// turn from the state it shows then (`LinkShowing.plan(on:)`).
  private func showLink(
    _ request: RouteRequest, target: String, presentation: Presentation
  ) async throws -> ShownModule {
    let link = try LinkShowing(request, target: target, presentation: presentation, in: self, asksAgain: true)
    defer { link.end() }
    _ = try await link.leaf.show(planning: link.plan(on:))
    return link.shown()
  }

  /// Whether a link's screen can be shown within the caller's turn (``showNow(_:target:)``):
  /// the navigator can carry its plan out now, the window shows its first state, no close of a
  /// screen is under way, and the request names no `source` screen and a presentation that
  /// shows something.
  package func canShowNow(_ request: RouteRequest, target: String) -> Bool {
    // A window not shown yet plans from what it shows (nothing) to its first state and the link
    // at once; a close asked before goes first; a make-only route shows nothing, which its own
    // path sees to (independent read, U1, U3, U4).
    guard let now = navigator as? any CarriesOutNow, request.extras["source"] == nil, pendingStart == nil,
      closesUnderWay == 0, let presentation = try? Self.presentation(of: request), presentation.kind != .none,
      let key = try? registry.key(for: target)
    else { return false }
    return now.canCarryOutNow { self.previewSteps(request, key: key, presentation: presentation) }
  }

  /// The steps a link's plan would take from the state shown now, worked out without making or
  /// numbering anything; `nil` when it would fail.
  private func previewSteps(_ request: RouteRequest, key: ModuleKey, presentation: Presentation) -> [NavigationStep]? {
    let link = placement(
      of: Self.linkScreen(of: request, key: key, in: registry), presentation: presentation, route: request.route)
    let base = navigator.state
    guard let placed = try? link.place(on: base, newID: { "\($0)#preview" }) else { return nil }
    switch placed.outcome {
    case .over(let source):
      let transition = NavigationTransition(link.leafPresentation, screen: placed.screen, from: source)
      return (try? NavigationPlan(from: base, over: placed.state, showing: transition))?.steps
    case .found, .rooted:
      return NavigationPlan(from: base, to: placed.state).steps
    }
  }

  /// Shows the module a link targets as ``show(_:target:)`` does, within the caller's turn.
  ///
  /// The state holds the screen when this returns. Call it when ``canShowNow(_:)`` says so.
  ///
  /// - Throws: What ``show(_:target:)`` throws.
  package func showNow(_ request: RouteRequest, target: String) throws(NavigationError) -> ShownModule {
    try CauseScope.duringNow(Self.cause(of: request)) { () throws(NavigationError) in
      let presentation = try Self.presentation(of: request)
      guard let now = navigator as? any CarriesOutNow else {
        throw NavigationError(.unbalancedTransition, "the window's navigator cannot change within the caller's turn")
      }
      do {
        let link = try LinkShowing(request, target: target, presentation: presentation, in: self, asksAgain: false)
        defer { link.end() }
        _ = try link.leaf.showNow(planning: link.plan(on:), through: now)
        return link.shown()
      } catch {
        throw NavigationError.showing(error)
      }
    }
  }

  /// The screen a link shows, before its placement numbers it.
  static func linkScreen(of request: RouteRequest, key: ModuleKey, in registry: ModuleRegistry) -> Screen {
    let name = registry.screenName(of: key)
    return Screen(
      id: name, target: name, parameters: request.urlValues,
      route: request.route.map { $0.name ?? $0.pattern }, link: request.url.string)
  }

  /// The cause the screens a link shows name.
  static func cause(of request: RouteRequest) -> ScreenEvent.Cause {
    .link(
      openID: request.openID, url: request.url.string, origin: request.origin,
      route: request.route.map { $0.name ?? $0.pattern })
  }

  /// Where a link's screen goes: its route's `under` screens and placement, the coordinator's
  /// presented policy, and the presentations links may not dismiss.
  func placement(of screen: Screen, presentation: Presentation, route: RouteDefinition?) -> LinkPlacement {
    var link = LinkPlacement(screen: screen, presentation: presentation)
    link.under = route?.under ?? []
    link.placement = route?.placement ?? Placement()
    link.policy = presentedPolicy
    link.held = Set(liveModules.filter { !$0.isDismissibleByLinks && $0.state == .shown }.map(\.screen.id))
    return link
  }

  /// A shown module for a screen a link found already shown, kept like one it showed.
  func adopt(_ screen: Screen, key: ModuleKey) -> ShownModule {
    let registry = self.registry
    let configure = registry.configure(key, from: nil)
    let route = ShownModule(
      screen: screen, presentation: .push, source: nil, key: key, made: nil,
      make: { try registry.observedInstance(key, configure: configure) }, navigator: navigator,
      notify: notifier(for: key))
    route.adopt(made: nil)
    track(route)
    return route
  }

  /// The presentation `request` asks for: its `presentation` extra, else its route's, else `push`.
  static func presentation(of request: RouteRequest) throws(NavigationError) -> Presentation {
    switch request.extras["presentation"] {
    case nil:
      return request.route?.presentation ?? .push
    case let presentation as Presentation:
      return presentation
    case let text as String:
      guard let presentation = Presentation(text) else {
        throw NavigationError(
          .unknownPresentation, "unknown presentation '\(text)' (known: \(Presentation.knownForms))")
      }
      return presentation
    case let other?:
      throw NavigationError(
        .unknownPresentation, "the 'presentation' extra is a \(type(of: other)), not a Presentation or its string form")
    }
  }

  /// Registers a handler for every target of the registry, so manifest routes whose
  /// `target` is a module open it.
  public func registerTargets(in builder: inout RouterBuilder) {
    for target in registry.targets {
      builder.register(target: target, handler: ModuleRouteHandler(coordinator: self, target: target))
    }
  }
}

/// A route handler that shows a module.
///
/// ``ScreenCoordinator/registerTargets(in:)`` registers one for each manifest target. Its value is
/// the ``ShownModule``.
package struct ModuleRouteHandler: HandlesNow {
  /// Where the module is shown.
  package let coordinator: ScreenCoordinator
  /// The module's target.
  package let target: String

  /// A handler showing `target`'s module.
  package init(coordinator: ScreenCoordinator, target: String) {
    self.coordinator = coordinator
    self.target = target
  }

  /// Shows the module and returns its ``ShownModule``.
  package func handle(_ request: RouteRequest) async throws -> any Sendable {
    try await coordinator.show(request, target: target)
  }

  /// Whether the module can be shown within the caller's turn.
  package func canHandleNow(_ request: RouteRequest) -> Bool {
    coordinator.canShowNow(request, target: target)
  }

  /// Shows the module within the caller's turn and returns its ``ShownModule``.
  package func handleNow(_ request: RouteRequest) throws -> any Sendable {
    try coordinator.showNow(request, target: target)
  }
}
