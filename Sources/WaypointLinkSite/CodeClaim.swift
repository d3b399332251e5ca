package import Waypoint

/// How a link site's association file claims its short links, so a tap on one opens the
/// installed app instead of the browser.
///
/// A links file chooses it with `"claim"`; ``namespace`` is the default.
package enum CodeClaim: String, Sendable, Codable, CaseIterable {
  /// Every path that can be a code: one segment of 1 to 64 letters, digits, `-` and `_`,
  /// starting with a letter or digit. A code made after the app was built opens the app too, which
  /// resolves it (its table, or the service when its table lacks it).
  case namespace
  /// The live codes, one component each (`/code` and `/code/`): a code made later shows its page
  /// until the file is fetched again. Refused past ``AppSiteAssociation/exactLimit``.
  case codes
}

extension AppSiteAssociation {
  /// The largest association file ``CodeClaim/codes`` writes: 100 KiB, below the 128 KB Apple's
  /// CDN fetches.
  package static let exactLimit = 100 * 1_024

  /// What the link site keeps for itself, first in its file: a link's `#web` form (the page,
  /// always: the app sends a link it cannot open there, and it must not come back), the
  /// `.well-known` files, the service's API, `robots.txt` and the QR codes.
  package static let siteExclusions: [Component] = [
    Component(path: "*", fragment: "web", exclude: true, caseSensitive: true, comment: "a link's #web form: the page"),
    Component(path: "/.well-known/*", exclude: true, caseSensitive: true, comment: "the site's own files"),
    Component(path: "/v1/*", exclude: true, caseSensitive: true, comment: "the link service's API"),
    Component(path: "/robots.txt", exclude: true, caseSensitive: true, comment: "the robots rules"),
    Component(path: "/*/qr.svg", exclude: true, caseSensitive: true, comment: "a link's QR code"),
  ]

  /// The paths no code has, excluded after the routes and before the code namespace: more than
  /// one segment, a first character other than a letter or digit, a character a code never holds
  /// (`%` covers every percent-encoded one), more characters than a code and a final slash.
  ///
  /// `*` and `?` are the format's wildcards, so a path holding them raw cannot be excluded; the
  /// app sends such a link to the web (``LinkSite`` short links never hold them).
  package static let notCodes: [Component] =
    [
      Component(path: "/*/?*", exclude: true, caseSensitive: true, comment: "more than one segment: no code"),
      Component(path: "/-*", exclude: true, caseSensitive: true, comment: "a code starts with a letter or digit"),
      Component(path: "/_*", exclude: true, caseSensitive: true, comment: "a code starts with a letter or digit"),
    ]
    + ".~!$&'()+,;=:@%".map { character in
      Component(path: "/*\(character)*", exclude: true, caseSensitive: true, comment: "no code holds '\(character)'")
    }
    + [
      Component(
        path: "/" + String(repeating: "?", count: 66) + "*", exclude: true, caseSensitive: true,
        comment: "longer than a code")
    ]

  /// The component that claims every code.
  package static let codeNamespace = Component(
    path: "/?*", exclude: false, caseSensitive: false, comment: "every short link's code (codes ignore case)")

  /// The association file of a link site: ``siteExclusions``, then the app's public routes on the
  /// site's host (with its internal ones excluded before them), then the codes as `file` claims
  /// them (``CodeClaim``), for the site's host and its alternate host.
  ///
  /// - Parameters:
  ///   - file: The site, its apps and its claim.
  ///   - manifest: The routes.
  ///   - appIDs: The apps that open the links.
  ///   - codes: The live codes, for ``CodeClaim/codes``.
  /// - Throws: A ``LinkSiteError`` when the exact codes make a file over ``exactLimit``.
  package init(
    linkSite file: LinkSiteFile, manifest: RouteManifest, appIDs: [String], codes: [String]
  ) throws(LinkSiteError) {
    let claim = file.claim ?? .namespace
    let siteHost = LinkSite.host(of: file)
    self.init(
      manifest: manifest, appIDs: appIDs, host: siteHost,
      alsoClaimed: claim == .namespace ? [Self.codeNamespace.path] : codes.map { "/" + $0 })
    for route in components where !route.exclude {
      if let kept = Self.siteExclusions.first(where: { $0.fragment == nil && Self.glob($0.path, matches: route.path) })
      {
        warnings.append(
          "route '\(route.comment)' (\(route.path)) is under \(kept.path), which the link site keeps for itself "
            + "(\(kept.comment)); its links show the website")
      }
    }
    var claimed = Self.siteExclusions + components
    switch claim {
    case .namespace:
      claimed += Self.notCodes + [Self.codeNamespace]
    case .codes:
      for code in codes.sorted() {
        for path in ["/" + code, "/" + code + "/"] {
          claimed.append(Component(path: path, exclude: false, caseSensitive: false, comment: ""))
        }
      }
    }
    components = claimed
    hosts = ([siteHost] + [file.alternateOrigin.flatMap { LinkSite.host(ofOrigin: $0) }]).compactMap { $0 }
    if claim == .codes, json.utf8.count > Self.exactLimit {
      throw LinkSiteError(
        "the association file listing \(codes.count) codes is \(json.utf8.count) bytes, over "
          + "\(Self.exactLimit / 1_024) KiB (Apple's CDN fetches 128 KB at most); claim the code namespace instead "
          + "(\"claim\": \"namespace\")")
    }
  }
}
