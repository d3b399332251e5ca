// What a screen does from inside: opens the next screen in its own window, closes itself. The
// adapters hand a screen these as actions (SwiftUI's environment, a view controller's methods).

extension WaypointApp {
  /// Opens `link` in the window `window`, as a screen of that window asks: through the inbox and
  /// the router like any link, with the app's own origin (internal routes open), and always in
  /// that window, never another.
  ///
  /// ```swift
  /// app.open("/note/7", fromWindow: session.persistentIdentifier)
  /// ```
  ///
  /// The call returns at once; the link opens once the app is ready and its middleware let it
  /// through. A window that is not open ends it as ``LinkOpening/Outcome/noWindow`` at once, and
  /// one that closes before the link's turn, then.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - window: The window's id (a scene session's persistent identifier).
  ///   - presentation: How to show the screen this time, over its route's presentation; `nil`
  ///     for the route's.
  ///   - extras: In-process values for the handler (they win over the link's values).
  /// - Returns: The opening, whose outcome resolves exactly once.
  @discardableResult
  public func open(
    _ link: String, fromWindow window: String, presentation: Presentation? = nil, extras: [String: any Sendable] = [:]
  ) -> LinkOpening {
    inbox.open(link, fromWindow: window, presentation: presentation, extras: extras) { [weak self] in
      self?.coordinator(for: window) != nil
    }
  }

  /// Opens a typed link in the window `window`; see ``open(_:fromWindow:presentation:extras:)-(String,_,_,_)``.
  ///
  /// - Parameters:
  ///   - link: The link; its ``RoutableLink/url`` is opened, and a value no URL can carry ends it
  ///     as `failed`.
  ///   - window: The window's id.
  ///   - presentation: How to show the screen this time; `nil` for the route's.
  ///   - extras: In-process values for the handler.
  /// - Returns: The opening, whose outcome resolves exactly once.
  @discardableResult
  public func open(
    _ link: some RoutableLink, fromWindow window: String, presentation: Presentation? = nil,
    extras: [String: any Sendable] = [:]
  ) -> LinkOpening {
    do {
      return open(try link.url, fromWindow: window, presentation: presentation, extras: extras)
    } catch {
      let opening = LinkOpening(String(describing: link), window: window)
      opening.finish(.failed(error))
      return opening
    }
  }

  /// Closes the screen `screen` of the window `window`, as the screen itself asks: a pushed
  /// screen pops with what is above it, the root of a presented stack dismisses it, and a tab's
  /// (or the window's) first screen stays, the outcome saying so.
  ///
  /// Closing the screen a sign-in gate showed in place of links, while the user is still signed
  /// out, is the user cancelling sign-in: the links parked for it in this window are dropped
  /// with the reason "the user cancelled sign-in"; those of other windows stay.
  ///
  /// - Parameters:
  ///   - screen: The screen's id (``Screen/id``).
  ///   - window: The window's id.
  /// - Returns: The close, whose outcome resolves exactly once.
  @discardableResult
  public func closeScreen(_ screen: String, inWindow window: String) -> ScreenClosing {
    guard let coordinator = self.coordinator(for: window) else {
      let closing = ScreenClosing(screen, window: window)
      closing.finish(.notShown)
      return closing
    }
    return coordinator.close(screen, window: window)
  }

  /// The action that opens links from the screens of the window `window`.
  package func openLinkAction(window: String) -> OpenLinkAction {
    OpenLinkAction(window: window) { [weak self] link, presentation, extras in
      guard let self else { return OpenLinkAction.outsideWindow(link, presentation, extras) }
      return self.open(link, fromWindow: window, presentation: presentation, extras: extras)
    }
  }

  /// The action that closes the screen `screen` of the window `window`.
  package func closeScreenAction(screen: String, window: String) -> CloseScreenAction {
    CloseScreenAction(screen: screen, window: window) { [weak self] in
      guard let self else { return CloseScreenAction.outsideWindow() }
      return self.closeScreen(screen, inWindow: window)
    }
  }

  // MARK: - The gate's sign-in screen

  /// The screens a sign-in gate named `gate` shows (its sign-in URL's route), in every window,
  /// by window.
  func signInScreens(of gate: String) -> [(window: String, screen: String)] {
    let routes = gates.filter { $0.gate == gate }.compactMap(signInRoute(of:))
    guard !routes.isEmpty else { return [] }
    return windows.windowIDs.flatMap { window in
      (coordinator(for: window)?.navigator.state.allScreens ?? []).filter { screen in
        screen.route.map(routes.contains) ?? false
      }.map { (window, $0.id) }
    }
  }

  /// Closes the gate's sign-in screens in every window (the gate was passed), then hands the
  /// links parked behind it back to the inbox: the screens go whether or not a link waited,
  /// and the links parked behind them stay parked until they are gone.
  func closeSignInScreens(of gate: String, then resume: @escaping @MainActor () -> Void) {
    let shown = signInScreens(of: gate)
    guard !shown.isEmpty else { return resume() }
    var closings: [ScreenClosing] = []
    for (window, screen) in shown {
      guard let coordinator = self.coordinator(for: window) else { continue }
      for module in coordinator.liveModules where module.screen.id == screen { module.leavesPastGate = true }
      closings.append(coordinator.close(screen, window: window))
    }
    Task { @MainActor in
      for closing in closings { _ = await closing.finished }
      resume()
    }
  }
}

extension LinkInbox {
  /// Opens `link` from a screen of the window `window` (`nil` for a host over one navigator,
  /// which has one window): the app's own origin, pinned to that window, the per-call
  /// presentation as the `presentation` extra; see `WaypointApp.open(_:fromWindow:presentation:extras:)`.
  ///
  /// - Parameters:
  ///   - link: The link.
  ///   - window: The window's id; `nil` pins nothing.
  ///   - presentation: How to show the screen this time; `nil` for its route's.
  ///   - extras: In-process values for the handler.
  ///   - isOpen: Whether the window is open: asked at once (a closed one ends the link as
  ///     `noWindow`) and after a failure (a window closed meanwhile is why it failed).
  /// - Returns: The opening, whose outcome resolves exactly once.
  @MainActor
  package func open(
    _ link: String, fromWindow window: String?, presentation: Presentation?, extras: [String: any Sendable],
    isOpen: @escaping @MainActor () -> Bool
  ) -> LinkOpening {
    let opening = LinkOpening(link, window: window)
    guard isOpen() else {
      opening.finish(.noWindow)
      return opening
    }
    var extras = extras
    if let window {
      extras[WindowCoordinators.windowExtra] = window
      extras[WindowCoordinators.pinnedExtra] = true
    }
    if let presentation { extras["presentation"] = presentation }
    let now = openNow(link, extras: extras)
    if let result = now.result {
      opening.finish(LinkOpening.Outcome(result, link: link))
      return opening
    }
    // The number asked for the link stays its own: no gap in the numbers its events carry.
    _ = accept(
      link, origin: .internal, extras: extras, id: nil, completesWhenParked: true, waitsWhenParkedUnshown: true,
      openID: now.openID
    ) { result in
      Task { @MainActor in
        // A failure in a window that closed meanwhile is the window's, whatever the router says.
        if case .failure = result, !isOpen() { return opening.finish(.noWindow) }
        opening.finish(LinkOpening.Outcome(result, link: link))
      }
    }
    return opening
  }
}

extension LinkInbox {
  /// Opens a screen's link within the caller's turn when nothing makes it wait.
  ///
  /// Nothing does when the app is ready
  /// with no link ahead of it, and the router can open it now (``Router/opensNow(_:origin:extras:openID:)``:
  /// every middleware lets it through now, the window's navigator can change now). A `nil`
  /// result leaves it to the inbox's task, having done nothing but number it (`openID`, for the
  /// task to use) when the router was asked.
  @MainActor
  private func openNow(
    _ link: String, extras: [String: any Sendable]
  ) -> (result: Result<RouteResult, RoutingError>?, openID: UInt64?) {
    let router = router.router
    guard link.utf8.count <= router.options.maxURLLength, isIdle else { return (nil, nil) }
    let (url, origin) = prepare(link, origin: .internal)
    let openID = router.hub.nextOpenID()
    guard let ready = router.opensNow(url, origin: origin, extras: extras, openID: openID) else { return (nil, openID) }
    report(RouteEvent(openID: openID, phase: .received, url: link, origin: origin, timestamp: self.now()))
    return (router.open(now: ready, openID: openID), openID)
  }
}
