/// One screen in a ``NavigationState``: which module it shows and the parameters it was opened with.
public struct Screen: Sendable, Codable, Hashable, Identifiable, CustomStringConvertible {
  /// Unique within a navigation state: the module and a number, like `NoteEditor#3`.
  public var id: String
  /// The module shown: its identifier, or its key's name.
  public var module: String
  /// The parameters the screen was opened with (from the URL, for a deep link).
  public var parameters: [String: String]
  /// The name (or pattern) of the route that opened it, when a URL did.
  public var route: String?
  /// Screens added as children of this one.
  public var children: [Screen]

  /// Makes a screen.
  public init(
    id: String, module: String, parameters: [String: String] = [:], route: String? = nil, children: [Screen] = []
  ) {
    self.id = id
    self.module = module
    self.parameters = parameters
    self.route = route
    self.children = children
  }

  /// `id {key=value, …}`.
  public var description: String {
    let pairs = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return id + (pairs.isEmpty ? "" : " {" + pairs.joined(separator: ", ") + "}")
  }
}
