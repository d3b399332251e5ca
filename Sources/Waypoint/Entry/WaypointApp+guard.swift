import WaypointMatching

// Screens behind the gate, not only links: a screen a main-actor sign-in gate protects is kept
// out of every window's state while the user is signed out, decided on the state before any UI
// draws it.

extension WaypointApp {
  /// The gate that protects `screen` and holds now (the user is signed out), among the gates
  /// that read a main-actor session; `nil` when none does.
  func closedGate(protecting screen: Screen, among names: Set<String>? = nil) -> SignInGate? {
    for gate in gates where names.map({ $0.contains(gate.gate) }) ?? true {
      guard let isSignedIn = gate.isSignedInNow, !isSignedIn() else { continue }
      if let targets = gate.targets {
        if targets.contains(screen.target) { return gate }
      } else if let request = gateRequest(for: screen), gate.protects(request) {
        return gate
      }
    }
    return nil
  }

  /// `state` with no screen a closed gate protects: a protected first screen of a tab shows the
  /// gate's sign-in screen in its place, any other protected screen goes (see
  /// `NavigationState.guarded(isProtected:standIn:)`).
  ///
  /// A protected first screen that is not the start's own there (a saved state put another
  /// screen in its place) gives its place to the start's own first screen, when that one is not
  /// protected too.
  package func guarded(_ state: NavigationState, gates names: Set<String>? = nil) -> NavigationState {
    guard gates.contains(where: { $0.isSignedInNow != nil }) else { return state }
    let start = start
    return state.guarded(
      isProtected: { closedGate(protecting: $0, among: names) != nil },
      standIn: { screen, location in
        if let own = start[stack: location]?.first, own.id != screen.id || own.target != screen.target,
          closedGate(protecting: own, among: names) == nil
        {
          return own
        }
        return closedGate(protecting: screen, among: names).flatMap { standIn(for: screen, gate: $0) }
      })
  }

  /// `state` as the gates are now.
  ///
  /// For each main-actor gate that is open, the screens its sign-in screen stood in for are put
  /// back; then what a closed one protects is kept out (``guarded(_:gates:)``). For a window's
  /// first state, taken in the navigator's turn after a wait during which the user may have
  /// signed in or out (`ScreenCoordinator.startAsGatesAre`).
  package func asGatesAreNow(_ state: NavigationState) -> NavigationState {
    var state = state
    for gate in gates {
      guard let isSignedIn = gate.isSignedInNow, isSignedIn() else { continue }
      state = ungated(state, gate: gate.gate)
    }
    return guarded(state)
  }

  /// Why a link's screen may not be placed now, though its gate let it through: the user signed
  /// out since (second independent read, S3); `nil` when it may.
  ///
  /// Each closed main-actor gate judges the link's own request (its `protects`, which for a gate
  /// over targets covers the screens the route puts under its own): a gate over requests is
  /// never asked about a request made up for a screen (third independent read, T1).
  package func refusalNow(_ request: RouteRequest, target: String) -> String? {
    for gate in gates {
      guard let isSignedIn = gate.isSignedInNow, !isSignedIn(), gate.protects(request) else { continue }
      return "'\(target)' is behind the sign-in gate '\(gate.gate)', "
        + "and the user signed out since it let the link through"
    }
    return nil
  }

  /// `state` guarded as ``guarded(_:)`` guards it, each saved screen it leaves out reported to
  /// the router's observers as a `dropped` event of origin ``Origin/restoredState`` with why:
  /// what a restore leaves out is said, as for every other reason.
  ///
  /// A saved gate's sign-in screen is not restored: the links it stood for did not outlive the
  /// run that parked them, and the user may have signed in since; a stand-in for a tab's first
  /// screen gives the place back to it first, and is made again should its gate still be closed
  /// (independent read, R3). With `waitsForAsyncGates`, the screens a gate reading its session
  /// asynchronously protects are not restored either: it cannot be asked before a SwiftUI window
  /// is drawn (independent read, R2); a UIKit window asks it (`firstState(_:in:)`).
  func guardedRestoring(_ state: NavigationState, leavingOutAsyncGated: Bool = false) -> NavigationState {
    var state = state
    for gate in gates { state = ungated(state, gate: gate.gate) }
    let signIn = Set(gates.compactMap { signInRoute(of: $0) })
    let start = start
    state = state.guarded(
      isProtected: { screen in
        screen.route.map(signIn.contains) == true
          || (leavingOutAsyncGated && asyncGate(protecting: screen) != nil)
      },
      standIn: { _, location in start[stack: location]?.first })
    let kept = guarded(state)
    guard kept != state else { return kept }
    let left = kept.allScreens
    var behind: String?
    var leftOut: [NavigationState.LeftOut] = []
    // The start's own screens are not a restore's to report.
    let own = start.allScreens
    for screen in state.allScreens where !left.contains(where: { $0.id == screen.id && $0.target == screen.target }) {
      if own.contains(where: { $0.id == screen.id && $0.target == screen.target }) { continue }
      if let gate = closedGate(protecting: screen) {
        behind = screen.id
        leftOut.append(
          .init(screen: screen, reason: "it is behind the sign-in gate '\(gate.gate)' and the user is signed out"))
      } else {
        let over = behind.map { "'\($0)'" } ?? "a screen"
        leftOut.append(.init(screen: screen, reason: "it was over \(over), which is behind the sign-in gate"))
      }
    }
    report(leftOut)
    return kept
  }

  /// The route (its name, else its pattern) of the gate's sign-in URL.
  func signInRoute(of gate: SignInGate) -> String? {
    router.router.resolve(gate.signInURL, origin: .internal).route.map { $0.name ?? $0.pattern }
  }

  /// The gate reading its session asynchronously that protects `screen`, whoever is signed in.
  func asyncGate(protecting screen: Screen) -> SignInGate? {
    gates.first { gate in
      guard gate.isSignedInNow == nil else { return false }
      if let targets = gate.targets { return targets.contains(screen.target) }
      return gateRequest(for: screen).map(gate.protects) ?? false
    }
  }

  /// The gate's sign-in screen, standing in for the protected first screen `screen` of a tab:
  /// its id says whose place it holds, so sign-in puts that screen back.
  func standIn(for screen: Screen, gate: SignInGate) -> Screen? {
    let resolution = router.router.resolve(gate.signInURL, origin: .internal)
    guard let request = resolution.request, let route = resolution.route, let target = route.target else { return nil }
    return Screen(
      id: "\(target)#\(Self.standInMark(gate.gate))\(screen.id)", target: target, parameters: request.urlValues,
      route: route.name ?? route.pattern, link: gate.signInURL)
  }

  /// What a stand-in's id holds between its target and the id of the screen whose place it
  /// holds.
  static func standInMark(_ gate: String) -> String { "\(gate)-for-" }

  /// `state` with the first screens the gate `gate`'s sign-in screen stood in for put back in
  /// their places (the gate was passed), from ``start``.
  func ungated(_ state: NavigationState, gate: String) -> NavigationState {
    var state = state
    let mark = "#\(Self.standInMark(gate))"
    for location in state.locations {
      guard let first = state[stack: location]?.first, let own = start[stack: location]?.first,
        first.id.hasSuffix(mark + own.id)
      else { continue }
      state[stack: location] = [own]
    }
    return state
  }

  /// Says the gate `gate` holds again (the user signed out).
  ///
  /// Every window drops the screens it protects, and a protected first screen of a tab shows the
  /// sign-in screen in its place. A ``HeadlessNavigator`` (SwiftUI's) changes in this turn; a UIKit window in the navigator's
  /// turn, once a transition under way has ended (a protected screen it shows stays until then,
  /// and a link waiting for that turn is refused, not shown); a window not showing its first
  /// state yet starts on it guarded.
  ///
  /// ```swift
  /// @MainActor func signedOut(_ app: WaypointApp) {
  ///   isSignedIn = false
  ///   app.lock()
  /// }
  /// ```
  ///
  /// Only gates made with a main-actor session (`SignInGate(showing:protecting:isSignedIn:)`
  /// with a closure that does not `await`) guard screens; others guard links only.
  ///
  /// - Parameter gate: The gate's name; ``SignInGate/signIn`` by default.
  public func lock(_ gate: String = SignInGate.signIn) {
    for id in windows.windowIDs {
      guard let coordinator = self.coordinator(for: id) else { continue }
      let shown = coordinator.navigator.state
      if let headless = coordinator.navigator as? HeadlessNavigator {
        guard guarded(shown, gates: [gate]) != shown else { continue }
        headless.showAtOnce(guarded(shown, gates: [gate]))
        coordinator.refreshShownModules()
      } else {
        // Worked out in the navigator's turn, from what it shows then, even when nothing
        // protected is shown now: a link the gate let through may be waiting for that turn
        // (independent read, U2).
        Task { @MainActor in
          await Self.reach(on: coordinator, dismissingAppPresentations: true) { self.guarded($0, gates: [gate]) }
        }
      }
    }
  }

  /// Carries out a gate's change of `modules`' window, the state worked out by `change` from what
  /// the navigator shows in its turn, trying again `interval` apart, at most `tries` times, while
  /// the navigator refuses it (the app's own presentation is up, a transition will not end).
  ///
  /// A sign-out's change (`dismissingAppPresentations`) lands over the app's own presentations
  /// (``GateChange``): a protected screen must not wait under the app's sheet to be seen. A
  /// sign-in's leaves them, and waits for them to go.
  package static func reach(
    on coordinator: ScreenCoordinator, dismissingAppPresentations: Bool, tries: Int = 20,
    interval: Duration = .milliseconds(50), _ change: @escaping @MainActor (NavigationState) -> NavigationState
  ) async {
    for _ in 0..<tries {
      do {
        _ = try await GateChange.$isUnderway.withValue(dismissingAppPresentations) {
          try await coordinator.navigator.carryOut { base in NavigationPlan(from: base, to: change(base)) }
        }
        coordinator.refreshShownModules()
        return
      } catch let error as NavigationError where Self.isPassing(error) {
        try? await Task.sleep(for: interval)
      } catch {
        // A plan the state refuses will not be taken the next time either (third independent
        // read, T2).
        return
      }
    }
  }

  /// Whether the navigator refused a change for a while only: the app's own presentation is up,
  /// a change or a UIKit transition is under way.
  package static func isPassing(_ error: NavigationError) -> Bool {
    [.presentationBlocked, .unbalancedTransition, .inTransition, .transitionTimedOut].contains(error.code)
  }

  /// The gate `gate` was passed: each window gets back the first screens its sign-in screen
  /// stood in for, then the sign-in screens close, then `resume` hands the parked links back.
  func passGate(_ gate: String, then resume: @escaping @MainActor () -> Void) {
    var reaching: [Task<Void, Never>] = []
    for id in windows.windowIDs {
      guard let coordinator = self.coordinator(for: id) else { continue }
      let shown = coordinator.navigator.state
      guard ungated(shown, gate: gate) != shown else { continue }
      if let headless = coordinator.navigator as? HeadlessNavigator {
        // The tab's own first screen back, at once: no presented level moves, so the app's own
        // presentation stays as it is (second independent read, S5).
        headless.showAtOnce(ungated(shown, gate: gate))
        coordinator.refreshShownModules()
        continue
      }
      // Under the app's own presentation (a "Signed in" alert), the change waits for it to go,
      // a quarter of a second apart, at most ten minutes (second independent read, S4).
      reaching.append(
        Task { @MainActor in
          await Self.reach(
            on: coordinator, dismissingAppPresentations: false, tries: 2_400, interval: .milliseconds(250)
          ) {
            self.ungated($0, gate: gate)
          }
        })
    }
    guard !reaching.isEmpty else { return closeSignInScreens(of: gate, then: resume) }
    Task { @MainActor in
      for task in reaching { await task.value }
      closeSignInScreens(of: gate, then: resume)
    }
  }
}
