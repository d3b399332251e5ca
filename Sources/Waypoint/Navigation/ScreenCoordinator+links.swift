extension ScreenCoordinator {
  /// Shows the module a deep link targets where its route places it, binding the request into
  /// the module's configuration.
  ///
  /// In order: what is presented is handled by the route's presented policy (else
  /// ``presentedPolicy``); the route's tab is selected; the stack there (its column, when the
  /// window shows a split view) gets the route's `under` screens, in one plan of the navigator
  /// (``Navigator/restore(_:)``); then the screen is shown with the route's presentation from
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
  /// let thread = try await modules.show(request, target: "Thread")
  /// ```
  ///
  /// - Throws: What ``show(target:_:from:parameters:request:)`` throws (`moduleFailed` around a
  ///   ``ModuleError`` when making a module fails); `unknownPresentation` naming the string when
  ///   the `presentation` extra names no presentation; `coveredByPresentation` when the policy
  ///   refuses the link or a presentation is held (``ShownModule/isDismissibleByLinks``);
  ///   `unknownTab` for a tab the tab bar does not have.
  public func show(_ request: RouteRequest, target: String) async throws(NavigationError) -> ShownModule {
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
    let placed: Placed
    do {
      placed = try await place(request, target: target, presentation: presentation)
    } catch {
      throw NavigationError.showing(error)
    }
    switch placed {
    case .shown(let route):
      return route
    case .from(let source):
      return try await show(
        target: target, presentation, from: source, parameters: request.urlValues, request: request)
    }
  }

  /// Where a link's screen is shown after its placement.
  private enum Placed {
    /// The screen is already there (or became the root of its stack), with this route.
    case shown(ShownModule)
    /// Show it from this screen (`nil`: the top screen).
    case from(String?)
  }

  /// Reaches the state a link's route asks for under its screen, in one plan.
  private func place(_ request: RouteRequest, target: String, presentation: Presentation) async throws -> Placed {
    let definition = request.route
    let under = definition?.under ?? []
    let placement = definition?.placement ?? Placement()
    let shown = navigator.state
    var wanted = shown
    let key = try registry.key(for: target)
    if let refusal = rules.refusal(of: presentation, for: key) {
      throw NavigationError(.unsupportedPresentation, refusal)
    }
    guard try clearPresented(in: &wanted, policy: placement.presented ?? presentedPolicy, target: target) else {
      return .from(nil)
    }
    try select(placement.tab, in: &wanted, target: target)
    let tab = wanted.tabs?.selected
    let column = placement.column.flatMap { wanted[stack: StackPlace(tab: tab, column: $0)] == nil ? nil : $0 }
    // In a split view, a screen for the supplementary or secondary column becomes that column's
    // root, and the screens under it are those of the primary column.
    let inColumn = column != nil && column != .primary
    let place = StackPlace(tab: tab, column: column ?? .primary)
    let underPlace = inColumn ? StackPlace(tab: tab) : place
    let stack = wanted[stack: underPlace] ?? []
    for module in under { _ = try registry.key(for: module) }
    // A route that names a tab claims its stack (see `underPath`).
    let resets = placement.tab != nil && wanted.tabs != nil
    let (kept, built, found) = Self.underPath(of: stack, under: under, resets: resets)
    var candidate = found
    var screens = Array(stack.prefix(kept))
    screens += built.map { Screen(id: "\($0)#\(nextNumber())", target: $0, link: request.url.string) }
    let pushes = presentation.kind == .push || presentation.kind == .show
    let name = registry.registrations[key]?.target ?? key.name
    var adopted: ShownModule?
    var rooted: [Screen]?
    if inColumn {
      wanted[stack: underPlace] = screens
      let columnStack = wanted[stack: place] ?? []
      candidate = columnStack.count == 1 ? columnStack.first : nil
    }
    if pushes, let top = candidate, top.target == name, top.parameters == request.urlValues {
      // Already there: keep it (and, in a claimed tab, pop what is above it).
      if !inColumn { screens = resets ? Array(stack.prefix(kept + 1)) : stack }
      adopted = liveRoutes.first { $0.screen.id == top.id && $0.state == .shown } ?? adopt(top, key: key, made: nil)
    } else if pushes, inColumn || screens.isEmpty {
      // An empty stack, or a split view's column: the screen becomes its root.
      let screen = Screen(
        id: "\(name)#\(nextNumber())", target: name, parameters: request.urlValues,
        route: definition.map { $0.name ?? $0.pattern }, link: request.url.string)
      let made = try makeScreenModule(key, from: request)
      rooted = [screen]
      adopted = adopt(screen, key: key, made: made)
    }
    // A column keeps its stack unless the screen became its root.
    if !inColumn || rooted != nil { wanted[stack: place] = rooted ?? screens }
    if wanted != shown { try await navigator.restore(wanted) }
    refreshShownModules()
    if let adopted { return .shown(adopted) }
    return .from(screens.last?.id)
  }

  /// Takes the navigator's presentations off `wanted` for a link to `target`, as `policy` says;
  /// `false` when the policy keeps them (the screen is shown over them).
  ///
  /// - Throws: `coveredByPresentation` when the policy refuses, or a presentation is held.
  private func clearPresented(
    in wanted: inout NavigationState, policy: PresentedPolicy, target: String
  ) throws(NavigationError) -> Bool {
    guard let covering = wanted.presented?.state.stack.first else { return true }
    switch policy {
    case .keep:
      return false
    case .refuse:
      throw NavigationError(
        .coveredByPresentation,
        "the link to '\(target)' does not open while '\(covering.id)' is presented (its policy is refuse)",
        screen: covering.id)
    case .dismiss:
      let presentedIDs = Set(wanted.presented?.state.allScreens.map(\.id) ?? [])
      if let held = liveRoutes.first(where: { !$0.isDismissibleByLinks && presentedIDs.contains($0.screen.id) }) {
        throw NavigationError(
          .coveredByPresentation,
          "the link to '\(target)' would dismiss '\(held.screen.id)', which is held as not dismissible",
          screen: held.screen.id)
      }
      wanted.presented = nil
      return true
    }
  }

  /// Selects the tab a link's route names, when the state has tabs.
  ///
  /// - Throws: `unknownTab` for a tab the tab bar does not have.
  private func select(_ tab: String?, in wanted: inout NavigationState, target: String) throws(NavigationError) {
    guard let tab, let tabs = wanted.tabs else { return }
    guard tabs[tab] != nil else {
      throw NavigationError(
        .unknownTab, "the link to '\(target)' names the tab '\(tab)'; the tabs are \(tabs.ids.joined(separator: ", "))")
    }
    wanted.tabs?.selected = tab
  }

  /// How `stack` meets a route's `under` path.
  ///
  /// Returns how many of its screens stay, the targets to build on them, and the screen that may
  /// already be the link's. A claimed tab's stack (`resets`) becomes the path, reusing what
  /// matches; any other is completed when it starts the path, and kept otherwise.
  static func underPath(
    of stack: [Screen], under: [String], resets: Bool
  ) -> (kept: Int, built: ArraySlice<String>, candidate: Screen?) {
    if resets {
      let kept = zip(stack, under).prefix { $0.target == $1 }.count
      return (kept, under.dropFirst(kept), kept == under.count ? stack.dropFirst(kept).first : nil)
    }
    let starts = stack.count < under.count && zip(stack, under).allSatisfy { $0.target == $1 }
    return (stack.count, starts ? under.dropFirst(stack.count) : [], starts ? nil : stack.last)
  }

  /// A shown module for a screen a link placed without a transition, kept like one it showed.
  private func adopt(_ screen: Screen, key: ModuleKey, made: ModuleInstance?) -> ShownModule {
    let registry = self.registry
    let route = ShownModule(
      screen: screen, presentation: .push, source: nil, key: key, made: nil,
      make: { try registry.observedInstance(key, configure: ModuleRegistry.unconfigured) },
      navigator: navigator, notify: notifier(for: key))
    route.adopt(made: made)
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
      builder.register(target: target, handler: ModuleRouteHandler(navigator: self, target: target))
    }
  }
}

/// A route handler that shows a module.
///
/// ``ScreenCoordinator/registerTargets(in:)`` registers one for each manifest target. Its value is
/// the ``ShownModule``.
package struct ModuleRouteHandler: RouteHandler {
  /// Where the module is shown.
  package let navigator: ScreenCoordinator
  /// The module's target.
  package let target: String

  /// A handler showing `target`'s module.
  package init(navigator: ScreenCoordinator, target: String) {
    self.navigator = navigator
    self.target = target
  }

  /// Shows the module and returns its ``ShownModule``.
  package func handle(_ request: RouteRequest) async throws -> any Sendable {
    try await navigator.show(request, target: target)
  }
}
