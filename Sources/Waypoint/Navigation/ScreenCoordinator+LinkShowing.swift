extension ScreenCoordinator {
  /// One link's screen on its way: the module made for it and the plan that places it (and the
  /// screens under it) on the state the navigator shows in its turn.
  ///
  /// The plan is `plan(on:)`, carried out in a task (`show(_:target:)`) or within the
  /// caller's turn (`showNow(_:target:)`); then `shown()` once it was carried out, and
  /// `end()` in any case.
  @MainActor
  final class LinkShowing {
    /// The module made for the link's screen.
    let leaf: ShownModule
    private let coordinator: ScreenCoordinator
    private let request: RouteRequest
    private let target: String
    private let key: ModuleKey
    private let placement: LinkPlacement
    /// Whether the plan asks again whether the link may be placed (`refusesLink`): a link
    /// that waited for the navigator's turn, in which the user may have signed out.
    private let asksAgain: Bool
    /// The module showing the link's screen: `leaf`, or the one a link found already shown.
    private var showing: ShownModule
    /// The window's first state, when the plan took it to place the link on.
    private var tookStart: NavigationState?
    private var carriedOut = false

    /// The link `request`'s screen on its way to being shown as `target` by `coordinator`.
    ///
    /// - Parameters:
    ///   - request: The link's request.
    ///   - target: The target the module is registered as.
    ///   - presentation: How the screen is shown.
    ///   - coordinator: The window's coordinator.
    ///   - asksAgain: Whether the plan asks `refusesLink` again in the navigator's turn.
    /// - Throws: `unsupportedPresentation` when the target refuses the presentation; what the
    ///   registry throws for the target or an `under` screen it does not know.
    init(
      _ request: RouteRequest, target: String, presentation: Presentation, in coordinator: ScreenCoordinator,
      asksAgain: Bool
    ) throws {
      let registry = coordinator.registry
      let key = try registry.key(for: target)
      let screen = ScreenCoordinator.linkScreen(of: request, key: key, in: registry)
      let placement = coordinator.placement(of: screen, presentation: presentation, route: request.route)
      // A route that presents its stack pushes its own screen onto the level it presents.
      if let refusal = registry.refusal(of: placement.leafPresentation, for: key) {
        throw NavigationError(.unsupportedPresentation, refusal)
      }
      for module in request.route?.underTargets ?? [] { _ = try registry.key(for: module) }
      let configure = registry.configure(key, from: request)
      leaf = ShownModule(
        screen: screen, presentation: placement.leafPresentation, source: nil, key: key, made: nil,
        make: { try registry.observedInstance(key, configure: configure) }, navigator: coordinator.navigator,
        notify: coordinator.notifier(for: key))
      showing = leaf
      self.coordinator = coordinator
      self.request = request
      self.target = target
      self.key = key
      self.placement = placement
      self.asksAgain = asksAgain
    }

    /// The plan that places the link's screen on `base`, the state the navigator shows in its
    /// turn: over the placed state with the screen's transition, or the placed state itself
    /// when the link found its screen there or made it a stack's root.
    ///
    /// A window not shown yet has the link placed on the state it is to start on, and the
    /// navigator goes from what it shows (nothing) to both at once.
    func plan(on base: NavigationState) throws(NavigationError) -> NavigationPlan {
      // Asked again in the navigator's turn: the user may have signed out while the link waited
      // for it behind a transition (independent read, W2).
      if asksAgain, let refusal = coordinator.refusesLink?(request, target) {
        var error = NavigationError(.invalidStep, refusal)
        error.gateRefusal = refusal
        throw error
      }
      let coordinator = self.coordinator
      let placed = try placement.place(on: coordinator.startNow ?? base) { "\($0)#\(coordinator.nextNumber())" }
      tookStart = coordinator.pendingStart
      coordinator.pendingStart = nil
      leaf.screen = placed.screen
      switch placed.outcome {
      case .over(let source):
        return try leaf.plan(over: placed.state, base: base, from: source)
      case .found(let screen):
        showing =
          coordinator.liveModules.first { $0.screen.id == screen.id && $0.state == .shown }
          ?? coordinator.adopt(screen, key: key)
        return NavigationPlan(from: base, to: placed.state)
      case .rooted:
        var plan = NavigationPlan(from: base, to: placed.state)
        do {
          let made = try coordinator.makeScreenModule(key, from: request)
          leaf.adopt(made: made)
          plan.hand(made, to: placed.screen.id)
        } catch {
          throw NavigationError.showing(error, screen: placed.screen.id)
        }
        return plan
      }
    }

    /// The module showing the link's screen, once its plan was carried out.
    func shown() -> ShownModule {
      carriedOut = true
      if showing === leaf { coordinator.track(leaf) }
      coordinator.refreshShownModules()
      return showing
    }

    /// Ends the link's showing: a plan that failed after taking the window's first state gives
    /// it back, to be shown.
    func end() {
      if let tookStart, !carriedOut, coordinator.pendingStart == nil { coordinator.pendingStart = tookStart }
    }
  }
}
