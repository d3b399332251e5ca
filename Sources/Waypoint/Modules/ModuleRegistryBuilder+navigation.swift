extension ModuleRegistryBuilder {
  /// Restricts the presentations `key`'s module supports.
  ///
  /// Showing it any other way is `unsupportedPresentation`. `build()` fails with `notRegistered`
  /// when `key` is neither registered nor adapted.
  ///
  /// - Parameters:
  ///   - key: The interface or type the module was registered or adapted as.
  ///   - presentations: The kinds of presentation it allows; a later call for `key` replaces
  ///     them.
  public mutating func restrict<Key>(_ key: Key.Type, to presentations: Set<Presentation.Kind>) {
    restrictions[ModuleKey(key)] = presentations
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
  ///
  /// - Parameters:
  ///   - key: The module's key, as registered.
  ///   - configuration: The configuration type `key` was registered with.
  ///   - binding: Fills the configuration, which starts with every default, from the request; an
  ///     error it throws fails the making of the module with `bindingFailed`. A later binding
  ///     for `key` replaces it.
  public mutating func bind<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configuration: Configuration.Type,
    _ binding: @escaping @Sendable (RouteRequest, inout Configuration) throws -> Void
  ) {
    let moduleKey = ModuleKey(key)
    bindings[moduleKey] = .init(configuration: configuration) { request, erased in
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

  /// Registers how a deep link fills `key`'s configuration, from the link as a typed value: the
  /// route's request is read as a `Link` first (its name must be one of `Link`'s routes).
  ///
  /// ```swift
  /// builder.bind(NoteEditor.self, configuration: NoteEditorConfiguration.self, link: NotesLink.self) {
  ///   link, request, configuration in
  ///   guard case .note(let id) = link else { return }
  ///   configuration.noteID = id
  /// }
  /// ```
  ///
  /// A request whose route is not one of `Link`'s, or whose values do not convert, fails the
  /// making of the module with the `RoutingError` that says why.
  ///
  /// - Parameters:
  ///   - key: The module's key, as registered.
  ///   - configuration: The configuration type `key` was registered with.
  ///   - link: The link type the request is read as.
  ///   - binding: Fills the configuration, which starts with every default, from the link and
  ///     its request.
  public mutating func bind<Key, Configuration: ModuleConfiguration, Link: RoutableLink>(
    _ key: Key.Type, configuration: Configuration.Type, link: Link.Type,
    _ binding: @escaping @Sendable (Link, RouteRequest, inout Configuration) throws -> Void
  ) {
    bind(key, configuration: configuration) { request, configuration in
      let link = try Link(route: request.route?.name ?? "", request: request)
      try binding(link, request, &configuration)
    }
  }
}
