/// The trie roots for one priority, by the scheme and host their routes are restricted to.
///
/// Not generic, so a lookup never asks the runtime for generic metadata.
struct PriorityLayer: Sendable {
  var priority: Int
  var schemes: [Substring: SchemeRoots] = [:]
  var anyScheme: Int32 = -1

  /// The roots for one scheme: by host, and for any host.
  struct SchemeRoots: Sendable {
    var hosts: [Substring: Int32] = [:]
    var anyHost: Int32 = -1
  }

  /// Calls `body` with each trie root that may serve `url`, in precedence order, until it
  /// returns `false`.
  ///
  /// With `hostsOnly`, only roots of routes that name `url`'s host serve it (a host the
  /// ``HostAllowList`` refuses).
  ///
  /// The map page's twin: `roots` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  @discardableResult
  static func forEachRoot(
    of url: ParsedURL, in layers: [PriorityLayer], hostsOnly: Bool = false, _ body: (Int32) -> Bool
  ) -> Bool {
    for layer in layers {
      if let scheme = url.lowercasedScheme, let roots = layer.schemes[scheme] {
        if let host = url.host, let root = roots.hosts[host], !body(root) { return false }
        if !hostsOnly, roots.anyHost >= 0, !body(roots.anyHost) { return false }
      }
      if !hostsOnly, layer.anyScheme >= 0, !body(layer.anyScheme) { return false }
    }
    return true
  }
}
