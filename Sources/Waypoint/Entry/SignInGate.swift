/// The sign-in gate every app writes: a link to a protected route, opened while the user is signed
/// out, is parked until sign-in and the sign-in screen is shown instead.
///
/// ```swift
/// builder.use(
///   SignInGate(showing: "notes://login", protecting: ["NoteEditor", "Settings"]) {
///     await session.isSignedIn   // `session` is the app's @MainActor model
///   })
/// // when sign-in succeeds:
/// inbox.resume(SignInGate.signIn)
/// ```
///
/// - The sign-in URL is the app's choice, not the link's, so its route may be internal even
///   when the parked link came from outside (``RouteRequest/isAppRedirect``).
/// - The parked link rides along as the encoded query item `next`
///   (`notes://login?next=notes%3A%2F%2Fnote%2F42`), for a screen that opens it itself.
/// - Opened through a ``LinkInbox``, the link is kept until ``LinkInbox/resume(_:)`` with the
///   gate's name, or dropped with its reason: on ``LinkInbox/discard(_:reason:)``, when it has
///   waited longer than ``LinkInbox/Policy/maxParked``, or when the sign-in screen shown for it
///   leaves while the user is still signed out: the user cancelled (a Cancel button that calls
///   `closeScreen()`, a swipe down: "the user cancelled sign-in"; only that window's links), or
///   a link took its place (its reason names the link). After `WaypointApp.resume(_:)` the
///   sign-in screen closes in every window, whether or not a link was parked. It stays parked even when the sign-in screen cannot be
///   shown. The caller's completion hears how the link itself ends.
/// - Middleware runs off the main actor: `isSignedIn` is `async`, so it can read a main-actor
///   session with `await` (or an actor's state, or a lock-protected value) without racing it.
public struct SignInGate: RouteMiddleware {
  /// The gate's default name, which ``LinkInbox/resume(_:)`` takes after sign-in.
  public static let signIn = "signIn"

  /// The sign-in screen's URL.
  package let signInURL: String
  /// The name links are parked under.
  package let gate: String
  /// The targets it protects, when it was made with them: `WaypointApp` checks each is a
  /// screen of the app.
  package private(set) var targets: [String]?
  private let picks: @Sendable (RouteRequest) -> Bool
  private let isSignedIn: @Sendable () async -> Bool
  /// Whether the user is signed in now, read on the main actor: given when the gate was made
  /// with a main-actor session, so `WaypointApp` keeps the screens it protects out of every
  /// window's state, decided before anything is drawn.
  package let isSignedInNow: (@MainActor @Sendable () -> Bool)?

  /// A gate in front of the routes whose target is one of `targets`.
  ///
  /// Its session is read asynchronously, so it guards links, and restored screens of a UIKit
  /// window (asked before they are drawn); a SwiftUI window leaves its screens out of a restored
  /// state, as it cannot ask before drawing. The main-actor form guards every screen.
  ///
  /// `WaypointApp` refuses to build when a target names no screen of the app, or when the
  /// sign-in URL opens no route.
  ///
  /// - Parameters:
  ///   - signInURL: What to show while the link waits (a route of the app, internal or public).
  ///   - gate: The name the link is parked under; resume it with that name.
  ///   - targets: The screens that need a signed-in user: strings, or the app's own ``TargetName``.
  ///   - isSignedIn: Whether the user is signed in now; asked for each protected request.
  public init(
    showing signInURL: String, gate: String = SignInGate.signIn, protecting targets: some Sequence<some TargetName>,
    isSignedIn: @escaping @Sendable () async -> Bool
  ) {
    let names = targets.map(\.targetName)
    let protected = Set(names)
    self.init(
      showing: signInURL, gate: gate, picks: { Self.reaches($0, protected) },
      isSignedIn: isSignedIn, now: nil)
    self.targets = names
  }

  /// A gate in front of the screens `targets`, reading a main-actor session: the screens it
  /// protects are never shown signed out, whether a link (to them, or to a screen under them),
  /// the start state, a restore, a tab or Back reaches them; the app's own `ScreenCoordinator.show`
  /// and SwiftUI's `NavigationLink(value:)` are the app's code, not judged.
  ///
  /// ```swift
  /// @MainActor var isSignedIn = false
  /// routes.use(SignInGate(showing: "/login", protecting: ["Settings"]) { isSignedIn })
  /// ```
  ///
  /// Besides parking links, `WaypointApp` keeps these screens out of every window's state while
  /// the user is signed out: a protected first screen of a tab shows the sign-in screen in its
  /// place (the tab still there), a protected screen anywhere else goes, at launch, on restore
  /// and the moment the app says the user signed out (`WaypointApp.lock(_:)`); after sign-in
  /// (`WaypointApp.resume(_:)`) the tab's own first screen comes back.
  ///
  /// - Parameters:
  ///   - signInURL: What to show while a link waits, and in place of a protected first screen.
  ///   - gate: The name the link is parked under; resume it with that name.
  ///   - targets: The screens that need a signed-in user: strings, or the app's own ``TargetName``.
  ///   - isSignedIn: Whether the user is signed in now, read on the main actor.
  public init(
    showing signInURL: String, gate: String = SignInGate.signIn, protecting targets: some Sequence<some TargetName>,
    isSignedIn: @escaping @MainActor @Sendable () -> Bool
  ) {
    let names = targets.map(\.targetName)
    let protected = Set(names)
    self.init(
      showing: signInURL, gate: gate, picks: { Self.reaches($0, protected) },
      isSignedIn: { await isSignedIn() }, now: isSignedIn)
    self.targets = names
  }

  /// A gate in front of the requests `protects` picks (by route name, path, anything a request
  /// says).
  ///
  /// - Parameters:
  ///   - signInURL: What to show while the link waits (a route of the app, internal or public).
  ///   - gate: The name the link is parked under; resume it with that name.
  ///   - protects: Whether a request needs a signed-in user; asked first, for every request.
  ///   - isSignedIn: Whether the user is signed in now; asked only for the requests `protects`
  ///     picks.
  public init(
    showing signInURL: String, gate: String = SignInGate.signIn,
    protecting protects: @escaping @Sendable (RouteRequest) -> Bool,
    isSignedIn: @escaping @Sendable () async -> Bool
  ) {
    self.init(showing: signInURL, gate: gate, picks: protects, isSignedIn: isSignedIn, now: nil)
  }

  /// A gate in front of the requests `protects` picks, reading a main-actor session: what it
  /// protects is never shown signed out (see the target-list form of this initializer;
  /// each screen is judged by the request its link makes).
  ///
  /// - Parameters:
  ///   - signInURL: What to show while a link waits, and in place of a protected first screen.
  ///   - gate: The name the link is parked under; resume it with that name.
  ///   - protects: Whether a request needs a signed-in user.
  ///   - isSignedIn: Whether the user is signed in now, read on the main actor.
  public init(
    showing signInURL: String, gate: String = SignInGate.signIn,
    protecting protects: @escaping @Sendable (RouteRequest) -> Bool,
    isSignedIn: @escaping @MainActor @Sendable () -> Bool
  ) {
    self.init(showing: signInURL, gate: gate, picks: protects, isSignedIn: { await isSignedIn() }, now: isSignedIn)
  }

  private init(
    showing signInURL: String, gate: String, picks: @escaping @Sendable (RouteRequest) -> Bool,
    isSignedIn: @escaping @Sendable () async -> Bool, now: (@MainActor @Sendable () -> Bool)?
  ) {
    self.signInURL = signInURL
    self.gate = gate
    self.picks = picks
    self.isSignedIn = isSignedIn
    self.isSignedInNow = now
  }

  /// Whether `request`'s route shows one of `protected`: its target, or a screen it puts under
  /// it (a link to a screen under a protected one would put the protected one in the stack,
  /// where Back reaches it: second independent read, S1).
  private static func reaches(_ request: RouteRequest, _ protected: Set<String>) -> Bool {
    guard let route = request.route else { return false }
    if let target = route.target, protected.contains(target) { return true }
    return route.underTargets.contains(where: protected.contains)
  }

  /// Whether the gate protects `request`, whoever is signed in.
  package func protects(_ request: RouteRequest) -> Bool {
    picks(request)
  }

  /// Whether the gate would park `request` now: its route is protected and the user is signed
  /// out.
  package func refuses(_ request: RouteRequest) async -> Bool {
    guard picks(request) else { return false }
    return await !isSignedIn()
  }

  /// Lets the request through now when its route is not protected, or the gate reads a
  /// main-actor session and the user is signed in.
  ///
  /// - Parameter request: The request on its way to the handler.
  /// - Returns: Whether the gate lets `request` through as it is.
  @MainActor public func passesNow(_ request: RouteRequest) -> Bool {
    !picks(request) || isSignedInNow?() == true
  }

  /// Lets the request through when its route is not protected or the user is signed in;
  /// otherwise parks it and shows the sign-in screen.
  ///
  /// - Parameters:
  ///   - request: The request; when it is parked, its URL rides along to the sign-in screen as
  ///     `next`.
  ///   - next: The rest of the chain, called only when the request goes through.
  /// - Returns: What `next` returns, or a result that parks the request until the gate and shows
  ///   the sign-in screen.
  /// - Throws: What `next` throws.
  public func handle(_ request: RouteRequest, next: RouteNext) async throws -> RouteResult {
    guard picks(request), await !isSignedIn() else { return try await next(request) }
    let shown = LinkText.appending([QueryItem(name: "next", value: request.url.string)], to: signInURL)
    var result = RouteResult.park(request, until: gate, showing: shown)
    let isSignedIn = isSignedIn
    result.parked?.stillClosed = { await !isSignedIn() }
    if let now = isSignedInNow { result.parked?.stillClosedNow = { !now() } }
    return result
  }
}
