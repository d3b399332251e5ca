import Waypoint

/// Workload 4: a realistic app table of about 200 routes with regex and typed parameters,
/// optional groups, query strings and percent-encoded values.
public struct AppWorkload {
  public let patterns: [String]
  public let urls: [String]

  public init(seed: UInt64 = 7, lookups: Int = 5_000) {
    var patterns: [String] = []
    let features = ["notes", "folders", "tags", "users", "teams", "billing", "settings", "search", "share", "media"]
    for (index, feature) in features.enumerated() {
      patterns += [
        "myapp://\(feature)", "myapp://\(feature)/<int:id>", "myapp://\(feature)/<int:id>/open(/edit)",
        "myapp://\(feature)/<uuid:uuid>/history", "myapp://\(feature)/:slug([a-z0-9-]+)/view",
        "myapp://\(feature)/<int:id>/comments(/<int:comment>)", "myapp://\(feature)/archive/<int:year>(/<int:month>)",
        "myapp://\(feature)/export/:name.pdf", "myapp://\(feature)/files/*path",
        "https://app.example.com/\(feature)/<int:id>",
        "/\(feature)/item-:code", "/\(feature)/<double:lat>/<double:lon>", "/\(feature)/flags/<bool:on>",
        "myapp://\(feature)/by/:owner/:name", "myapp://\(feature)/v\(index)/settings/:section",
        "myapp://\(feature)/compare/<int:a>/<int:b>", "myapp://\(feature)/<int:id>/share/:channel([a-z]+)",
        "myapp://\(feature)/new", "myapp://\(feature)/recent(/<int:count>)", "/\(feature)/legacy/:id",
      ]
    }
    var generator = SeededGenerator(seed: seed)
    let samples = [
      "myapp://notes/42?tab=posts&sort=desc", "myapp://folders/7/open/edit",
      "myapp://tags/7f1c6a3e-1b2c-4d5e-8f90-123456789abc/history",
      "myapp://users/ann-lee/view?ref=mail", "myapp://teams/3/comments/9", "myapp://billing/archive/2026/11",
      "myapp://settings/export/Q3%20report.pdf", "myapp://search/files/a/b%2Fc/d.txt",
      "https://app.example.com/share/12?utm_source=x+y",
      "/media/item-AB12", "/notes/52.52/13.40", "/tags/flags/true", "myapp://users/by/ann/caf%C3%A9",
      "myapp://teams/v4/settings/privacy", "myapp://billing/compare/1/2", "myapp://share/5/share/email",
      "myapp://notes/new", "myapp://media/recent/20", "/folders/legacy/99", "myapp://nowhere/at/all",
    ]
    self.patterns = patterns
    self.urls = (0..<lookups).map { _ in samples[Int.random(in: 0..<samples.count, using: &generator)] }
  }

  public func buildWaypoint() throws -> RouteTable<Int> {
    var builder = RouteTableBuilder<Int>()
    for (index, pattern) in patterns.enumerated() { builder.add(pattern, payload: index) }
    return try builder.build()
  }

  public static func lookUp(_ table: RouteTable<Int>, _ urls: [String]) -> Int {
    var checksum = 0
    for url in urls {
      guard let match = try? table.match(url) else { continue }
      checksum &+= match.payload &+ match.parameters.count &+ match.url.queryItems.count
    }
    return checksum
  }
}
