extension RouterBuilder {
  /// Adds a manifest's routes; each route's `target` must name a handler registered with
  /// ``register(target:handler:)`` by the time of ``build()``.
  ///
  /// The builder takes the manifest's options.
  public mutating func add(_ manifest: RouteManifest) {
    declare(
      manifest.routes, positions: manifest.routes.indices.map(manifest.position(of:)), options: manifest.options,
      source: "manifest")
  }

  /// The same builder with its manifests replaced, for swapping a server-driven table at run time.
  public func replacingManifests(with manifests: [RouteManifest]) -> RouterBuilder {
    var copy = removingDeclaredRoutes()
    for manifest in manifests { copy.add(manifest) }
    return copy
  }
}

extension RouterHolder {
  /// Rebuilds the held builder with `manifest` in place of its manifests and swaps the result in.
  ///
  /// - Throws: A `BuildError`: one ``ManifestError`` (`invalidManifest`) when the holder was not
  ///   made from a builder, or what ``RouterBuilder/build()`` throws; the current router then stays.
  public func replace(manifest: RouteManifest) throws(BuildError) {
    guard let builder else {
      throw BuildError(errors: [
        ManifestError(.invalidManifest, "this holder was made from a router, not a builder; use replace(with:)")
      ])
    }
    replace(with: try builder.replacingManifests(with: [manifest]).build())
  }
}
