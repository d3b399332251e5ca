/// What a factory uses to make its own dependencies; it knows which module is being made and who
/// asked for it, so cycles and errors name the whole chain.
///
/// A factory can hand a dependency a reference back to the module it is making, through the
/// dependency's preparation (the circular pattern, with no `@unchecked Sendable`):
///
/// ```swift
/// builder.register(Inbox.self) { resolver in
///   let inbox = Inbox()
///   inbox.list = try resolver.make(NoteList.self) { list in list.owner = inbox }
///   return inbox
/// }
/// ```
public struct ModuleResolver: Sendable {
  let registry: ModuleRegistry
  /// Who asked for the module being made, outermost first.
  let parents: [ModuleKey]
  /// The module being made.
  let current: ModuleKey

  /// The whole chain, built only when a factory asks for a dependency.
  var chain: [ModuleKey] { parents + [current] }

  /// The module being made: the one whose factory holds this resolver, and the ``ModuleEvent/requester``
  /// of the dependencies it makes.
  public var module: ModuleKey { current }

  /// Makes the module for `key`, as a dependency of the module being made, and lets the caller
  /// prepare it before it is returned: the place to give it a reference back to the module being
  /// made.
  ///
  /// - Parameters:
  ///   - key: The interface or type the dependency was registered or adapted as.
  ///   - prepare: Runs on the dependency after its own `prepare`, before it is returned; `nil`
  ///     by default.
  /// - Returns: The dependency.
  /// - Throws: `notRegistered`, `dependencyCycle`, `missingConfiguration`, `factoryFailed` (also
  ///   when `prepare` throws)…, naming the chain.
  public func make<Key>(_ key: Key.Type, prepare: ((inout Key) throws -> Void)? = nil) throws(ModuleError) -> Key {
    try registry.make(key, chain: chain, configure: nil, prepare: prepare ?? { _ in })
  }

  /// Makes the module for `key` with a configuration, as a dependency.
  ///
  /// - Parameters:
  ///   - key: The interface or type the dependency was registered or adapted as.
  ///   - configuration: The type of the dependency's configuration, as it was registered.
  ///   - configure: Fills the configuration, which starts with every default and no required
  ///     value. It runs only when the dependency is made, not for an instance its scope kept.
  ///   - prepare: Runs on the dependency after its own `prepare`, before it is returned; by
  ///     default nothing.
  /// - Returns: The dependency.
  /// - Throws: `typeMismatch` when `configuration` is not the module's, or what ``make(_:prepare:)`` throws.
  public func make<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configuration: Configuration.Type, _ configure: (inout Configuration) -> Void,
    prepare: (inout Key) throws -> Void = { _ in }
  ) throws(ModuleError) -> Key {
    try registry.make(key, chain: chain, configuring: configure, prepare: prepare)
  }
}
