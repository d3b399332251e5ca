#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A route table as JSON, which an app can load at run time and replace while it runs.
///
/// ```swift
/// let manifest = try RouteManifest(json: """
///   { "version": 1,
///     "routes": [ { "name": "user", "pattern": "myapp://user/<int:id>", "target": "UserProfile" } ] }
///   """)
/// var builder = RouterBuilder()
/// builder.add(manifest)
/// builder.register(target: "UserProfile") { request in try Profiles.load(id: request.int("id")) }
/// let router = try builder.build()
/// ```
///
/// Unknown keys are errors, so a typo never passes silently, and every error names the route's
/// index, its name and the field.
public struct RouteManifest: Sendable, Hashable {
  /// The format version; only 1 exists.
  public var version: Int
  /// The manifest's revision, when it has one.
  ///
  /// A number that grows with every manifest published, so that an app refuses to go back to an
  /// older one (``RouterHolder/replace(manifest:)``). A signed manifest must have one.
  public var revision: Int?
  /// How URLs are read and compared.
  public var options: MatchingOptions
  /// The hosts `http` and `https` links must come from to reach routes that name no host
  /// (`options.hosts` in the file); empty allows every host.
  public var hosts: HostAllowList
  /// The routes, in manifest order.
  public var routes: [RouteDefinition]
  /// Each route's position in the file's `routes` array when a route that did not read is left
  /// out of ``routes`` (for messages); empty when every route read.
  var positions: [Int] = []
  /// How the manifest was read from a compiled table, if one was given; never part of its equality.
  var compiled = CompiledTableReading()

  /// Why the compiled table given to ``init(data:compiledTable:parameterTypes:)`` was not used
  /// (its routes were read from the JSON); `nil` when it was used, or none was given.
  public var compiledTableProblem: String? { compiled.problem }

  /// Makes a manifest in code.
  ///
  /// - Parameters:
  ///   - version: The format version; 1, the default, is the only one.
  ///   - revision: A number that grows with every manifest published, so an app never goes
  ///     back to an older one; `nil`, the default, for none (a signed manifest needs one).
  ///   - options: How URLs are read and compared; a builder that adds the manifest takes them.
  ///   - hosts: The hosts `http` and `https` links must come from to reach routes that name no
  ///     host; empty, the default, allows every host.
  ///   - routes: The routes, in manifest order.
  public init(
    version: Int = 1, revision: Int? = nil, options: MatchingOptions = MatchingOptions(), hosts: HostAllowList = [],
    routes: [RouteDefinition]
  ) {
    self.version = version
    self.revision = revision
    self.options = options
    self.hosts = hosts
    self.routes = routes
  }

  /// The index in the file of the route at `offset` in ``routes``.
  func position(of offset: Int) -> Int {
    positions.count == routes.count ? positions[offset] : offset
  }

  /// The largest manifest read, in bytes (16 MiB): far above any real table (10,000 routes are
  /// about 600 KB), and low enough that a hostile download cannot exhaust memory.
  package static let maxSize = 16 << 20

  /// Reads a manifest from JSON data.
  ///
  /// - Throws: A `BuildError` with every problem, each a ``ManifestError`` (`invalidManifest`)
  ///   naming the route index, name and field, or saying the data is over `maxSize`.
  public init(data: Data) throws(BuildError) {
    var reader = ManifestReader()
    let manifest = reader.read(data)
    guard reader.errors.isEmpty else { throw BuildError(errors: reader.errors) }
    self = manifest
  }

  /// Reads a manifest from a JSON string.
  ///
  /// - Throws: What ``init(data:)`` throws.
  public init(json: String) throws(BuildError) {
    try self.init(data: Data(json.utf8))
  }

  /// Reads a manifest from a file.
  ///
  /// - Throws: A `BuildError`: one ``ManifestError`` (`invalidManifest`) when the file cannot be
  ///   read, or what ``init(data:)`` throws.
  public init(contentsOf path: String) throws(BuildError) {
    let data: Data
    do {
      data = try Self.contents(ofFile: path)
    } catch {
      throw BuildError(errors: [error])
    }
    try self.init(data: data)
  }

  /// The bytes of a manifest file.
  ///
  /// - Throws: `invalidManifest` naming the file when it cannot
  ///   be read.
  package static func contents(ofFile path: String) throws(ManifestError) -> Data {
    guard FileManager.default.fileExists(atPath: path) else {
      throw ManifestError(.invalidManifest, "cannot read the manifest '\(path)': there is no such file")
    }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw ManifestError(.invalidManifest, "cannot read the manifest '\(path)': \(error)")
    }
  }
}
