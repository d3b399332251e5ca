import Foundation

extension ModuleRegistry {
  /// The instance for `key`: made (or taken from its scope's store), or made for the key it is
  /// adapted to and converted.
  func instance(
    _ key: ModuleKey, chain: [ModuleKey], configure: ErasedConfigure?
  ) throws(ModuleError) -> MadeModule {
    if chain.contains(key) {
      let loop = (chain + [key]).map(\.name).joined(separator: " → ")
      throw ModuleError(.dependencyCycle, "making '\(key)' needs '\(key)' itself: \(loop)", module: key.name)
    }
    if let registration = registrations[key] {
      switch registration.scope {
      case .transient:
        return try create(registration, chain: chain, configure: configure)
      case .shared, .weak:
        return try store.instance(for: key, scope: registration.scope) { () throws(ModuleError) -> MadeModule in
          try create(registration, chain: chain, configure: configure)
        }.instance
      }
    }
    if let adapter = adapters[key] {
      let provided = try instance(adapter.provided, chain: chain + [key], configure: configure)
      do {
        return try adapter.convert(provided)
      } catch let error as ModuleError {
        throw error
      } catch {
        throw ModuleError(
          .factoryFailed, "adapting '\(adapter.provided)' to '\(key)' failed: \(error)\(Self.askedBy(chain))",
          module: key.name)
      }
    }
    throw ModuleError(.notRegistered, "no module is registered for '\(key)'\(Self.askedBy(chain))", module: key.name)
  }

  /// Runs the factory and the module's own preparation, with the configuration `configure`
  /// fills (when there is one).
  private func create(
    _ registration: ModuleRegistration, chain: [ModuleKey], configure: ErasedConfigure?
  ) throws(ModuleError) -> MadeModule {
    let key = registration.key
    guard !registration.onMainActor || ModuleRegistry.mayRunOnMainActor else {
      throw ModuleError(
        .notOnMainActor, "'\(key)' is made on the main actor, and was asked for from another thread",
        module: key.name)
    }
    var configuration: any ModuleConfiguration =
      registration.isUnconfigured ? NoConfiguration() : registration.configurationType.init()
    try configure?(&configuration)
    let missing = registration.isUnconfigured ? [] : configuration.missingValues()
    guard missing.isEmpty else {
      throw ModuleError(
        .missingConfiguration,
        "the module '\(key)' needs \(missing.map { "'\($0)'" }.joined(separator: ", ")) in its configuration "
          + "\(type(of: configuration)); set \(missing.count == 1 ? "it" : "them") in the configuring closure of "
          + "make(_:configuration:_:) or show(_:_:configuration:_:), or in a binding\(Self.askedBy(chain))",
        module: key.name)
    }
    let resolver = ModuleResolver(registry: self, parents: chain, current: key)
    do {
      return try registration.factory.instance(resolver, configuration: configuration)
    } catch let error as ModuleError {
      throw error
    } catch {
      throw Self.factoryFailed(key, error, chain: chain)
    }
  }

  package func key(for target: String) throws(ModuleError) -> ModuleKey {
    guard let key = keysByTarget[target] else {
      throw ModuleError(
        .notRegistered, "no module is registered as the target '\(target)'", module: target)
    }
    return key
  }

  /// The name a screen of `key`'s module carries as its target.
  ///
  /// It is the module's target, or its type's name when it was registered without one: the
  /// screen's one identity, by which a saved screen is made again (`key(forScreen:)`).
  package func screenName(of key: ModuleKey) -> String {
    registrations[key]?.target ?? key.name
  }

  /// The module a screen named `name` shows.
  ///
  /// - Throws: `notRegistered` when no module answers to the name (or two modules without a
  ///   target share the type name; give them targets).
  package func key(forScreen name: String) throws(ModuleError) -> ModuleKey {
    guard let key = storage.key(forScreen: name) else {
      throw ModuleError(
        .notRegistered, "no module is registered as the target '\(name)', nor is one without a target named so",
        module: name)
    }
    return key
  }

  func cast<Value>(_ instance: MadeModule, to type: Value.Type, key: ModuleKey) throws(ModuleError) -> Value {
    guard let value = instance.value as? Value else {
      throw ModuleError(
        .typeMismatch, "the module made for '\(key)' is a \(Swift.type(of: instance.value)), not a \(Value.self)",
        module: key.name)
    }
    return value
  }

  /// Runs `body`, which makes `key`'s module, between a `willMake` event and exactly one
  /// `didMake` or `failedToMake`.
  func observing<Value>(
    _ key: ModuleKey, chain: [ModuleKey], _ body: () throws(ModuleError) -> Value
  ) throws(ModuleError) -> Value {
    guard !storage.observers.isEmpty else { return try body() }
    let target = registrations[key]?.target
    guard registrations[key] != nil || adapters[key] != nil else {
      // Nothing is registered, so nothing starts to be made: the failure is the lone event.
      do {
        return try body()
      } catch {
        notify(ModuleEvent(phase: .failedToMake, key: key, target: target, requester: chain.last, error: error))
        throw error
      }
    }
    notify(ModuleEvent(phase: .willMake, key: key, target: target, requester: chain.last))
    do {
      let value = try body()
      notify(ModuleEvent(phase: .didMake, key: key, target: target, requester: chain.last))
      return value
    } catch {
      notify(ModuleEvent(phase: .failedToMake, key: key, target: target, requester: chain.last, error: error))
      throw error
    }
  }

  /// Makes `key`'s module for a navigator, configured by `configure`, with the make events.
  func observedInstance(_ key: ModuleKey, configure: ErasedConfigure?) throws(ModuleError) -> MadeModule {
    try observing(key, chain: []) { () throws(ModuleError) -> MadeModule in
      try instance(key, chain: [], configure: configure)
    }
  }

  /// Tells the observers of the event's module, each through the method for its phase.
  package func notify(_ event: ModuleEvent) {
    for entry in storage.observers where entry.key == nil || entry.key == event.key {
      switch event.phase {
      case .willMake: entry.observer.willMake(event)
      case .didMake: entry.observer.didMake(event)
      case .failedToMake, .failedToShow, .failedToRemove: entry.observer.failed(event)
      case .willShow, .didShow, .willRemove, .didRemove: entry.observer.observe(event)
      }
    }
  }

  /// The error for a factory (or a module's own preparation) that threw something else than a `ModuleError`.
  static func factoryFailed(_ key: ModuleKey, _ error: any Error, chain: [ModuleKey]) -> ModuleError {
    ModuleError(.factoryFailed, "the factory of '\(key)' failed: \(error)\(askedBy(chain))", module: key.name)
  }

  /// ` (asked by A → B)`, or nothing for the caller of `make`.
  static func askedBy(_ chain: [ModuleKey]) -> String {
    chain.isEmpty ? "" : " (asked by \(chain.map(\.name).joined(separator: " → ")))"
  }
}

extension ModuleRegistry {
  /// Whether the current make was started by main-actor code (a ``ScreenCoordinator`` or a
  /// ``ShownModule``), which is how a main-actor factory knows it may run where the main
  /// actor's executor is not the main thread (Linux test runners).
  @TaskLocal static var startedOnMainActor = false

  /// Runs `body` marked as started on the main actor.
  @MainActor static func startOnMainActor<Value>(_ body: () throws -> Value) rethrows -> Value {
    try $startedOnMainActor.withValue(true, operation: body)
  }

  /// Whether a main-actor factory may run here: the make was started on the main actor, or
  /// this is the main thread.
  static var mayRunOnMainActor: Bool { startedOnMainActor || Thread.isMainThread }

  /// Runs a screen's main-actor `factory`, which `create` has checked may run here.
  ///
  /// The made value leaves `assumeIsolated` in the registry's box, read back on the same thread
  /// within this call.
  ///
  /// - Throws: What `factory` throws.
  static func runOnMainActor<Key>(_ factory: @MainActor () throws -> Key) throws -> Key {
    let made = try MainActor.assumeIsolated { MadeModule(try factory()) }
    guard let value = made.value(as: Key.self) else {
      // Not reached: the box holds what `factory` returned, a `Key`.
      throw ModuleError(.typeMismatch, "the main-actor factory of '\(Key.self)' made another type")
    }
    return value
  }
}
