/// A screen a route places under its own: its target, and the values it takes from the link.
///
/// A plain target is written as a string; a screen that needs values of its own names the link's
/// parameters it takes (by the same names) and fixed values:
///
/// ```json
/// {"pattern": "wp://sites/:domain/pages", "target": "Pages",
///  "under": ["MySite", {"target": "Blog", "parameters": ["domain"]}]}
/// ```
///
/// ```swift
/// routes.add("wp://sites/:domain/pages", target: "Pages",
///            under: ["MySite", UnderScreen("Blog", parameters: ["domain"])])
/// ```
///
/// The screen built there gets those values, is bound from them as a screen its own link opened
/// would be, and is saved and restored with them. A screen already shown counts as this one when
/// its target is the same and it has these values.
public struct UnderScreen: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible, TargetName
{
  /// The target of the screen.
  public var target: String
  /// The names of the link's values (path, query, defaults) the screen takes, by the same names.
  public var parameters: [String]
  /// Values the screen gets whatever the link says; a link's value of the same name wins.
  public var defaults: [String: String]

  /// A screen of `target` (a string, or the app's own ``TargetName``) taking `parameters` from
  /// the link, and `defaults`.
  ///
  /// - Parameters:
  ///   - target: The screen's target.
  ///   - parameters: The link's values it takes, by name.
  ///   - defaults: Values it gets whatever the link says.
  public init(_ target: some TargetName, parameters: [String] = [], defaults: [String: String] = [:]) {
    self.target = target.targetName
    self.parameters = parameters
    self.defaults = defaults
  }

  /// A screen of the target the literal names, taking no values.
  public init(stringLiteral target: String) {
    self.init(target)
  }

  /// Reads a target alone (a string) or a screen with its values; absent values are none.
  public init(from decoder: any Decoder) throws {
    if let target = try? decoder.singleValueContainer().decode(String.self) {
      self.init(target)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode(String.self, forKey: .target),
      parameters: try container.decodeIfPresent([String].self, forKey: .parameters) ?? [],
      defaults: try container.decodeIfPresent([String: String].self, forKey: .defaults) ?? [:])
  }

  /// Writes a target alone as a string, as a manifest does.
  public func encode(to encoder: any Encoder) throws {
    guard takesValues else {
      var single = encoder.singleValueContainer()
      try single.encode(target)
      return
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(target, forKey: .target)
    if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
    if !defaults.isEmpty { try container.encode(defaults, forKey: .defaults) }
  }

  private enum CodingKeys: String, CodingKey {
    case target, parameters, defaults
  }

  /// The target, which is what an `UnderScreen` names where a ``TargetName`` is taken.
  public var targetName: String { target }

  /// `name` as a screen under a route's: itself when it is an `UnderScreen` (its values kept),
  /// else its target taking no values.
  package static func of(_ name: some TargetName) -> UnderScreen {
    (name as? UnderScreen) ?? UnderScreen(name.targetName)
  }

  /// Whether the screen takes any value.
  public var takesValues: Bool { !parameters.isEmpty || !defaults.isEmpty }

  /// The values the screen gets from a link whose values are `link`: the named ones the link
  /// has, over the defaults.
  public func values(from link: [String: String]) -> [String: String] {
    var values = defaults
    for name in parameters {
      if let value = link[name] { values[name] = value }
    }
    return values
  }

  /// The target, and the values it takes.
  public var description: String {
    guard takesValues else { return target }
    let named = parameters.map { ":" + $0 } + defaults.keys.sorted().map { "\($0)=\(defaults[$0] ?? "")" }
    return "\(target)(\(named.joined(separator: ", ")))"
  }
}
