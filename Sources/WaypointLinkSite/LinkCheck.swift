package import Waypoint
package import WaypointMatching

/// Whether a manifest change breaks live short links: each link must still open, from outside the
/// app, a public route that shows the same target with the same values as before.
///
/// A link lives as the URL its page and QR code were built with, so a link given by route name is
/// followed from the URL the baseline manifest makes for it; the next build must still be able
/// to make a URL for it too.
///
/// ```swift
/// let broken = LinkCheck.check(links, baseline: try RouteManifest(data: old).router(), current: router)
/// for link in broken { print("\(link.code): \(link.reason)") }
/// ```
package enum LinkCheck {
  /// A short link as the links file gives it.
  package struct Link: Sendable {
    /// The code it is served at.
    package var code: String
    /// The route it names, with `values`; or `nil` when it gives its `url`.
    package var route: String?
    /// The route's parameter values: a segment's value, or a rest's segments.
    package var values: [String: ParameterValue]
    /// Its own URL, when it names no route.
    package var url: String?

    /// A link.
    ///
    /// - Parameters:
    ///   - code: The code it is served at.
    ///   - route: The route it names; `nil` when `url` gives the URL.
    ///   - values: The route's parameter values (a rest's as its segments); none by default.
    ///   - url: Its own URL, when it names no route.
    package init(code: String, route: String? = nil, values: [String: ParameterValue] = [:], url: String? = nil) {
      self.code = code
      self.route = route
      self.values = values
      self.url = url
    }
  }

  /// A link the change breaks, and why.
  package struct Broken: Sendable, Equatable {
    /// The link's code.
    package var code: String
    /// One line on what breaks.
    package var reason: String
  }

  /// Where a link lands: the route that opens its URL from outside (after the redirects it
  /// leads through), the target that route shows, and the values it gets.
  package struct Landing: Equatable {
    /// The route's name, or its pattern.
    package var route: String
    /// The target it shows.
    package var target: String
    /// The values the request gets: path, query, then the route's defaults.
    package var values: [String: String]
  }

  /// The links `current` breaks, in their order: against `baseline` when given (a link that
  /// lands elsewhere, or nowhere, is broken), else each must land on a public route.
  ///
  /// - Parameters:
  ///   - links: The live links.
  ///   - baseline: The router of the manifest the links were built with; `nil` checks only that
  ///     each link opens a public route now.
  ///   - current: The router of the changed manifest.
  ///   - site: The links' origin (`https://notes.example.com`), on which a route whose pattern
  ///     names no scheme makes its link; `nil` leaves such a link as the route makes it.
  /// - Returns: One entry per broken link; empty when none is.
  package static func check(_ links: [Link], baseline: Router?, current: Router, site: String? = nil) -> [Broken] {
    links.compactMap { link in
      problem(with: link, baseline: baseline, current: current, site: site).map {
        Broken(code: link.code, reason: $0)
      }
    }
  }

  /// What breaks `link`, or `nil`.
  static func problem(with link: Link, baseline: Router?, current: Router, site: String? = nil) -> String? {
    guard let baseline else {
      switch url(of: link, router: current, site: site).flatMap({ landing(of: $0, router: current) }) {
      case .success: return nil
      case .failure(let reason): return reason.text
      }
    }
    let live: String
    let before: Landing
    switch url(of: link, router: baseline, site: site) {
    case .success(let url): live = url
    case .failure(let reason): return "the baseline: \(reason.text)"
    }
    switch landing(of: live, router: baseline) {
    case .success(let landing): before = landing
    case .failure(let reason): return "the baseline: \(reason.text)"
    }
    // The live URL, and for a link named by route the URL the next build makes, must land where
    // the live one did.
    var urls = [live]
    if link.url == nil {
      switch url(of: link, router: current, site: site) {
      case .success(let next) where next != live: urls.append(next)
      case .success: break
      case .failure(let reason): return "the next build fails: \(reason.text)"
      }
    }
    for (index, url) in urls.enumerated() {
      let which = index == 0 ? "" : "the next build's link "
      switch landing(of: url, router: current) {
      case .failure(let reason):
        return which + reason.text
      case .success(let after) where after.target != before.target:
        return "\(which)'\(url)' now shows \(after.target) (route '\(after.route)'), not \(before.target) "
          + "(route '\(before.route)')"
      case .success(let after) where after.values != before.values:
        return "\(which)'\(url)' now gives \(describe(after.values)), not \(describe(before.values))"
      case .success:
        continue
      }
    }
    return nil
  }

  /// Why a link does not open, in one line.
  package struct Reason: Error {
    /// The line.
    package var text: String
  }

  /// The URL `link` opens under `router`: its own, or the one its route makes.
  ///
  /// A route whose pattern names no scheme (`/note/<int:id>`) takes `https` links from the
  /// router's hosts: on `site`, its link is `https` on the site's host (`https://notes.example.com
  /// /note/7`), which the router then takes when the site's host is one of its hosts.
  package static func url(of link: Link, router: Router, site: String? = nil) -> Result<String, Reason> {
    if let url = link.url { return .success(url) }
    do throws(RoutingError) {
      let url = try router.url(for: link.route ?? "", parameters: link.values)
      if let site, url.hasPrefix("/"), !url.hasPrefix("//") {
        return .success((site.hasSuffix("/") ? String(site.dropLast()) : site) + url)
      }
      return .success(url)
    } catch {
      return .failure(Reason(text: "the route '\(link.route ?? "")' makes no URL: \(error.message)"))
    }
  }

  /// Where `url` lands under `router` from outside the app, following as many redirects as
  /// `Router.open` does (eight).
  package static func landing(of url: String, router: Router) -> Result<Landing, Reason> {
    var current = url
    for _ in 0...8 {
      let resolution = router.resolve(current, origin: .universalLink)
      guard resolution.error == nil, let route = resolution.route, let request = resolution.request else {
        return .failure(
          Reason(text: "'\(url)' opens no public route (\(resolution.error?.message ?? "no route takes it"))"))
      }
      if let next = resolution.redirect {
        current = next
        continue
      }
      guard let target = route.target else {
        return .failure(
          Reason(text: "'\(url)' opens the route '\(route.name ?? route.pattern)', which shows no target"))
      }
      return .success(Landing(route: route.name ?? route.pattern, target: target, values: request.urlValues))
    }
    return .failure(Reason(text: "'\(url)' leads through more than eight redirects"))
  }

  private static func describe(_ values: [String: String]) -> String {
    values.isEmpty
      ? "no values" : values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
  }
}
