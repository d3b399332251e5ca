extension ModuleRegistryBuilder {
  /// Restricts the presentations `key`'s module supports.
  ///
  /// Showing it any other way is `unsupportedPresentation`. `build()` fails with `notRegistered`
  /// when `key` is neither registered nor adapted.
  public mutating func restrict<Key>(_ key: Key.Type, to presentations: Set<Presentation.Kind>) {
    navigation.restrictions[ModuleKey(key)] = presentations
  }

  /// Registers how a deep link's request fills `key`'s configuration: the URL's parameters reach
  /// the module through this closure when a route's target is the module.
  ///
  /// `build()` fails with `notRegistered` when `key` is not registered, and with `typeMismatch`
  /// naming both types when `configuration` is not the one `key` was registered with.
  ///
  /// ```swift
  /// builder.bind(NoteEditor.self, configuration: NoteEditorConfiguration.self) { request, configuration in
  ///   configuration.noteID = try request.int("id")
  /// }
  /// ```
  public mutating func bind<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configuration: Configuration.Type,
    _ binding: @escaping @Sendable (RouteRequest, inout Configuration) throws -> Void
  ) {
    let moduleKey = ModuleKey(key)
    navigation.bindings[moduleKey] = .init(configuration: configuration) { request, erased in
      guard var typed = erased as? Configuration else {
        throw ModuleError(
          .typeMismatch,
          "the binding of '\(moduleKey)' fills \(Configuration.self), but the module is configured with \(type(of: erased))"
        )
      }
      try binding(request, &typed)
      erased = typed
    }
  }
}
