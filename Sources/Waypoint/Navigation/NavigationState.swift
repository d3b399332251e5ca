/// The whole navigation hierarchy as a value: a stack of screens, a detail screen, and an
/// optional presented state over it (recursively, with its presentation).
///
/// The root level can be a tab bar (``tabs``: each tab with its own stack and split view) or a
/// split view (``split``: columns beside ``stack``); what is presented covers the whole level,
/// tabs included, as UIKit and SwiftUI show it. Presented levels hold a stack.
///
/// It is `Codable`, so a hierarchy can be saved as JSON and restored, `Equatable`, so two states
/// can be compared in tests, and its ``stack`` can back a SwiftUI `NavigationStack(path:)`.
public struct NavigationState: Sendable, Codable, Equatable {
  /// The navigation stack, root first.
  public var stack: [Screen]
  /// The screen in the detail column, for ``Presentation/showDetail``.
  public var detail: Screen?
  /// Whether screens can be pushed here (a popover has no navigation stack).
  public var hasNavigationStack: Bool
  /// The split view's columns beside ``stack`` (its primary column), when the level is a split
  /// view.
  public var split: SplitColumns?
  /// The tabs, when the level is a tab bar; the level's own ``stack``, ``detail`` and ``split``
  /// are then empty, and each tab holds its own.
  public var tabs: TabContainer?
  private var presentedStorage: [PresentedState]

  /// A state with `stack` and nothing presented.
  ///
  /// - Parameters:
  ///   - stack: The screens of the navigation stack, root first; empty by default.
  ///   - detail: The screen in the detail column; `nil` by default.
  ///   - hasNavigationStack: Whether screens can be pushed here: `true` by default, `false` for
  ///     a popover's level.
  ///   - presented: What is presented over the state; nothing by default.
  public init(
    stack: [Screen] = [], detail: Screen? = nil, hasNavigationStack: Bool = true, presented: PresentedState? = nil
  ) {
    self.stack = stack
    self.detail = detail
    self.hasNavigationStack = hasNavigationStack
    self.presentedStorage = presented.map { [$0] } ?? []
  }

  /// A tab bar of `tabs`, the first selected: an app's first state.
  ///
  /// ```swift
  /// let start = NavigationState(tabs: [NavigationTab("notes", root: "NoteList"),
  ///                                    NavigationTab("settings", root: "Settings")])
  /// ```
  public init(tabs: [NavigationTab]) {
    self.init(tabs: TabContainer(tabs))
  }

  /// A tab bar, with `presented` over it.
  ///
  /// - Parameters:
  ///   - tabs: The tabs and the one selected.
  ///   - presented: What is presented over the tab bar; nothing by default.
  public init(tabs: TabContainer, presented: PresentedState? = nil) {
    self.init(presented: presented)
    self.tabs = tabs
  }

  /// A split view: `stack` in the primary column and `split`'s other columns beside it.
  ///
  /// - Parameters:
  ///   - stack: The primary column's stack, root first.
  ///   - split: The other columns, and whether the split is collapsed.
  ///   - presented: What is presented over the split view; nothing by default.
  public init(stack: [Screen], split: SplitColumns, presented: PresentedState? = nil) {
    self.init(stack: stack, presented: presented)
    self.split = split
  }

  /// What is presented over this state, if anything.
  public var presented: PresentedState? {
    get { presentedStorage.first }
    set { presentedStorage = newValue.map { [$0] } ?? [] }
  }

  /// The top screen of the topmost presented state, or of this one: of the selected tab, and of
  /// the last column of a split that holds one.
  package var topScreen: Screen? {
    presented?.state.topScreen ?? visibleLocations.reversed().lazy.compactMap { self[stack: $0]?.last }.first
  }

  /// Every screen, depth first: stacks (each tab's and column's in `locations` order), children,
  /// detail, then what is presented.
  package var allScreens: [Screen] {
    func flatten(_ screen: Screen) -> [Screen] { [screen] + screen.children.flatMap(flatten) }
    return locations.flatMap { self[stack: $0] ?? [] }.flatMap(flatten) + (detail.map(flatten) ?? [])
      + (presented?.state.allScreens ?? [])
  }

  /// Whether a screen with `id` is anywhere in the hierarchy.
  public func contains(_ id: String) -> Bool {
    allScreens.contains { $0.id == id }
  }

  private enum CodingKeys: String, CodingKey {
    case stack, detail, hasNavigationStack, split, tabs, presented
  }

  /// Decodes a state; missing keys take their defaults, so states saved before tabs and split
  /// views still decode.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    stack = try container.decodeIfPresent([Screen].self, forKey: .stack) ?? []
    detail = try container.decodeIfPresent(Screen.self, forKey: .detail)
    hasNavigationStack = try container.decodeIfPresent(Bool.self, forKey: .hasNavigationStack) ?? true
    split = try container.decodeIfPresent(SplitColumns.self, forKey: .split)
    tabs = try container.decodeIfPresent(TabContainer.self, forKey: .tabs)
    presentedStorage = try container.decodeIfPresent(PresentedState.self, forKey: .presented).map { [$0] } ?? []
  }

  /// Encodes a state.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(stack, forKey: .stack)
    try container.encodeIfPresent(detail, forKey: .detail)
    try container.encode(hasNavigationStack, forKey: .hasNavigationStack)
    try container.encodeIfPresent(split, forKey: .split)
    try container.encodeIfPresent(tabs, forKey: .tabs)
    try container.encodeIfPresent(presented, forKey: .presented)
  }
}
