/// A link a screen opened in its own window (`openLink("/note/7")` in SwiftUI, the same from a
/// view controller): returned at once, its ``outcome`` resolves exactly once.
///
/// ```swift
/// openLink("/note/\(note.id)")            // the tap's one line; the result may be ignored
///
/// let opening = openLink("/settings")     // or heard when it ends
/// opening.whenFinished { outcome in
///   if case .parked = outcome { print("waiting for sign-in") }
/// }
/// ```
///
/// The link goes through the app's inbox (it waits while the app is not ready) and its router
/// (middleware, redirects, the sign-in gate), and lands in the window it was opened from, never
/// another: a window that is not open, or closes before the link's turn, ends it as
/// ``Outcome/noWindow``.
@MainActor
public final class LinkOpening {
  /// How a link opened from a screen ended.
  public enum Outcome: Sendable, CustomStringConvertible {
    /// Its route handled it: a screen shown (the result's value is its ``ShownModule``), or what
    /// the route's handler returns.
    case shown(RouteResult)
    /// It was redirected, and the route it went to handled it; ``RouteResult/url`` is the link
    /// that was shown.
    case redirected(RouteResult)
    /// A gate parked it (``RouteResult/parked`` names the gate), and showed its screen (sign-in)
    /// instead: the link opens on ``WaypointApp/resume(_:)``, and the router's events say how it
    /// ends.
    case parked(RouteResult)
    /// It will not open: a handler cancelled it, or the inbox dropped it (superseded, expired,
    /// discarded); the error says which.
    case cancelled(RoutingError)
    /// A route's handler, a middleware or an allow-list refused it, or no route may take it.
    case declined(RoutingError)
    /// The window it was opened from is not open (the screen is in no window, or its window
    /// closed before the link's turn).
    case noWindow
    /// It failed: no route matches, a screen could not be made or shown; the error says why.
    case failed(RoutingError)

    /// `shown notes://note/7`, `parked until 'signIn'`, `no window`, `failed: …`.
    public var description: String {
      switch self {
      case .shown(let result): "shown \(result.url)"
      case .redirected(let result): "redirected to \(result.url)"
      case .parked(let result): "parked until '\(result.parked?.gate ?? "")'"
      case .cancelled(let error): "cancelled: \(error.message)"
      case .declined(let error): "declined: \(error.message)"
      case .noWindow: "no window"
      case .failed(let error): "failed: \(error.message)"
      }
    }

    /// The outcome of a link's router result or error: `failed` and the others by the error's code.
    ///
    /// - Parameters:
    ///   - result: What the inbox heard.
    ///   - link: The link as it was opened, to tell a redirect.
    package init(_ result: Result<RouteResult, RoutingError>, link: String) {
      switch result {
      case .success(let result) where result.parked != nil: self = .parked(result)
      case .success(let result) where result.url != link: self = .redirected(result)
      case .success(let result): self = .shown(result)
      case .failure(let error):
        switch error.code {
        case .cancelled, .dropped: self = .cancelled(error)
        case .declined, .rejected, .forbidden, .callbackNotAllowed: self = .declined(error)
        default: self = .failed(error)
        }
      }
    }
  }

  /// The link, as it was opened.
  public let link: String
  /// The window it was opened in; `nil` until a screen not yet in a window gets one.
  public package(set) var window: String?
  private let ending = Ending<Outcome>()

  /// A link being opened in `window`.
  package init(_ link: String, window: String?) {
    self.link = link
    self.window = window
  }

  /// How it ended; `nil` while it is under way.
  public var outcome: Outcome? { ending.value }

  /// Calls `hear` once with how it ended: at once when it has ended, else when it ends.
  ///
  /// - Parameter hear: Hears the outcome, on the main actor.
  public func whenFinished(_ hear: @escaping @MainActor (Outcome) -> Void) {
    ending.hear(hear)
  }

  /// How it ended, once it has.
  public var finished: Outcome {
    get async { await ending.value() }
  }

  /// Ends it with `outcome`; a second end is ignored, so the outcome resolves exactly once.
  package func finish(_ outcome: Outcome) {
    ending.end(outcome)
  }
}
