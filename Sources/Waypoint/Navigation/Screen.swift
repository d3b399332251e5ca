/// One screen in a ``NavigationState``: which module it shows and the parameters it was opened with.
public struct Screen: Sendable, Codable, Hashable, Identifiable, CustomStringConvertible {
  /// Unique within a navigation state: the module and a number, like `NoteEditor#3`.
  public var id: String
  /// The module shown: its target, or its key's name when it has none.
  public var target: String
  /// The parameters the screen was opened with (from the URL, for a deep link).
  public var parameters: [String: String]
  /// The name (or pattern) of the route that opened it, when a URL did.
  public var route: String?
  /// Screens added as children of this one.
  public var children: [Screen]
  /// The link that opened the screen, when one did: a navigator that must make the screen again
  /// (a restored state) binds the module from this link and the parameters, as it was first bound.
  public var link: String?

  /// Makes a screen.
  ///
  /// - Parameters:
  ///   - id: Unique within a navigation state: the module and a number, like `NoteEditor#3`.
  ///   - target: The module shown: its target, or its key's name when it has none.
  ///   - parameters: The parameters the screen was opened with; none by default.
  ///   - route: The name (or pattern) of the route that opened it; `nil` when no URL did.
  ///   - children: Screens added as children of this one; none by default.
  ///   - link: The link that opened it, to bind the module again when the screen is made anew;
  ///     `nil` when no link did.
  public init(
    id: String, target: String, parameters: [String: String] = [:], route: String? = nil, children: [Screen] = [],
    link: String? = nil
  ) {
    self.id = id
    self.target = target
    self.parameters = parameters
    self.route = route
    self.children = children
    self.link = link
  }

  private enum CodingKeys: String, CodingKey {
    case id, target, parameters, route, children, link
    /// The name `target` had in navigation states saved before it was renamed.
    case module
  }

  /// Reads a screen; missing parameters and children take their defaults, and a screen saved
  /// with `module` instead of `target` still reads.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    target =
      try container.decodeIfPresent(String.self, forKey: .target)
      ?? container.decode(String.self, forKey: .module)
    parameters = try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
    route = try container.decodeIfPresent(String.self, forKey: .route)
    children = try container.decodeIfPresent([Screen].self, forKey: .children) ?? []
    link = try container.decodeIfPresent(String.self, forKey: .link)
  }

  /// Writes the screen, its module under `target`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(target, forKey: .target)
    try container.encode(parameters, forKey: .parameters)
    try container.encodeIfPresent(route, forKey: .route)
    try container.encode(children, forKey: .children)
    try container.encodeIfPresent(link, forKey: .link)
  }

  /// `id {key=value, …}`.
  public var description: String {
    let pairs = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return id + (pairs.isEmpty ? "" : " {" + pairs.joined(separator: ", ") + "}")
  }
}
