/// The identity of a module: a type (a protocol existential such as `(any LoginViewInput).self`,
/// or a concrete type), compared by `ObjectIdentifier`, never by its name.
public struct ModuleKey: Hashable, Sendable, CustomStringConvertible {
  private let id: ObjectIdentifier
  package let type: any Any.Type

  /// The key of `type`.
  ///
  /// Cheap: the name is only worked out when a message needs it.
  public init<Key>(_ type: Key.Type) {
    self.id = ObjectIdentifier(type)
    self.type = type
  }

  /// The type's name, for messages only.
  public var name: String { String(describing: type) }

  /// The type's name.
  public var description: String { name }

  /// Keys compare by type identity alone.
  public static func == (lhs: ModuleKey, rhs: ModuleKey) -> Bool { lhs.id == rhs.id }

  /// Hashes the type identity.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
