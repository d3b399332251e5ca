public import Waypoint

/// The walk `waypoint demo --tour` takes through the example manifest: each stop is a link,
/// where it comes from, and what it shows about Waypoint.
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
}
