public import Foundation

extension RouteManifest {
  /// Reads the manifest `name` (`"routes.json"`) from `bundle`'s resources: an app target's
  /// bundle by default, or `Bundle.module` for a package's resource.
  ///
  /// ```swift
  /// builder.add(try RouteManifest(resource: "routes.json"))
  /// ```
  ///
  /// `RouteManifest(contentsOf:)` takes a file path, which inside an app is not the resource's
  /// name: use this initializer for a manifest shipped in the app.
  ///
  /// - Throws: A `BuildError`: one ``ManifestError`` (`invalidManifest`) naming the resource and
  ///   the bundle when the bundle lacks it or it cannot be read, or what ``init(data:)`` throws.
  public init(resource name: String, bundle: Bundle = .main) throws(BuildError) {
    guard let url = bundle.url(forResource: name, withExtension: nil) else {
      throw BuildError(errors: [
        ManifestError(
          .invalidManifest,
          "the bundle '\(bundle.bundleURL.lastPathComponent)' has no resource '\(name)'; add it to the target's "
            + "resources (in Xcode, its Copy Bundle Resources phase)")
      ])
    }
    try self.init(contentsOf: url.path)
  }
}
