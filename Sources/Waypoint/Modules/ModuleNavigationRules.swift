/// What a registry says about showing its modules, compiled by `ModuleRegistryBuilder.build()`
/// and owned by the ``ScreenCoordinator`` that shows them: which presentations each module allows,
/// and how a deep link's request fills each module's configuration.
struct ModuleNavigationRules: Sendable {
  /// Fills a module's configuration from a request.
  struct Binding: Sendable {
    /// The configuration type the binding fills; `build()` checks it against the registration's.
    let configuration: any ModuleConfiguration.Type
    let fill: @Sendable (RouteRequest, inout any ModuleConfiguration) throws -> Void
  }

  /// The presentations a module allows; a module not listed allows every one.
  var restrictions: [ModuleKey: Set<Presentation.Kind>] = [:]
  /// How a request fills a module's configuration; a module not listed ignores the request.
  var bindings: [ModuleKey: Binding] = [:]

  /// Why `key`'s module may not be shown with `presentation`, or `nil` when it may: a sentence
  /// listing what the module allows, for the navigator's `unsupportedPresentation`.
  func refusal(of presentation: Presentation, for key: ModuleKey) -> String? {
    guard let allowed = restrictions[key], !allowed.contains(presentation.kind) else { return nil }
    return "'\(key)' supports \(allowed.map(\.rawValue).sorted().joined(separator: ", ")), not \(presentation)"
  }

  /// The configuration step for `key`'s module made for `request`: its binding, or nothing.
  func configure(_ key: ModuleKey, from request: RouteRequest?) -> ModuleRegistry.ErasedConfigure? {
    guard let request, let bind = bindings[key] else { return nil }
    return { (configuration: inout any ModuleConfiguration) throws(ModuleError) in
      do {
        try bind.fill(request, &configuration)
      } catch let error as ModuleError {
        throw error
      } catch {
        throw ModuleError(
          .bindingFailed, "binding '\(request.url.string)' into '\(key)' failed: \(error)", module: key.name)
      }
    }
  }
}
