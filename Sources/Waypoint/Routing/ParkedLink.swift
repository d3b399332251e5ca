/// A link a middleware set aside until the app passes a gate (see ``RouteResult/park(_:until:showing:)``).
public struct ParkedLink: Sendable {
  /// What the app must pass first (`signIn`).
  public var gate: String
  /// The link as it reached the middleware.
  public var url: String
  /// Where it came from.
  public var origin: Origin
  /// The in-process values it was opened with.
  public var extras: [String: any Sendable]
  /// Whether the gate still holds (a ``SignInGate``: the user is still signed out).
  ///
  /// Asked when the screen shown in its place leaves: a ``LinkInbox`` then drops what waits
  /// behind it. `nil` for a park that says nothing: the screen leaving means the gate was not
  /// passed.
  package var stillClosed: (@Sendable () async -> Bool)?
  /// Whether the gate still holds, asked on the main actor at the moment the screen shown in its
  /// place leaves (a gate reading a main-actor session): what the user did then decides, not what
  /// the session says a moment later.
  package var stillClosedNow: (@MainActor @Sendable () -> Bool)?

  /// Makes a parked link.
  package init(gate: String, url: String, origin: Origin, extras: [String: any Sendable] = [:]) {
    self.gate = gate
    self.url = url
    self.origin = origin
    self.extras = extras
  }
}
