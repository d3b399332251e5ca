/// One registered module, type-erased.
///
/// A class, so a lookup hands out one reference instead of copying every field.
final class ModuleRegistration: Sendable {
  let key: ModuleKey
  let target: String?
  let scope: ModuleScope
  let configurationType: any ModuleConfiguration.Type
  let dependencies: [ModuleKey]
  /// The one way the module is made: its factory and its own preparation, with their types.
  let factory: any ModuleFactory
  /// Whether the factory must run on the main actor (a screen's): the registry checks where it
  /// is asked before it calls the factory, and refuses with `notOnMainActor` elsewhere.
  let onMainActor: Bool
  /// Whether this registration may replace an earlier one of the same key or target.
  let overrides: Bool

  init<Key, Configuration: ModuleConfiguration>(
    key: ModuleKey, target: String?, scope: ModuleScope, configurationType: Configuration.Type,
    dependencies: [ModuleKey], factory: TypedModuleFactory<Key, Configuration>, onMainActor: Bool, overrides: Bool
  ) {
    self.key = key
    self.madeType = ObjectIdentifier(Key.self)
    self.target = target
    self.scope = scope
    self.configurationType = configurationType
    self.dependencies = dependencies
    self.factory = factory
    self.onMainActor = onMainActor
    self.overrides = overrides
    // `NoConfiguration` is a struct: its metatype is only ever itself, so `Configuration` is it too.
    self.isUnconfigured = configurationType == NoConfiguration.self
  }

  /// Whether the module takes no configuration, so there is nothing to check.
  let isUnconfigured: Bool
  /// The type the factory makes.
  ///
  /// The static type the code that registered it named (the factory is a `TypedModuleFactory`
  /// of it), not always the key's: a subclass's metatype held in a variable of its superclass's
  /// metatype keys the subclass while the factory makes the superclass.
  private let madeType: ObjectIdentifier

  /// The factory with its types, for a module registered without configuration whose factory
  /// makes exactly `Key`.
  ///
  /// The registration was made with a `TypedModuleFactory<Made, Configuration>` (its initializer
  /// takes nothing else), so when `Made` is `Key` and `Configuration` is `NoConfiguration` the cast
  /// is known to succeed and is not checked. A checked `as?` asks the runtime for the generic
  /// class's metadata on every call, a quarter of a transient `make` (the gate's
  /// `module-resolve`).
  func unconfiguredFactory<Key>(of key: Key.Type) -> TypedModuleFactory<Key, NoConfiguration>? {
    guard isUnconfigured, madeType == ObjectIdentifier(Key.self) else { return nil }
    return unsafeDowncast(factory, to: TypedModuleFactory<Key, NoConfiguration>.self)
  }
}

/// How a registered module is made, whatever its type.
protocol ModuleFactory: AnyObject, Sendable {
  /// Makes the module with `configuration`, which must be the registration's configuration type.
  ///
  /// - Throws: `typeMismatch` for a configuration of another type, or what the factory or the
  ///   preparation throws.
  func instance(_ resolver: ModuleResolver, configuration: any ModuleConfiguration) throws -> MadeModule
}

/// A module's factory and its own preparation, with their types kept: the registry makes
/// every module through one, erased (`instance`), and a transient module without configuration
/// typed (`module`), which skips boxing it to `Any` and casting it back.
///
/// The typed call is kept because `compare`'s resolve figure needs it: boxed, a transient module
/// costs 0.189× Swinject against a target of 0.1× (typed, 0.07×).
final class TypedModuleFactory<Key, Configuration: ModuleConfiguration>: ModuleFactory {
  let make: @Sendable (ModuleResolver, Configuration) throws -> Key
  let prepare: (@Sendable (inout Key, ModuleResolver) throws -> Void)?

  init(
    make: @escaping @Sendable (ModuleResolver, Configuration) throws -> Key,
    prepare: (@Sendable (inout Key, ModuleResolver) throws -> Void)?
  ) {
    self.make = make
    self.prepare = prepare
  }

  /// Runs the factory, then the preparation.
  func module(_ resolver: ModuleResolver, configuration: Configuration) throws -> Key {
    var made = try make(resolver, configuration)
    if let prepare { try prepare(&made, resolver) }
    return made
  }

  func instance(_ resolver: ModuleResolver, configuration: any ModuleConfiguration) throws -> MadeModule {
    guard let typed = configuration as? Configuration else {
      throw ModuleError(
        .typeMismatch,
        "the module '\(resolver.module)' is configured with \(Configuration.self), not \(type(of: configuration))",
        module: resolver.module.name)
    }
    return MadeModule(try module(resolver, configuration: typed))
  }
}

/// A required interface served by another key's module.
struct ModuleAdapter: Sendable {
  let required: ModuleKey
  let provided: ModuleKey
  let convert: @Sendable (MadeModule) throws -> MadeModule
}
