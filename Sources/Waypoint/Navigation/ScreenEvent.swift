#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// One change of what the user sees: a screen became visible, or stopped being visible.
///
/// ``ScreenViews`` makes them from the navigation state each navigator publishes, one per
/// screen per change: none for a screen a plan builds under another and never shows, none for a
/// back swipe the user cancelled, none for a tab tapped again on its root or a link opened twice.
///
/// ```swift
/// for await event in app.screenViews.events() where event.phase == .shown && !event.isUncovered {
///   analytics.screen(event.screen.target, properties: event.screen.parameters)  // redacted
/// }
/// ```
public struct ScreenEvent: Sendable, Hashable, CustomStringConvertible {
  /// Which change.
  public enum Phase: String, Sendable, Hashable, CaseIterable {
    /// The screen became visible.
    case shown
    /// The screen stopped being visible: it left, or something was presented over it.
    case hidden
  }

  /// What the user did to change what they see.
  ///
  /// Later releases may add actions: a `switch` over it keeps a `default`.
  public enum UserAction: String, Sendable, Hashable, CaseIterable {
    /// Went back: a back button, a back swipe that finished, a SwiftUI path written back.
    case back
    /// Pulled a sheet down or tapped a popover away.
    case dismiss
    /// Selected another tab.
    case selectTab
    /// Tapped the selected tab again, which popped its stack to its root.
    case reselectTab
    /// Made the split view collapse to one column (a narrower window).
    case collapse
    /// Made the split view show its columns again.
    case expand
    /// Showed another screen in the detail column.
    case replaceDetail
    /// Took a child screen away.
    case removeChild
  }

  /// Why what the user sees changed.
  ///
  /// Later releases may add causes: a `switch` over it keeps a `default`.
  public enum Cause: Sendable, Hashable, CustomStringConvertible {
    /// A link opened: its number (as in its ``RouteEvent``s; 0 for a request shown without a
    /// router), its URL with sensitive query values redacted, where it came from, and the name
    /// (or pattern) of its route.
    case link(openID: UInt64, url: String, origin: Origin, route: String?)
    /// The app's own code: a module shown or removed, a state reached.
    case app
    /// The user, in the UI.
    case user(UserAction)
    /// A saved state restored (at launch, by the system or the app).
    case restore
    /// The window's scene went to the background: its screens are hidden until it comes back.
    case background
    /// The window's scene came back from the background: its screens are shown again.
    case foreground

    /// `link #3 notes://note/42 (external) note`, `app`, `user back`, `restore`, `background`,
    /// `foreground`.
    public var description: String {
      switch self {
      case .link(let openID, let url, let origin, let route):
        return "link #\(openID) \(url) (\(origin))" + (route.map { " \($0)" } ?? "")
      case .app: return "app"
      case .user(let action): return "user \(action.rawValue)"
      case .restore: return "restore"
      case .background: return "background"
      case .foreground: return "foreground"
      }
    }

    /// The cause of a change the UI made on its own, reported as `edit`.
    package init(_ edit: NavigationEdit) {
      switch edit {
      case .poppedTo, .replacedStack: self = .user(.back)
      case .dismissed: self = .user(.dismiss)
      case .selectedTab: self = .user(.selectTab)
      case .reselectedTab: self = .user(.reselectTab)
      case .collapsed(let collapsed, _): self = .user(collapsed ? .collapse : .expand)
      case .replacedDetail: self = .user(.replaceDetail)
      case .removedChild: self = .user(.removeChild)
      case .restored: self = .restore
      }
    }
  }

  /// How long the navigator took over a change it carried out: working out where the screens
  /// go, then showing them.
  public struct Timing: Sendable, Hashable {
    /// From the navigator's turn to the plan worked out: placing the link's screens, making the
    /// new screens' modules.
    public var placement: Duration
    /// From the plan worked out to the state published: the UI's calls and animations.
    public var transition: Duration

    /// Makes a timing.
    ///
    /// - Parameters:
    ///   - placement: From the navigator's turn to the plan worked out.
    ///   - transition: From the plan worked out to the state published.
    public init(placement: Duration, transition: Duration) {
      self.placement = placement
      self.transition = transition
    }
  }

  /// Which change.
  public let phase: Phase
  /// The screen, without its children, its parameters and link redacted as link events are
  /// (``LinkRedaction``).
  public let screen: Screen
  /// For `shown`: the screen the user looked at before (the window's top screen before the
  /// change), when there was one and it is another.
  public let previous: Screen?
  /// Why it changed.
  public let cause: Cause
  /// The window (``WaypointApp/mainWindow`` in an app with one).
  public let window: String
  /// The tab selected in the window, when it has tabs.
  public let tab: String?
  /// How the level that holds the screen is presented; `nil` on the window's own level.
  public let presentation: Presentation?
  /// The level that holds the screen: 0 for the window's own, 1 for what it presents, and so on.
  public let level: Int
  /// For `shown`: whether the screen was visible before something was presented over it, and
  /// that left; whether this counts as a view is the app's choice.
  public let isUncovered: Bool
  /// For `hidden`: the screen is still there, under something presented over it.
  public let isCovered: Bool
  /// For `hidden`: how long the screen was visible, since its `shown`.
  public let timeOnScreen: Duration?
  /// The number of the visit: a screen's `shown` and the `hidden` that ends it share it.
  public let visit: UInt64
  /// How long the navigator took over the change, when it carried one out (not for what the
  /// user did in the UI).
  public let timing: Timing?
  /// When it happened.
  public let timestamp: Date

  /// Makes an event; ``ScreenViews`` makes them, tests and recorders may make their own.
  ///
  /// - Parameters:
  ///   - phase: Whether the screen became visible or stopped being visible.
  ///   - screen: The screen, as the event shows it (``ScreenViews`` redacts its parameters and
  ///     link, and leaves out its children).
  ///   - previous: For `shown`, the screen the user looked at before; `nil` by default.
  ///   - cause: Why it changed.
  ///   - window: The window; `"main"` (``WaypointApp/mainWindow``) by default.
  ///   - tab: The tab selected in the window; `nil` (the default) in a window without tabs.
  ///   - presentation: How the level that holds the screen is presented; `nil` (the default) on
  ///     the window's own level.
  ///   - level: The level that holds the screen: 0 (the default) for the window's own.
  ///   - isUncovered: For `shown`, whether something presented over the screen left; `false` by
  ///     default.
  ///   - isCovered: For `hidden`, whether the screen is still there under a presentation;
  ///     `false` by default.
  ///   - timeOnScreen: For `hidden`, how long the screen was visible; `nil` by default.
  ///   - visit: The number of the visit its `shown` and `hidden` share; 0 by default.
  ///   - timing: How long the navigator took over the change; `nil` (the default) for what the
  ///     user did.
  ///   - timestamp: When it happened; now by default.
  public init(
    phase: Phase, screen: Screen, previous: Screen? = nil, cause: Cause, window: String = "main", tab: String? = nil,
    presentation: Presentation? = nil, level: Int = 0, isUncovered: Bool = false, isCovered: Bool = false,
    timeOnScreen: Duration? = nil, visit: UInt64 = 0, timing: Timing? = nil, timestamp: Date = WaypointClock.live.now()
  ) {
    self.phase = phase
    self.screen = screen
    self.previous = previous
    self.cause = cause
    self.window = window
    self.tab = tab
    self.presentation = presentation
    self.level = level
    self.isUncovered = isUncovered
    self.isCovered = isCovered
    self.timeOnScreen = timeOnScreen
    self.visit = visit
    self.timing = timing
    self.timestamp = timestamp
  }

  /// The name an analytics tool shows for the screen: its route's name when a link opened it,
  /// else its target.
  public var screenName: String { screen.route ?? screen.target }

  /// `shown Editor#3 ← List#1 (link #2 notes://note/42 (external) note) @main/inbox`, or
  /// `hidden Editor#3 after 2.5 seconds (user back)`.
  public var description: String {
    var text = "\(phase.rawValue) \(screen.id)"
    if let previous { text += " ← \(previous.id)" }
    if isUncovered { text += " uncovered" }
    if isCovered { text += " covered" }
    if let timeOnScreen { text += " after \(timeOnScreen)" }
    text += " (\(cause))"
    return text + " @\(window)" + (tab.map { "/\($0)" } ?? "")
  }
}
