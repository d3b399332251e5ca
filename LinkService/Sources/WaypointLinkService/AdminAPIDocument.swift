import Foundation

/// The OpenAPI document of the link service's API, served at `/v1/openapi.json`: the resource
/// file `Resources/openapi.json`.
///
/// Written by hand beside the routes; `AdminAPITests` checks that its paths and methods are the
/// routes the service answers, each way.
enum AdminAPIDocument {
  /// The document's text; a service whose bundle lost the file answers an empty object.
  static let json: String = {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return "{}" }
    return text
  }()
}
