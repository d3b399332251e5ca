extension RouterBuilder {
  /// Adds a manifest's routes; each route's `target` must name a handler registered with
  /// ``register(target:handler:)`` by the time of ``build()``.
  ///
  /// The builder takes the manifest's options.
  public mutating func add(_ manifest: RouteManifest) {
    declare(
      manifest.routes, positions: manifest.routes.indices.map(manifest.position(of:)), options: manifest.options,
      hosts: manifest.hosts, source: "manifest")
    if let revision = manifest.revision { manifestRevision = max(manifestRevision ?? revision, revision) }
    // Used by `build()` while the router's routes are this manifest's alone.
    precompiled = manifest.compiled.precompiled
  }

  /// The same builder with its manifests replaced, for swapping a server-driven table at run time.
  package func replacingManifests(with manifests: [RouteManifest]) -> RouterBuilder {
    var copy = removingDeclaredRoutes()
    for manifest in manifests { copy.add(manifest) }
    return copy
  }
}
