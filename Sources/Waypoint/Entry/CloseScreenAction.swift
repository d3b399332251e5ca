/// What a screen calls to close itself, in one line: SwiftUI's `@Environment(\.closeScreen)`,
/// which `WaypointHost` gives each screen it draws, and a view controller's `closeScreen()` in
/// `WaypointUIKit`.
///
/// ```swift
/// struct LoginView: View {
///   @Environment(\.closeScreen) private var closeScreen
///   var body: some View {
///     Button("Cancel") { closeScreen() }   // the links waiting for sign-in in this window drop
///   }
/// }
/// ```
///
/// See ``ScreenClosing`` for what it removes.
public struct CloseScreenAction: Sendable {
  /// The screen it closes; `nil` outside any window.
  public let screen: String?
  /// The window of that screen; `nil` outside any window.
  public let window: String?
  private let close: @MainActor @Sendable () -> ScreenClosing
  /// Whether this is the action of a view outside any screen (``outside``).
  private var isOutside = false

  /// An action that closes `screen` with `close`.
  ///
  /// - Parameters:
  ///   - screen: The screen it closes.
  ///   - window: The window of that screen.
  ///   - close: Closes it and returns the close.
  public init(screen: String?, window: String?, close: @escaping @MainActor @Sendable () -> ScreenClosing) {
    self.screen = screen
    self.window = window
    self.close = close
  }

  /// Closes the action's screen.
  ///
  /// - Parameters:
  ///   - fileID: The caller's file, named should the call be made outside any window (the
  ///     default, `#fileID`: leave it).
  ///   - filePath: The caller's file path, likewise.
  ///   - line: The caller's line, likewise.
  ///   - column: The caller's column, likewise.
  /// - Returns: The close, whose outcome resolves exactly once.
  @MainActor @discardableResult
  public func callAsFunction(
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) -> ScreenClosing {
    if isOutside, let outside = ScreenCallSite.outsideAnyWindow {
      outside("closeScreen() was called outside any screen of the app", .init(fileID, filePath, line, column))
    }
    return close()
  }

  /// The action of a view that is not a screen of a window (no `WaypointHost` above it): it
  /// closes nothing (``ScreenClosing/Outcome/notShown``).
  public static let outside: CloseScreenAction = {
    var action = CloseScreenAction(screen: nil, window: nil, close: outsideWindow)
    action.isOutside = true
    return action
  }()

  /// Ends a close asked outside any window.
  @MainActor
  package static func outsideWindow() -> ScreenClosing {
    let closing = ScreenClosing("", window: nil)
    closing.finish(.notShown)
    return closing
  }
}
