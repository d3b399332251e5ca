/// The id of a tab, written once as a Swift value so that a misspelling is a compile error; a
/// `String` is one too, so string ids keep working.
///
/// Every place that takes a tab id — a route's `tab`, ``NavigationTab``, ``TabContainer``'s
/// selection, `WaypointApp.setBadge(_:onTab:)` — takes a string or a value of the app's own type:
///
/// ```swift
/// enum NotesTab: String, TabName { case notes, settings }
/// routes.add("note/<int:id>", target: NotesScreen.note, tab: NotesTab.notes)
/// NavigationTab(NotesTab.notes, root: NotesScreen.list, title: "Notes", systemImage: "note.text")
/// ```
///
/// A separate protocol from ``TargetName``, so a screen given where a tab belongs does not
/// compile. A type whose raw value is a `String` gets ``tabName`` from it.
public protocol TabName: Sendable {
  /// The tab's id, as states, routes and manifests spell it.
  var tabName: String { get }
}

extension String: TabName {
  /// The string itself.
  public var tabName: String { self }
}

extension TabName where Self: RawRepresentable, RawValue == String {
  /// The raw value.
  public var tabName: String { rawValue }
}
