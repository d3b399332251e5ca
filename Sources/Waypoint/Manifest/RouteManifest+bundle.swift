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
  /// - Parameters:
  ///   - name: The resource's name with its extension, such as `"routes.json"`.
  ///   - bundle: The bundle holding it; `.main`, the app's, by default.
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

  /// Reads the manifest `name` and its compiled table `compiledTable` from `bundle`'s resources,
  /// as ``init(data:compiledTable:parameterTypes:)`` reads them: from the compiled table when it
  /// passes its checks, from the JSON otherwise (``compiledTableProblem`` says why, a missing
  /// compiled table included).
  ///
  /// ```swift
  /// builder.add(try RouteManifest(resource: "routes.json", compiledTable: "routes.waypoint-table"))
  /// ```
  ///
  /// - Parameters:
  ///   - name: The manifest's resource name, such as `"routes.json"`.
  ///   - compiledTable: The compiled table's resource name, written by `waypoint compile`.
  ///   - bundle: The bundle holding both.
  ///   - parameterTypes: The parameter types the app registers (see ``init(data:compiledTable:parameterTypes:)``).
  /// - Throws: What ``init(resource:bundle:)`` throws for the manifest.
  public init(
    resource name: String, compiledTable: String, bundle: Bundle = .main,
    parameterTypes: ParameterTypes = ParameterTypes()
  ) throws(BuildError) {
    guard let url = bundle.url(forResource: name, withExtension: nil) else {
      try self.init(resource: name, bundle: bundle)
      return
    }
    let data: Data
    do {
      data = try Self.contents(ofFile: url.path)
    } catch {
      throw BuildError(errors: [error])
    }
    let compiledURL = bundle.url(forResource: compiledTable, withExtension: nil)
    let compiled = compiledURL.flatMap { try? Data(contentsOf: $0) }
    try self.init(data: data, compiledTable: compiled, parameterTypes: parameterTypes)
    if compiled == nil {
      self.compiled.problem =
        "the bundle '\(bundle.bundleURL.lastPathComponent)' has no readable resource '\(compiledTable)'"
    }
  }
}
