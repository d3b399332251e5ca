/// A made module, kept without knowing its type.
struct ModuleInstance: @unchecked Sendable {
  // Safety: the registry only stores an instance and hands it back to callers; whether the
  // instance itself may be used from several threads is its module's business, as with any
  // dependency container.
  let value: Any
}

/// One registered module, type-erased.
///
/// A class, so a lookup hands out one reference instead of copying every field.
final class ModuleRegistration: Sendable {
  let key: ModuleKey
  let target: String?
  let scope: ModuleScope
  let configurationType: any ModuleConfiguration.Type
  let dependencies: [ModuleKey]
  let factory: @Sendable (ModuleResolver, any ModuleConfiguration) throws -> ModuleInstance
  /// The module's own preparation, run after the factory.
  let prepare: (@Sendable (ModuleInstance, ModuleResolver) throws -> ModuleInstance)?
  /// Whether this registration may replace an earlier one of the same key or target.
  let overrides: Bool
  /// The typed factory and preparation of a module without configuration (a ``DirectFactory``),
  /// which lets a transient `make` skip erasing the module and casting it back.
  ///
  /// Kept because `compare`'s resolve figure needs it: without it a transient module costs
  /// 0.189× Swinject against a target of 0.1× (with it, 0.07×).
  let direct: (any AnyObject & Sendable)?

  init(
    key: ModuleKey, target: String?, scope: ModuleScope, configurationType: any ModuleConfiguration.Type,
    dependencies: [ModuleKey],
    factory: @escaping @Sendable (ModuleResolver, any ModuleConfiguration) throws -> ModuleInstance,
    prepare: (@Sendable (ModuleInstance, ModuleResolver) throws -> ModuleInstance)?,
    overrides: Bool, direct: (any AnyObject & Sendable)?
  ) {
    self.key = key
    self.target = target
    self.scope = scope
    self.configurationType = configurationType
    self.dependencies = dependencies
    self.factory = factory
    self.prepare = prepare
    self.overrides = overrides
    self.direct = direct
  }

  /// Whether the module takes no configuration, so there is nothing to check.
  var isUnconfigured: Bool { configurationType == NoConfiguration.self }
}

/// A module's factory and preparation with their types kept.
final class DirectFactory<Key>: Sendable {
  let factory: @Sendable (ModuleResolver) throws -> Key
  let prepare: (@Sendable (inout Key, ModuleResolver) throws -> Void)?

  init(
    factory: @escaping @Sendable (ModuleResolver) throws -> Key,
    prepare: (@Sendable (inout Key, ModuleResolver) throws -> Void)?
  ) {
    self.factory = factory
    self.prepare = prepare
  }

  /// Runs the factory, then the preparation.
  func make(_ resolver: ModuleResolver) throws -> Key {
    var made = try factory(resolver)
    if let prepare { try prepare(&made, resolver) }
    return made
  }
}

/// A required interface served by another key's module.
struct ModuleAdapter: Sendable {
  let required: ModuleKey
  let provided: ModuleKey
  let convert: @Sendable (ModuleInstance) throws -> ModuleInstance
}
