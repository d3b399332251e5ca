/// The parameter types a pattern may name, by name.
///
/// Starts with the built-in types.
public struct ParameterTypes: Sendable {
  private var byName: [String: ParameterType]

  /// The built-in types: `int`, `double`, `float`, `uuid`, `bool`, `string`.
  public init() {
    byName = [:]
    for type in [ParameterType.int, .double, .float, .uuid, .bool, .string] { byName[type.name] = type }
  }

  /// Adds `type`, replacing a type of the same name.
  public mutating func register(_ type: ParameterType) {
    byName[type.name] = type
  }

  /// The type named `name`, or `nil`.
  public subscript(name: String) -> ParameterType? { byName[name] }

  /// The names of every type, sorted.
  package var names: [String] { byName.keys.sorted() }

  /// Whether `other` holds these very types: the same names, each made by the same
  /// ``ParameterType`` value (so with the same test), not only a type of the same name.
  package func isSame(as other: ParameterTypes) -> Bool {
    byName.count == other.byName.count
      && byName.allSatisfy { name, type in other.byName[name].map { $0.unaffixed === type.unaffixed } ?? false }
  }
}
