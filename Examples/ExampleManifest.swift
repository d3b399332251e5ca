public import Foundation
public import Waypoint

/// The notes app's route manifest, bundled with the package: the `waypoint` CLI uses it when no
/// `--manifest` is given, and it shows every form of the pattern language.
public enum ExampleManifest {
  /// The manifest's JSON, as shipped in `Examples/routes.json`.
  public static func data() throws(ManifestError) -> Data {
    guard let url = Bundle.module.url(forResource: "routes", withExtension: "json"),
      let data = try? Data(contentsOf: url)
    else {
      throw ManifestError(.invalidManifest, "the bundled example manifest (routes.json) is missing from the build")
    }
    return data
  }

  /// The manifest, read.
  public static func load() throws(BuildError) -> RouteManifest {
    let bytes: Data
    do {
      bytes = try data()
    } catch {
      throw BuildError(errors: [error])
    }
    return try RouteManifest(data: bytes)
  }
}
