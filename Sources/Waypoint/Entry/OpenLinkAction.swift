/// What a screen calls to open a link in its own window, in one line and without waiting:
/// SwiftUI's `@Environment(\.openLink)`, which `WaypointHost` puts in each window, and a view
/// controller's `openLink(_:)` in `WaypointUIKit`.
///
/// ```swift
/// struct NotesView: View {
///   @Environment(\.openLink) private var openLink
///   var body: some View {
///     Button("Note 7") { openLink("/note/7") }
///   }
/// }
/// ```
///
/// The link lands in the window of the screen that opened it, never another (see
/// ``LinkOpening``). A test installs one of its own to record what a view asked for.
public struct OpenLinkAction: Sendable {
  /// The window it opens links in; `nil` outside any window.
  public let window: String?
  private let open: @MainActor @Sendable (String, Presentation?, [String: any Sendable]) -> LinkOpening
  /// Whether this is the action of a view outside any window (``outside``).
  private var isOutside = false

  /// An action that opens each link with `open`.
  ///
  /// - Parameters:
  ///   - window: The window it opens links in.
  ///   - open: Opens a link with the presentation (`nil` for its route's) and extras asked for,
  ///     and returns the opening.
  public init(
    window: String?,
    open: @escaping @MainActor @Sendable (String, Presentation?, [String: any Sendable]) -> LinkOpening
  ) {
    self.window = window
    self.open = open
  }

  /// Opens `link` in the action's window.
  ///
  /// - Parameters:
  ///   - link: The link (`"/note/7"`, `"notes://note/7"`).
  ///   - presentation: How to show the screen this time; `nil` for its route's.
  ///   - extras: In-process values for the handler.
  ///   - fileID: The caller's file, named should the call be made outside any window (the
  ///     default, `#fileID`: leave it).
  ///   - filePath: The caller's file path, likewise.
  ///   - line: The caller's line, likewise.
  ///   - column: The caller's column, likewise.
  /// - Returns: The opening, whose outcome resolves exactly once.
  @MainActor @discardableResult
  public func callAsFunction(
    _ link: String, presentation: Presentation? = nil, extras: [String: any Sendable] = [:],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) -> LinkOpening {
    if isOutside, let outside = ScreenCallSite.outsideAnyWindow {
      outside("openLink(\"\(link)\") was called outside any window of the app", .init(fileID, filePath, line, column))
    }
    return open(link, presentation, extras)
  }

  /// Opens a typed link in the action's window.
  ///
  /// - Parameters:
  ///   - link: The link; a value no URL can carry ends it as `failed`.
  ///   - presentation: How to show the screen this time; `nil` for its route's.
  ///   - extras: In-process values for the handler.
  ///   - fileID: The caller's file, named should the call be made outside any window.
  ///   - filePath: The caller's file path, likewise.
  ///   - line: The caller's line, likewise.
  ///   - column: The caller's column, likewise.
  /// - Returns: The opening, whose outcome resolves exactly once.
  @MainActor @discardableResult
  public func callAsFunction(
    _ link: some RoutableLink, presentation: Presentation? = nil, extras: [String: any Sendable] = [:],
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
  ) -> LinkOpening {
    do {
      return callAsFunction(
        try link.url, presentation: presentation, extras: extras, fileID: fileID, filePath: filePath, line: line,
        column: column)
    } catch {
      let opening = LinkOpening(String(describing: link), window: window)
      opening.finish(.failed(error))
      return opening
    }
  }

  /// The action of a view outside any window of the app (no `WaypointHost` above it): every link
  /// ends as ``LinkOpening/Outcome/noWindow``.
  public static let outside: OpenLinkAction = {
    var action = OpenLinkAction(window: nil, open: outsideWindow)
    action.isOutside = true
    return action
  }()

  /// Ends a link opened outside any window.
  @MainActor
  static func outsideWindow(_ link: String, _ presentation: Presentation?, _ extras: [String: any Sendable])
    -> LinkOpening
  {
    let opening = LinkOpening(link, window: nil)
    opening.finish(.noWindow)
    return opening
  }
}
