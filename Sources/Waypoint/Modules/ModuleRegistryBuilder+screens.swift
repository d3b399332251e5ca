extension ModuleRegistryBuilder {
  /// Registers a module made on the main actor: a view controller, a SwiftUI view or its model.
  ///
  /// UIKit and SwiftUI types are main-actor isolated, so their factories are too. The
  /// ``ScreenCoordinator`` makes modules on the main actor; asking for one elsewhere fails with
  /// `notOnMainActor` instead of touching UIKit from another thread. Each request makes a new
  /// screen (`transient`).
  ///
  /// ```swift
  /// builder.registerScreen(NoteListController.self, target: "NoteList") { resolver in
  ///   NoteListController(store: try resolver.make(NoteStore.self))
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The screen's type (or the interface it is asked for by).
  ///   - target: The name routes use for it: a string, or the app's own ``TargetName``.
  ///   - dependencies: Keys the factory asks for, checked at build.
  ///   - overriding: Whether it replaces an earlier registration of the same key or target.
  ///   - factory: Makes the screen, on the main actor; it may ask the resolver for its
  ///     dependencies.
  public mutating func registerScreen<Key>(
    _ key: Key.Type, target: (some TargetName)? = String?.none, dependencies: [ModuleKey] = [],
    overriding: Bool = false,
    factory: @escaping @MainActor @Sendable (ModuleResolver) throws -> Key
  ) {
    add(
      key, configuration: NoConfiguration.self, target: target?.targetName, scope: .transient,
      dependencies: dependencies,
      overriding: overriding, onMainActor: true
    ) { resolver, _ in
      try ModuleRegistry.runOnMainActor { try factory(resolver) }
    }
  }

  /// Registers a main-actor screen made from nothing but itself.
  ///
  /// ```swift
  /// screens.registerScreen(SettingsController.self, target: "Settings") { SettingsController() }
  /// ```
  ///
  /// - Parameters:
  ///   - key: The screen's type (or the interface it is asked for by).
  ///   - target: The name routes use for it: a string, or the app's own ``TargetName``.
  ///   - dependencies: Keys it needs, checked at build.
  ///   - overriding: Whether it replaces an earlier registration of the same key or target.
  ///   - factory: Makes the screen, on the main actor.
  public mutating func registerScreen<Key>(
    _ key: Key.Type, target: (some TargetName)? = String?.none, dependencies: [ModuleKey] = [],
    overriding: Bool = false, factory: @escaping @MainActor @Sendable () throws -> Key
  ) {
    registerScreen(key, target: target, dependencies: dependencies, overriding: overriding) { _ in try factory() }
  }

  /// Registers a main-actor module that takes a configuration; see
  /// `registerScreen(_:target:dependencies:overriding:factory:)`, whose factory takes the resolver.
  ///
  /// - Parameters:
  ///   - key: The screen's type (or the interface it is asked for by).
  ///   - configuration: The configuration's type, which callers and bindings fill.
  ///   - target: The name routes use for it: a string, or the app's own ``TargetName``.
  ///   - dependencies: Keys the factory asks for, checked at build.
  ///   - overriding: Whether it replaces an earlier registration of the same key or target.
  ///   - factory: Makes the screen, on the main actor, from the filled configuration.
  public mutating func registerScreen<Key, Configuration: ModuleConfiguration>(
    _ key: Key.Type, configuration: Configuration.Type, target: (some TargetName)? = String?.none,
    dependencies: [ModuleKey] = [],
    overriding: Bool = false, factory: @escaping @MainActor @Sendable (ModuleResolver, Configuration) throws -> Key
  ) {
    add(
      key, configuration: configuration, target: target?.targetName, scope: .transient, dependencies: dependencies,
      overriding: overriding, onMainActor: true
    ) { resolver, configuration in
      try ModuleRegistry.runOnMainActor { try factory(resolver, configuration) }
    }
  }
}

extension ModuleRegistryBuilder {
  /// Registers a main-actor screen that reads the link it opens with: one declaration, no
  /// configuration type and no `bind`.
  ///
  /// ```swift
  /// builder.registerScreen(NoteEditorController.self, target: "NoteEditor") { _, link in
  ///   NoteEditorController(id: try link.int("id"), editing: link["mode"] == "edit")
  /// }
  /// ```
  ///
  /// `link` is the request of the link that opened the screen (its path, query, defaults and
  /// extras), or of the screen as saved when a restored state rebuilds it. A value the link
  /// lacks or cannot convert fails the open with the request's error, naming the value, never
  /// a default the screen did not ask for. Shown without a link (`show(_:_:)`), the screen
  /// fails with `missingConfiguration`: show it through a link, or with
  /// `show(target:_:request:)`.
  ///
  /// - Parameters:
  ///   - key: The screen's type (or the interface it is asked for by).
  ///   - target: The name routes use for it: a string, or the app's own ``TargetName``.
  ///   - dependencies: Keys the factory asks for, checked at build.
  ///   - overriding: Whether it replaces an earlier registration of the same key or target.
  ///   - factory: Makes the screen, on the main actor, from the resolver and the request it
  ///     opens with.
  public mutating func registerScreen<Key>(
    _ key: Key.Type, target: (some TargetName)? = String?.none, dependencies: [ModuleKey] = [],
    overriding: Bool = false,
    factory: @escaping @MainActor @Sendable (ModuleResolver, RouteRequest) throws -> Key
  ) {
    registerScreen(
      key, configuration: LinkOfScreen.self, target: target, dependencies: dependencies, overriding: overriding
    ) { resolver, opened in
      guard let request = opened.request else {
        throw ModuleError(
          .missingConfiguration,
          "'\(Key.self)' reads the link it opens with, and was shown without one; open a link to it, or show it "
            + "with show(target:_:request:)",
          module: "\(Key.self)")
      }
      return try factory(resolver, request)
    }
    bind(key, configuration: LinkOfScreen.self) { request, opened in opened.request = request }
  }
}

/// The configuration of a screen that reads its link: the request it opens with.
struct LinkOfScreen: ModuleConfiguration {
  var request: RouteRequest?
  init() {}
}
