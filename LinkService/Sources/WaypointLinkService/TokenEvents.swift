import Metrics

/// `waypoint_links_tokens{event=…}`: tokens issued, redeemed, expired, replayed and refused.
///
/// Made with the service, so a process bootstraps its metrics system before it makes one.
struct TokenEvents: Sendable {
  let issued = Counter(label: "waypoint_links_tokens", dimensions: [("event", "issued")])
  let redeemed = Counter(label: "waypoint_links_tokens", dimensions: [("event", "redeemed")])
  let expired = Counter(label: "waypoint_links_tokens", dimensions: [("event", "expired")])
  let replayed = Counter(label: "waypoint_links_tokens", dimensions: [("event", "replayed")])
  let refused = Counter(label: "waypoint_links_tokens", dimensions: [("event", "refused")])
}
