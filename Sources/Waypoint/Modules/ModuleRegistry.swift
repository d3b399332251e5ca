/// An immutable, `Sendable` registry of modules: a feature asks for another by interface and gets
/// a made, configured and prepared destination, never importing the other feature.
///
/// ```swift
/// let login = try registry.make((any LoginViewInput).self)
/// let editor = try registry.make(NoteEditor.self, configuration: NoteEditorConfiguration.self) {
///   $0.noteID = 42
/// } prepare: { editor in
///   editor.delegate = self
/// }
/// ```
///
/// Preparation runs in a fixed order: the factory, the module's own `prepare`, the caller's
/// `prepare`, then observers' `didMake`.
public struct ModuleRegistry: Sendable {
  /// Everything the registry holds, behind one reference, so handing the registry to a resolver
  /// costs one retain.
  final class Storage: Sendable {
    /// The registrations, adapters and observers as registered, for ``ModuleRegistry/replacing(_:)``.
    let declared:
      (
        registrations: [ModuleRegistration], adapters: [ModuleAdapter],
        observers: [(key: ModuleKey?, observer: any ModuleObserver)]
      )
    /// The presentations each restricted module allows; a module not listed allows every one.
    let restrictions: [ModuleKey: Set<Presentation.Kind>]
    /// How a request fills a module's configuration; a module not listed ignores the request.
    let bindings: [ModuleKey: Binding]
    let registrations: [ModuleKey: ModuleRegistration]
    let keysByTarget: [String: ModuleKey]
    /// The key of each screen name, made on the first lookup (type names cost, and most
    /// registries are never asked).
    ///
    /// Every target, and the type name of a module registered without one, unless a target or
    /// another module already answers to it (`ModuleRegistry.screenName(of:)`).
    private let screenNames = Locked<[String: ModuleKey]?>(nil)
    let adapters: [ModuleKey: ModuleAdapter]
    let observers: [(key: ModuleKey?, observer: any ModuleObserver)]
    let store = InstanceStore()

    init(builder: ModuleRegistryBuilder) {
      declared = (builder.registrations, builder.adapters, builder.observers)
      restrictions = builder.restrictions
      bindings = builder.bindings
      var registrations = [ModuleKey: ModuleRegistration](minimumCapacity: builder.registrations.count)
      var targets: [String: ModuleKey] = [:]
      for registration in builder.registrations {
        registrations[registration.key] = registration
        if let target = registration.target { targets[target] = registration.key }
      }
      self.registrations = registrations
      self.keysByTarget = targets
      self.adapters = Dictionary(builder.adapters.map { ($0.required, $0) }) { _, later in later }
      self.observers = builder.observers
    }

    /// The module a screen named `name` shows, if one answers to it.
    func key(forScreen name: String) -> ModuleKey? {
      // A target answers first, without the lock; only a type name needs the map.
      if let key = keysByTarget[name] { return key }
      return screenNames.withLock { names in
        if names == nil {
          var made = keysByTarget
          let untargeted = Dictionary(
            grouping: registrations.keys.filter { registrations[$0]?.target == nil }, by: \.name)
          for (name, keys) in untargeted where keys.count == 1 && made[name] == nil { made[name] = keys[0] }
          names = made
        }
        return names?[name]
      }
    }
  }

  let storage: Storage
  var registrations: [ModuleKey: ModuleRegistration] { storage.registrations }
  var keysByTarget: [String: ModuleKey] { storage.keysByTarget }
  var adapters: [ModuleKey: ModuleAdapter] { storage.adapters }
  var store: InstanceStore { storage.store }

  init(builder: ModuleRegistryBuilder) {
    storage = Storage(builder: builder)
  }

  /// The registered keys, sorted by name.
  package var keys: [ModuleKey] { registrations.keys.sorted { $0.name < $1.name } }

  /// The targets of the registered modules, sorted: the names manifest routes can use.
  public var targets: [String] { keysByTarget.keys.sorted() }

  /// Whether a module is registered as `target`.
  public func contains(target: String) -> Bool { keysByTarget[target] != nil }

  /// The presentations `key`'s module supports: those it was restricted to with
  /// `ModuleRegistryBuilder.restrict(_:to:)`, or every kind when it was not restricted.
  package func presentations<Key>(of key: Key.Type) -> Set<Presentation.Kind> {
    storage.restrictions[ModuleKey(key)] ?? Set(Presentation.Kind.allCases)
  }

  /// Whether a module is registered or adapted for `key`.
  public func contains<Key>(_ key: Key.Type) -> Bool {
    registrations[ModuleKey(key)] != nil || adapters[ModuleKey(key)] != nil
  }

  /// Makes the module for `key`, and lets the caller prepare it (the made module, not its
  /// configuration) before it is returned.
  ///
  /// - Parameters:
  ///   - key: The interface or type the module was registered or adapted as
  ///     (`(any LoginViewInput).self`).
  ///   - prepare: Runs on the module after its own `prepare`, before it is returned; on every
  ///     call, also on an instance its scope kept from an earlier one. `nil` by default.
  /// - Returns: The module.
  /// - Throws: `notRegistered` naming the key, `missingConfiguration`, `dependencyCycle` with the
  ///   chain, `factoryFailed` (also when `prepare` throws), or `typeMismatch`.
  public func make<Key>(_ key: Key.Type, prepare: ((inout Key) throws -> Void)? = nil) throws(ModuleError) -> Key {
    if let prepare {
      return try make(key, chain: [], configure: nil, prepare: prepare)
    }
    let moduleKey = ModuleKey(key)
    // The common case, directly: a transient module without configuration, nobody observing.
    // The general path below gives the same module; this one skips erasing it to `Any`.
    if let registration = registrations[moduleKey], registration.scope == .transient, !registration.onMainActor,
      storage.observers.isEmpty, let factory = registration.unconfiguredFactory(of: key)
    {
      do {
        return try factory.module(
          ModuleResolver(registry: self, parents: [], current: moduleKey), configuration: NoConfiguration())
      } catch let error as ModuleError {
        throw error
      } catch {
        throw Self.factoryFailed(moduleKey, error, chain: [])
      }
    }
    return try make(key, chain: [], configure: nil, prepare: { _ in })
  }

  /// Makes the module for `key`, letting the caller fill its configuration and prepare it before
  /// it is returned.
  ///
  /// The configuration's type is named, so a closure that configures can never be taken for one
  /// that prepares:
  ///
  /// ```swift
  /// let list = try registry.make(NoteList.self, configuration: NoteListConfiguration.self) { $0.folder = "Inbox" }
  /// let same = try registry.make(NoteList.self, configuration: NoteListConfiguration.self) {
  ///   $0.folder = "Inbox"
  /// } prepare: { list in
  ///   list.delegate = self
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The interface or type the module was registered or adapted as.
  ///   - configuration: The type of the module's configuration, as it was registered.
  ///   - configure: Fills the configuration, which starts with every default and no required
  ///     value; a required value it leaves unset is `missingConfiguration`. It runs only when the
  ///     module is made, not for an instance its scope kept.
  ///   - prepare: Runs on the module after its own `prepare`, before it is returned; by default
  ///     nothing.
  /// - Returns: The module.
  /// - Throws: `typeMismatch` when `configuration` is not the type the module was registered
  ///   with, or what ``make(_:prepare:)`` throws.
  public func make<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configuration: Configuration.Type, _ configure: (inout Configuration) -> Void,
    prepare: (inout Key) throws -> Void = { _ in }
  ) throws(ModuleError) -> Key {
    try make(key, chain: [], configuring: configure, prepare: prepare)
  }

  /// Makes the module registered as `target`, as `type`.
  ///
  /// - Parameters:
  ///   - target: The target the module was registered as, as manifest routes name it.
  ///   - type: The type to return the module as: its interface, or a type it conforms to.
  /// - Returns: The module.
  /// - Throws: `notRegistered`, or `typeMismatch` naming both types.
  public func make<Value>(target: String, as type: Value.Type) throws(ModuleError) -> Value {
    let key = try key(for: target)
    return try observing(key, chain: []) { () throws(ModuleError) -> Value in
      try cast(try instance(key, chain: [], configure: nil), to: type, key: key)
    }
  }

  /// A copy with some registrations replaced (and its own shared instances), for tests: no
  /// global state, so tests running in parallel can use different fakes.
  ///
  /// ```swift
  /// let registry = try app.replacing { $0.register((any LoginService).self, overriding: true) { _ in FakeLogin() } }
  /// ```
  public func replacing(_ changes: (inout ModuleRegistryBuilder) -> Void) throws(BuildError) -> ModuleRegistry {
    var copy = ModuleRegistryBuilder()
    (copy.registrations, copy.adapters, copy.observers) = storage.declared
    (copy.restrictions, copy.bindings) = (storage.restrictions, storage.bindings)
    changes(&copy)
    return try copy.build()
  }

  // MARK: - Resolution

  typealias ErasedConfigure = (inout any ModuleConfiguration) throws(ModuleError) -> Void

  /// Makes `key`'s module with the caller's typed `configure` run on its configuration, which
  /// must be of the type `configure` fills (`typeMismatch` otherwise).
  func make<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, chain: [ModuleKey], configuring configure: (inout Configuration) -> Void,
    prepare: (inout Key) throws -> Void
  ) throws(ModuleError) -> Key {
    // The configuring closure is only called while the module is made.
    let result = withoutActuallyEscaping(configure) { configure in
      Result { () throws(ModuleError) -> Key in
        try make(
          key, chain: chain,
          configure: { (configuration: inout any ModuleConfiguration) throws(ModuleError) in
            guard var typed = configuration as? Configuration else {
              throw ModuleError(
                .typeMismatch, "the module's configuration is \(type(of: configuration)), not \(Configuration.self)")
            }
            configure(&typed)
            configuration = typed
          }, prepare: prepare)
      }
    }
    return try result.get()
  }

  func make<Key>(
    _ key: Key.Type, chain: [ModuleKey], configure: ErasedConfigure?, prepare: (inout Key) throws -> Void
  ) throws(ModuleError) -> Key {
    let moduleKey = ModuleKey(key)
    return try observing(moduleKey, chain: chain) { () throws(ModuleError) -> Key in
      var made = try cast(
        try instance(moduleKey, chain: chain, configure: configure), to: key, key: moduleKey)
      do {
        try prepare(&made)
      } catch let error as ModuleError {
        throw error
      } catch {
        throw ModuleError(
          .factoryFailed, "preparing '\(moduleKey)' failed: \(error)\(Self.askedBy(chain))", module: moduleKey.name)
      }
      return made
    }
  }
}
