/// Where a route's screen goes in a tabbed or split app, and what happens to what is presented.
///
/// A manifest says it with the route fields `tab`, `column` and `presented`:
///
/// ```json
/// {"name": "thread", "pattern": "myapp://messages/<int:id>", "target": "Thread",
///  "tab": "inbox", "under": ["Inbox"], "presented": "dismiss"}
/// ```
///
/// Opening such a link selects the tab, makes the stack there the route's `under` screens
/// (reusing the ones already shown), and shows the screen on top.
public struct Placement: Sendable, Hashable, Codable {
  /// The id of the tab that shows the screen, or `nil` for the selected one.
  ///
  /// A window without tabs ignores it, so one manifest serves a phone's tab bar and a window
  /// without one.
  public var tab: String?
  /// The split view column that shows the screen, or `nil` for the primary one.
  ///
  /// Where there is no split view (a compact window), the primary stack takes it.
  public var column: SplitColumn?
  /// What to do with what is presented; `nil` takes the navigator's
  /// ``ScreenCoordinator/presentedPolicy``.
  public var presented: PresentedPolicy?
  /// Whether the route presents its `under` screens and its own together, as one presented
  /// level holding that stack, with the route's presentation (a sheet, a cover, a popover).
  ///
  /// Without it the `under` screens go in the stack shown and only the route's own screen is
  /// presented. A link to a deeper screen of the same presented stack pushes onto it, and the
  /// same link again changes nothing.
  public var presentsStack: Bool

  /// A placement.
  ///
  /// - Parameters:
  ///   - tab: The tab that shows the screen (a string, or the app's own ``TabName``); `nil` for
  ///     the selected one.
  ///   - column: The split view column; `nil` for the primary one.
  ///   - presented: What to do with what is presented; `nil` takes the navigator's policy.
  ///   - presentsStack: Whether the route presents its `under` screens and its own as one level.
  public init(
    tab: (some TabName)? = String?.none, column: SplitColumn? = nil, presented: PresentedPolicy? = nil,
    presentsStack: Bool = false
  ) {
    self.tab = tab?.tabName
    self.column = column
    self.presented = presented
    self.presentsStack = presentsStack
  }

  /// Reads a placement; one saved before `presentsStack` existed presents no stack.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      tab: try container.decodeIfPresent(String.self, forKey: .tab),
      column: try container.decodeIfPresent(SplitColumn.self, forKey: .column),
      presented: try container.decodeIfPresent(PresentedPolicy.self, forKey: .presented),
      presentsStack: try container.decodeIfPresent(Bool.self, forKey: .presentsStack) ?? false)
  }

  private enum CodingKeys: String, CodingKey {
    case tab, column, presented, presentsStack
  }

  /// Whether the placement says nothing.
  package var isEmpty: Bool { tab == nil && column == nil && presented == nil && !presentsStack }
}
