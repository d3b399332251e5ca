/// What a factory uses to make its own dependencies; it knows who asked, so cycles and errors
/// name the whole chain.
public struct ModuleResolver: Sendable {
  let registry: ModuleRegistry
  /// Who asked for the module being made, outermost first.
  let parents: [ModuleKey]
  /// The module being made.
  let current: ModuleKey

  /// The whole chain, built only when a factory asks for a dependency.
  var chain: [ModuleKey] { parents + [current] }

  /// The module being made, whose factory holds this resolver.
  public var requester: ModuleKey? { current }

  /// Makes the module for `key`, as a dependency of the module being made.
  ///
  /// - Throws: `notRegistered`, `dependencyCycle`, `missingConfiguration`, `factoryFailed`…, naming the chain.
  public func make<Key>(_ key: Key.Type) throws(ModuleError) -> Key {
    try registry.make(key, chain: chain, configure: ModuleRegistry.unconfigured, configures: false, prepare: { _ in })
  }

  /// Makes the module for `key` with a configuration, as a dependency.
  public func make<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configure: (inout Configuration) -> Void
  ) throws(ModuleError) -> Key {
    try registry.make(
      key, chain: chain,
      configure: { (configuration: inout any ModuleConfiguration) throws(ModuleError) in
        try ModuleRegistry.apply(configure, to: &configuration)
      }, prepare: { _ in })
  }
}
