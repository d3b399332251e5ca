/// One tab of a ``TabContainer``: a stable id the app chooses (`"inbox"`), its stack, and a split
/// view when the tab shows one.
public struct NavigationTab: Sendable, Codable, Equatable, Identifiable {
  /// The tab's id, stable across launches so saved states and links can name it.
  public var id: String
  /// The tab's stack (its primary column when it holds a split), root first.
  public var stack: [Screen]
  /// The split view's other columns, when the tab shows one.
  public var split: SplitColumns?
  /// How the tab bar shows the tab: its title, image and badge; `nil` shows its id.
  ///
  /// A restored state takes the items of the app's start, not those it saved.
  public var item: TabItem?

  /// Makes a tab.
  ///
  /// - Parameters:
  ///   - id: The tab's id, stable across launches: a string, or the app's own ``TabName``.
  ///   - stack: Its stack, root first.
  ///   - split: The split view's other columns, when the tab shows one.
  ///   - item: How the tab bar shows it.
  public init(id: some TabName, stack: [Screen] = [], split: SplitColumns? = nil, item: TabItem? = nil) {
    self.id = id.tabName
    self.stack = stack
    self.split = split
    self.item = item
  }

  /// A tab whose stack starts on one screen of `target`, with its title, image and badge.
  ///
  /// The way an app's tab bar starts:
  ///
  /// ```swift
  /// NavigationTab("notes", root: "NoteList", title: "Notes", systemImage: "note.text")
  /// ```
  ///
  /// The screen's id is `target#id`.
  ///
  /// - Parameters:
  ///   - id: The tab's id: a string, or the app's own ``TabName``.
  ///   - target: The screen it starts on: a string, or the app's own ``TargetName``.
  ///   - title: The title the tab bar shows; `nil` shows the id.
  ///   - systemImage: An SF Symbol's name for its image.
  ///   - image: The name of an image in the app's asset catalog, when `systemImage` is `nil`.
  ///   - badge: The badge it starts with; `WaypointApp.setBadge(_:onTab:)` changes it.
  public init(
    _ id: some TabName, root target: some TargetName, title: String? = nil, systemImage: String? = nil,
    image: String? = nil, badge: String? = nil
  ) {
    let (id, target) = (id.tabName, target.targetName)
    let picture = systemImage.map(TabItem.Image.system) ?? image.map(TabItem.Image.named)
    let item =
      title == nil && picture == nil && badge == nil ? nil : TabItem(title: title, image: picture, badge: badge)
    self.init(id: id, stack: [Screen(id: "\(target)#\(id)", target: target)], item: item)
  }

  private enum CodingKeys: String, CodingKey {
    case id, stack, split, item
  }

  /// Reads a tab; a missing stack is empty, a missing item none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    stack = try container.decodeIfPresent([Screen].self, forKey: .stack) ?? []
    split = try container.decodeIfPresent(SplitColumns.self, forKey: .split)
    item = try container.decodeIfPresent(TabItem.self, forKey: .item)
  }
}
