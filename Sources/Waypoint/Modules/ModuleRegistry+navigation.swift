extension ModuleRegistry {
  /// Fills a module's configuration from a deep link's request (`ModuleRegistryBuilder.bind`).
  struct Binding: Sendable {
    /// The configuration type the binding fills; `build()` checks it against the registration's.
    let configuration: any ModuleConfiguration.Type
    let fill: @Sendable (RouteRequest, inout any ModuleConfiguration) throws -> Void
  }

  /// Why `key`'s module may not be shown with `presentation`, or `nil` when it may: a sentence
  /// listing what the module allows, for the navigator's `unsupportedPresentation`.
  func refusal(of presentation: Presentation, for key: ModuleKey) -> String? {
    guard let allowed = storage.restrictions[key], !allowed.contains(presentation.kind) else { return nil }
    return "'\(key)' supports \(allowed.map(\.rawValue).sorted().joined(separator: ", ")), not \(presentation)"
  }

  /// The configuration step for `key`'s module made for `request`: its binding, or nothing.
  func configure(_ key: ModuleKey, from request: RouteRequest?) -> ErasedConfigure? {
    guard let request, let bind = storage.bindings[key] else { return nil }
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
