/// Collects module registrations and adapters, then builds an immutable ``ModuleRegistry``.
///
/// ```swift
/// var builder = ModuleRegistryBuilder()
/// builder.register((any LoginService).self, scope: .shared) { _ in LiveLoginService() }
/// builder.register((any LoginViewInput).self, target: "Login") { resolver in
///   LoginViewController(service: try resolver.make((any LoginService).self))
/// }
/// builder.adapt((any NoteListLoginInput).self, to: (any LoginViewInput).self) { $0 }
/// let registry = try builder.build()
/// ```
public struct ModuleRegistryBuilder: Sendable {
  var registrations: [ModuleRegistration] = []
  var adapters: [ModuleAdapter] = []
  var observers: [(key: ModuleKey?, observer: any ModuleObserver)] = []
  /// The presentations each restricted module allows (`restrict(_:to:)`).
  var restrictions: [ModuleKey: Set<Presentation.Kind>] = [:]
  /// How a request fills each bound module's configuration (`bind`).
  var bindings: [ModuleKey: ModuleRegistry.Binding] = [:]

  /// An empty builder.
  public init() {}

  /// Registers a module for `key`.
  ///
  /// - Parameters:
  ///   - key: The interface (`(any LoginViewInput).self`) or type the module is asked for by.
  ///   - target: The name manifest routes' `target` use for the module, and lookups by name.
  ///   - scope: How long a made module lives.
  ///   - dependencies: Keys the factory asks for, checked at build.
  ///   - overriding: Whether this registration replaces an earlier one of the same key or target.
  ///   - prepare: The module's own preparation, run after the factory and before the caller's.
  ///   - factory: Makes the module; it may ask the resolver for its dependencies.
  public mutating func register<Key>(
    _ key: Key.Type, target: (some TargetName)? = String?.none, scope: ModuleScope = .transient,
    dependencies: [ModuleKey] = [],
    overriding: Bool = false, prepare: (@Sendable (inout Key, ModuleResolver) throws -> Void)? = nil,
    factory: @escaping @Sendable (ModuleResolver) throws -> Key
  ) {
    add(
      key, configuration: NoConfiguration.self, target: target?.targetName, scope: scope, dependencies: dependencies,
      overriding: overriding, prepare: prepare
    ) { resolver, _ in try factory(resolver) }
  }

  /// Registers a module that takes a configuration, which the caller fills in
  /// `make(_:configuration:_:)` (or a binding, from a link).
  ///
  /// - Parameters:
  ///   - key: The interface (`(any LoginViewInput).self`) or type the module is asked for by.
  ///   - configuration: The configuration's type; callers and bindings must fill this one.
  ///   - target: The name manifest routes' `target` use for the module, and lookups by name;
  ///     none by default.
  ///   - scope: How long a made module lives; a new one for every `make` by default.
  ///   - dependencies: Keys the factory asks for, checked at build.
  ///   - overriding: Whether this registration replaces an earlier one of the same key or target;
  ///     without it, a second one is `duplicateRegistration` at build.
  ///   - prepare: The module's own preparation, run after the factory and before the caller's.
  ///   - factory: Makes the module from the filled configuration, every required value set; it
  ///     may ask the resolver for its dependencies.
  public mutating func register<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configuration: Configuration.Type, target: (some TargetName)? = String?.none,
    scope: ModuleScope = .transient,
    dependencies: [ModuleKey] = [], overriding: Bool = false,
    prepare: (@Sendable (inout Key, ModuleResolver) throws -> Void)? = nil,
    factory: @escaping @Sendable (ModuleResolver, Configuration) throws -> Key
  ) {
    add(
      key, configuration: configuration, target: target?.targetName, scope: scope, dependencies: dependencies,
      overriding: overriding, prepare: prepare, factory: factory)
  }

  // MARK: - Registration core

  /// Every registration goes through here: a module without configuration is one whose
  /// configuration is ``NoConfiguration``; a screen's factory runs on the main actor.
  mutating func add<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configuration: Configuration.Type, target: String?, scope: ModuleScope,
    dependencies: [ModuleKey], overriding: Bool, onMainActor: Bool = false,
    prepare: (@Sendable (inout Key, ModuleResolver) throws -> Void)? = nil,
    factory: @escaping @Sendable (ModuleResolver, Configuration) throws -> Key
  ) {
    registrations.append(
      ModuleRegistration(
        key: ModuleKey(key), target: target, scope: scope, configurationType: configuration,
        dependencies: dependencies, factory: TypedModuleFactory<Key, Configuration>(make: factory, prepare: prepare),
        onMainActor: onMainActor, overrides: overriding))
  }

  /// Serves a consumer's required interface with the module registered (or adapted) for `provided`.
  ///
  /// `convert` turns the provided module into the required interface. Write `{ $0 }` when the
  /// provided type already conforms: the compiler then checks the conformance.
  ///
  /// - Parameters:
  ///   - required: The interface the consumer asks for; it must not be registered too.
  ///   - provided: The key whose module serves it, registered or itself adapted.
  ///   - convert: Turns the provided module into the required interface, each time one is made;
  ///     an error it throws fails the `make`.
  public mutating func adapt<Required, Provided>(
    _ required: Required.Type, to provided: Provided.Type,
    _ convert: @escaping @Sendable (Provided) throws -> Required
  ) {
    let (requiredKey, providedKey) = (ModuleKey(required), ModuleKey(provided))
    adapters.append(
      ModuleAdapter(required: requiredKey, provided: providedKey) { instance in
        guard let typed = instance.value as? Provided else {
          throw ModuleError(
            .typeMismatch, "the module made for '\(providedKey)' is a \(type(of: instance.value)), not a \(providedKey)"
          )
        }
        return MadeModule(try convert(typed))
      })
  }

  /// Declares that the module registered (or adapted) for `provided` already conforms to `required`.
  ///
  /// The conformance is checked with a cast when the module is made, and a module that does not
  /// conform is `typeMismatch` naming both. Prefer ``adapt(_:to:_:)`` with `{ $0 }` where the
  /// provided type is known at compile time: the compiler then checks it.
  ///
  /// - Parameters:
  ///   - required: The interface the consumer asks for; it must not be registered too.
  ///   - provided: The key whose module serves it, registered or itself adapted.
  public mutating func adapt<Required, Provided>(_ required: Required.Type, to provided: Provided.Type) {
    let (requiredKey, providedKey) = (ModuleKey(required), ModuleKey(provided))
    adapters.append(
      ModuleAdapter(required: requiredKey, provided: providedKey) { instance in
        guard let conforming = instance.value as? Required else {
          throw ModuleError(
            .typeMismatch,
            "the module made for '\(providedKey)' is a \(type(of: instance.value)), which does not conform to '\(requiredKey)'"
          )
        }
        return MadeModule(conforming)
      })
  }

  /// Adds an observer of every module, or only of `key`'s.
  ///
  /// - Parameters:
  ///   - observer: Hears the modules' make and navigation events.
  ///   - key: The one module it hears; `nil`, the default, for every module.
  public mutating func observe(_ observer: any ModuleObserver, for key: ModuleKey? = nil) {
    observers.append((key, observer))
  }

}
