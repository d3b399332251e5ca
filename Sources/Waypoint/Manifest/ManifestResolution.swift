/// What resolving one URL against a manifest's table gave: the match with its merged parameters
/// and redirect, or the error.
///
/// ```swift
/// let table = try manifest.makeTable()
/// let resolution = table.resolve("myapp://user/42", origin: .external())
/// resolution.parameters  // [("id", "42"), ("tab", "posts")]: defaults fill absent names
/// ```
public struct ManifestResolution: Sendable {
  /// The URL as given.
  public let url: String
  /// The matching route, or `nil` when the URL did not resolve.
  public let match: RouteMatch<ManifestRoute>?
  /// Why the URL did not resolve, or `nil`.
  public let error: RoutingError?

  /// The path parameters in pattern order (a named rest joined with `/`), then the route's
  /// defaults for names the path did not supply, sorted by name.
  public var parameters: [(name: String, value: String)] {
    guard let match else { return [] }
    var pairs = Array(match.parameters)
    let captured = Set(pairs.map(\.name))
    for (name, value) in match.route.payload.defaults.sorted(by: { $0.key < $1.key }) where !captured.contains(name) {
      pairs.append((name, value))
    }
    return pairs
  }

  /// The URL the route redirects to, its parameters filled from this match and the original
  /// query and fragment kept; `nil` when the route does not redirect.
  public var redirect: String? {
    guard let match, let template = match.route.payload.redirect,
      let pattern = try? RoutePattern(template, options: match.url.options)
    else { return nil }
    let parameters = Dictionary(match.parameters.map { ($0.name, $0.value) }) { first, _ in first }
    return RedirectTemplate.fill(pattern, parameters: parameters, rest: match.rest, url: match.url)
  }
}

extension RouteTable where Payload == ManifestRoute {
  /// Resolves `url` as a link from `origin`: an external origin reaches only public routes, and
  /// an internal route then answers exactly as an unknown URL does.
  public func resolve(_ url: String, origin: Origin = .internal) -> ManifestResolution {
    let candidates: Candidates
    do {
      candidates = try self.candidates(for: url)
    } catch {
      return ManifestResolution(url: url, match: nil, error: error)
    }
    for candidate in candidates where !origin.isExternal || candidate.payload.exposure == .public {
      return ManifestResolution(url: url, match: candidate, error: nil)
    }
    return ManifestResolution(url: url, match: nil, error: RoutingError.notFound(url))
  }
}

extension RoutingError {
  /// The one answer for a URL no route takes, whether none exists or none may be reached.
  public static func notFound(_ url: String) -> RoutingError {
    RoutingError(.notFound, "no route matches '\(url)'", url: url)
  }
}
