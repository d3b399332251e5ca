import Waypoint

/// The registry at app scale.
///
/// `count` modules, each a distinct type, each depending on the one before it; every fourth takes
/// a configuration, and every tenth is also provided through an adapter to a required
/// interface. Registration and `build()` (which validates dependencies,
/// adapters and cycles) are what is timed; see ``steps(_:)``.
public enum RegistryWorkload {
  /// A module type.
  ///
  /// Distinct types come from binary nesting: module `n` is `Root` wrapped in `Zero`/`One` by
  /// the bits of `n`, so 13 bits give 8,192 types from three declarations.
  public protocol Tag: Sendable { init() }
  public struct Root: Tag { public init() {} }
  public struct Zero<Prefix: Tag>: Tag { public init() {} }
  public struct One<Prefix: Tag>: Tag { public init() {} }
  /// The interface a consumer requires, which an adapter makes from the module.
  public struct Needed<Module: Tag>: Sendable { let module: Module }
  public struct Settings: ModuleConfiguration {
    public var title = "default"
    public init() {}
  }

  protocol Visitor {
    mutating func visit<Module: Tag>(_ type: Module.Type)
  }

  static func forEachModule<V: Visitor>(_ count: Int, _ visitor: inout V) {
    for index in 0..<count { visit(index, bit: 0, Root.self, &visitor) }
  }

  private static func visit<V: Visitor, Prefix: Tag>(_ index: Int, bit: Int, _ prefix: Prefix.Type, _ visitor: inout V)
  {
    if bit == 13 {
      visitor.visit(Prefix.self)
    } else if (index >> bit) & 1 == 1 {
      visit(index, bit: bit + 1, One<Prefix>.self, &visitor)
    } else {
      visit(index, bit: bit + 1, Zero<Prefix>.self, &visitor)
    }
  }

  /// One registration as an app writes it, with its types fixed: registering module `index`
  /// (depending on the one before it) and, every tenth, its adapter.
  public typealias Step = (inout ModuleRegistryBuilder) -> Void

  struct Collecting: Visitor {
    var steps: [Step] = []
    var previous: ModuleKey?

    mutating func visit<Module: Tag>(_ type: Module.Type) {
      let dependencies = previous.map { [$0] } ?? []
      let index = steps.count
      steps.append { builder in
        if index.isMultiple(of: 4) {
          builder.register(type, configuration: Settings.self, dependencies: dependencies) { _, _ in Module() }
        } else {
          builder.register(type, dependencies: dependencies) { _ in Module() }
        }
        if index.isMultiple(of: 10) { builder.adapt(Needed<Module>.self, to: type) { Needed(module: $0) } }
      }
      previous = ModuleKey(type)
    }
  }

  /// The registrations of `count` modules, made once so that timing them does not time the
  /// runtime working out this workload's nested generic types (an app names plain types).
  public static func steps(_ count: Int) -> [Step] {
    var collecting = Collecting()
    forEachModule(count, &collecting)
    return collecting.steps
  }

  /// Runs `steps` on a new builder and builds the registry.
  public static func build(_ steps: [Step]) throws -> ModuleRegistry {
    var builder = ModuleRegistryBuilder()
    for step in steps { step(&builder) }
    return try builder.build()
  }
}
