import Testing
public import Waypoint

/// Records what a view or a view controller asked of its window, `openLink` and `closeScreen`,
/// without a router or a window, for a unit test of the screen alone.
///
/// ```swift
/// @MainActor @Test func rowOpensItsNote() {
///   let recorder = ScreenActionRecorder()
///   let row = NoteRow(id: 7)                         // reads @Environment(\.openLink)
///   row.tapped(with: recorder.openLink(window: "A")) // or .environment(\.openLink, …) in a host
///   #expect(recorder.opened == [.init(link: "/note/7", window: "A")])
/// }
/// ```
///
/// Each call it records ends at once, exactly once, with the outcome the test sets
/// (``openOutcome``, ``closeOutcome``). Once a recorder was made, a call a screen makes outside
/// any window of the app (no `WaypointHost` above the view: the environment's default action)
/// fails the running test, naming the file and line of the call.
@MainActor
public final class ScreenActionRecorder {
  /// A link a screen opened.
  public struct Opened: Sendable, Equatable, CustomStringConvertible {
    /// The link, as the screen gave it.
    public var link: String
    /// The window it was opened in.
    public var window: String?
    /// The presentation asked for this time, if any.
    public var presentation: Presentation?

    /// A link opened in `window`, shown as `presentation`.
    ///
    /// - Parameters:
    ///   - link: The link.
    ///   - window: The window it was opened in.
    ///   - presentation: The presentation asked for; `nil` for the route's.
    public init(link: String, window: String?, presentation: Presentation? = nil) {
      self.link = link
      self.window = window
      self.presentation = presentation
    }

    /// `/note/7 in A`, `/note/7 in A as sheet`.
    public var description: String {
      "\(link) in \(window ?? "no window")" + (presentation.map { " as \($0)" } ?? "")
    }
  }

  /// A screen that asked to close itself.
  public struct Closed: Sendable, Equatable {
    /// The screen's id.
    public var screen: String
    /// Its window.
    public var window: String?

    /// The screen `screen` of `window`.
    ///
    /// - Parameters:
    ///   - screen: The screen's id.
    ///   - window: Its window.
    public init(screen: String, window: String?) {
      self.screen = screen
      self.window = window
    }
  }

  /// The links opened, in order.
  public private(set) var opened: [Opened] = []
  /// The extras each open was given, in the order of ``opened``.
  public private(set) var extras: [[String: any Sendable]] = []
  /// The screens that asked to close, in order.
  public private(set) var closed: [Closed] = []
  /// How each recorded open ends; by default it is cancelled, saying nothing was opened.
  public var openOutcome: @MainActor (Opened) -> LinkOpening.Outcome = { opened in
    .cancelled(RoutingError(.cancelled, "'\(opened.link)' was recorded by a ScreenActionRecorder, not opened"))
  }
  /// How each recorded close ends; `closed` by default.
  public var closeOutcome = ScreenClosing.Outcome.closed

  /// A recorder; from now on, calls made outside any window fail the running test.
  public init() {
    ScreenCallSite.outsideAnyWindow = { message, site in
      Issue.record(
        Comment(rawValue: message + ": put the view under a WaypointHost, or give it a recorder's action"),
        sourceLocation: SourceLocation(
          fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column))
    }
  }

  /// The action a view's `@Environment(\.openLink)` or a test hands a screen: it records each
  /// link with `window`.
  ///
  /// - Parameter window: The window the links are opened in.
  /// - Returns: The action.
  public func openLink(window: String = "window") -> OpenLinkAction {
    OpenLinkAction(window: window) { [weak self] link, presentation, extras in
      let asked = Opened(link: link, window: window, presentation: presentation)
      let opening = LinkOpening(link, window: window)
      guard let self else {
        opening.finish(.noWindow)
        return opening
      }
      self.opened.append(asked)
      self.extras.append(extras)
      opening.finish(self.openOutcome(asked))
      return opening
    }
  }

  /// The action a screen's `@Environment(\.closeScreen)` or a test hands a screen: it records the
  /// close of `screen` in `window`.
  ///
  /// - Parameters:
  ///   - screen: The screen's id.
  ///   - window: Its window.
  /// - Returns: The action.
  public func closeScreen(_ screen: String = "screen", window: String = "window") -> CloseScreenAction {
    CloseScreenAction(screen: screen, window: window) { [weak self] in
      let closing = ScreenClosing(screen, window: window)
      self?.closed.append(Closed(screen: screen, window: window))
      closing.finish(self?.closeOutcome ?? .notShown)
      return closing
    }
  }
}
