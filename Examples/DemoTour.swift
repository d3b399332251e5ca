public import Waypoint

/// The walk `waypoint demo` takes through the example manifest: each stop is a link, where it
/// comes from, and what it shows about Waypoint.
public enum DemoTour {
  /// One link of the tour.
  public struct Stop: Sendable {
    /// What the stop shows.
    public let title: String
    /// The link.
    public let url: String
    /// Where the link comes from.
    public let origin: Origin
  }

  /// The tour's links, in order.
  public static let stops: [Stop] = [
    Stop(title: "A typed parameter, with a default filling an absent name", url: "notes://note/42", origin: .internal),
    Stop(
      title: "A literal beats a parameter; the query keeps every value", url: "notes://note/42/edit?tag=a&tag=b",
      origin: .internal),
    Stop(
      title: "A regex parameter", url: "notes://user/login/5551234",
      origin: .external(sourceApplication: "com.example.mail")),
    Stop(
      title: "The regex refuses letters, so the low-priority fallback answers", url: "notes://user/login/abc",
      origin: .internal),
    Stop(
      title: "An optional group, present", url: "notes://folder/7f1c6a3e-1b2c-4d5e-8f90-123456789abc/page/2",
      origin: .internal),
    Stop(
      title: "An optional group, absent", url: "notes://folder/7f1c6a3e-1b2c-4d5e-8f90-123456789abc", origin: .internal),
    Stop(title: "An affixed parameter", url: "notes://export/42.pdf", origin: .internal),
    Stop(
      title: "A rest parameter; '%2F' stays inside its segment", url: "notes://files/projects/q3%2Fq4/plan.txt",
      origin: .internal),
    Stop(title: "Backtracking: '/auth/google' takes ':provider'", url: "/auth/google", origin: .internal),
    Stop(
      title: "'/auth/google/callback' takes the literal route", url: "/auth/google/callback?code=x+y%2Bz",
      origin: .internal),
    Stop(title: "A legacy link redirects, keeping its query", url: "notes://n/7?ref=mail", origin: .external()),
    Stop(title: "An http(s) link keeps its host apart", url: "https://NOTES.example.com/n/9", origin: .universalLink),
    Stop(title: "Priority 10 wins over everything else", url: "notes://promo/spring", origin: .notification),
    Stop(
      title: "An internal route from outside answers like an unknown one", url: "/settings/privacy", origin: .external()
    ),
    Stop(title: "…exactly like this unknown one", url: "/nowhere", origin: .external()),
    Stop(title: "An invalid escape is refused with the rule it breaks", url: "notes://note/%zz", origin: .internal),
  ]

  /// Resolves every stop against `table` and hands each printed step to `write`.
  public static func run(table: RouteTable<ManifestRoute>, write: (String) -> Void) {
    write("Waypoint demo: \(stops.count) links against the bundled notes manifest (\(table.routes.count) routes)")
    for (number, stop) in stops.enumerated() {
      write("")
      write("\(number + 1). \(stop.title)")
      write("   open \(stop.url)  [origin: \(stop.origin)]")
      let resolution = table.resolve(stop.url, origin: stop.origin)
      for line in describe(resolution) { write("   " + line) }
    }
  }

  /// The resolution as indented lines for people.
  public static func describe(_ resolution: ManifestResolution) -> [String] {
    guard let match = resolution.match else {
      let error = resolution.error ?? RoutingError.notFound(resolution.url)
      return ["✗ \(error.code): \(error.message)"]
    }
    let route = match.route.payload
    var lines = ["→ \(route.name ?? "(unnamed)")  \(route.pattern)"]
    if let target = route.target {
      lines.append("  target      \(target) (\(route.presentation ?? "no presentation"))")
    }
    let parameters = resolution.parameters
    if !parameters.isEmpty {
      lines.append("  parameters  " + parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "  "))
    }
    if let rest = match.rest { lines.append("  rest        " + rest.map { "[\($0)]" }.joined(separator: " ")) }
    let query = match.url.queryItems
    if !query.isEmpty {
      lines.append("  query       " + query.map { "\($0.name)=\($0.value)" }.joined(separator: "  "))
    }
    if let redirect = resolution.redirect { lines.append("  redirect    \(redirect)") }
    return lines
  }
}
