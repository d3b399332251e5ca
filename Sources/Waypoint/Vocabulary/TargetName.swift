/// The name of a screen (its target), written once as a Swift value so that a misspelling is a
/// compile error; a `String` is one too, so string names keep working.
///
/// Every place that takes a target — `routes.add(_:target:…)` and its `under`, a
/// ``SignInGate``'s protected screens, `registerScreen(_:target:)`, ``NavigationTab``'s root,
/// ``UnderScreen`` — takes a string or a value of the app's own type:
///
/// ```swift
/// enum NotesScreen: String, TargetName {
///   case list = "Notes", note = "Note", settings = "Settings", login = "Login"
/// }
/// routes.add("note/<int:id>", target: NotesScreen.note, under: [NotesScreen.list])
/// screens.registerScreen(NoteController.self, target: NotesScreen.note) { _, link in … }
/// ```
///
/// A type whose raw value is a `String` gets ``targetName`` from it.
public protocol TargetName: Sendable {
  /// The target, as routes, states and manifests spell it.
  var targetName: String { get }
}

extension String: TargetName {
  /// The string itself.
  public var targetName: String { self }
}

extension TargetName where Self: RawRepresentable, RawValue == String {
  /// The raw value.
  public var targetName: String { rawValue }
}
