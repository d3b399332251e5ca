package import Waypoint

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files of a short-link site, worked out from a links file and the manifest's router:
/// what `waypoint links build` writes and the link service serves.
package struct LinkSite {
  /// Each file's text by its path from the site's root.
  package private(set) var files: [String: String] = [:]
  /// What the site association file cannot express exactly, as `waypoint aasa` warns of it.
  package private(set) var warnings: [String] = []

  /// One link the site serves, checked.
  package struct Entry: Sendable, Equatable {
    /// The link as the links file gives it.
    package var link: LinkSiteFile.Link
    /// `<origin>/<code>`.
    package var shortLink: String
    /// The URL the link opens in the app: https, on the site's host.
    package var appLink: String
    /// Where the app takes it: the public route, its target and values.
    package var landing: LinkCheck.Landing
  }

  /// The site of `file`'s links, each checked against `router`.
  ///
  /// - Parameters:
  ///   - file: The site and its links.
  ///   - router: The manifest's router, which each link must reach from outside the app.
  ///   - manifest: The manifest, for the site association file.
  ///   - sign: What the Continue button copies for a link's app link (the link itself, or a
  ///     signed form of it).
  /// - Throws: A ``LinkSiteError`` naming every link that does not resolve, from outside the
  ///   app, to a public https route on the site's host; nothing is built then.
  package init(
    file: LinkSiteFile, router: Router, manifest: RouteManifest, sign: (String) throws -> String
  ) throws {
    var problems: [String] = []
    for link in file.links {
      let entry: Entry
      switch Self.entry(for: link, in: file, router: router) {
      case .success(let checked): entry = checked
      case .failure(let problem):
        problems.append("\(link.code): \(problem.message)")
        continue
      }
      let page = Self.page(for: entry, in: file, copied: try sign(entry.appLink))
      files["\(link.code)/index.html"] = page.html
      do {
        files["\(link.code)/qr.svg"] = try QRCode(entry.shortLink).svg
      } catch {
        problems.append("\(link.code): \(error)")
      }
    }
    guard problems.isEmpty else {
      throw LinkSiteError(
        "\(problems.count) link(s) cannot be served:\n" + problems.map { "  " + printable($0) }.joined(separator: "\n"))
    }
    let known = try Self.wellKnown(file: file, manifest: manifest, codes: file.links.map(\.code))
    files.merge(known.files) { _, new in new }
    warnings = known.warnings
    files["robots.txt"] = Self.robots
  }

  /// The robots rules: previewers and search engines may read the pages, which ask not to be
  /// indexed.
  package static let robots = """
    # Link previewers and search engines may read the preview pages (each asks not to be indexed).
    User-agent: *
    Allow: /

    """

  /// The `.well-known` files of `file`'s site (the association file when the file names iOS app
  /// ids, `assetlinks.json` when it names Android fingerprints, each claiming the codes as the
  /// file says: ``CodeClaim``) and the association file's warnings.
  ///
  /// - Parameters:
  ///   - file: The site, its apps and its claim.
  ///   - manifest: The routes.
  ///   - codes: The live codes (the file's, or the link service's now), which
  ///     ``CodeClaim/codes`` lists.
  /// - Returns: Each file's text by its path, and the warnings.
  /// - Throws: A ``LinkSiteError`` when the exact codes make a file over
  ///   ``AppSiteAssociation/exactLimit``.
  package static func wellKnown(file: LinkSiteFile, manifest: RouteManifest, codes: [String]) throws(LinkSiteError)
    -> (files: [String: String], warnings: [String])
  {
    var files: [String: String] = [:]
    let association = try AppSiteAssociation(
      linkSite: file, manifest: manifest, appIDs: file.apple?.appIDs ?? [], codes: codes)
    if let appIDs = file.apple?.appIDs, !appIDs.isEmpty {
      files[".well-known/apple-app-site-association"] = association.json + "\n"
    }
    if let android = file.android, let fingerprints = android.sha256, !fingerprints.isEmpty {
      files[".well-known/assetlinks.json"] = AssetLinks.json(
        package: android.package, fingerprints: fingerprints, components: association.components)
    }
    return (files, file.apple?.appIDs?.isEmpty == false ? association.warnings : [])
  }

  /// The preview page of `entry`, its Continue button copying `copied`.
  package static func page(for entry: Entry, in file: LinkSiteFile, copied: String) -> PreviewPage {
    var page = PreviewPage(title: entry.link.title, shortLink: entry.shortLink, appLink: entry.appLink)
    page.description = entry.link.description
    page.image = entry.link.image
    page.copied = copied
    page.appStoreID = file.apple?.appStoreID
    page.androidPackage = file.android?.package
    if let alternate = file.alternateOrigin { page.openInApp = "\(alternate)/\(entry.link.code)" }
    return page
  }

  /// The site's host, lowercased.
  static func host(of file: LinkSiteFile) -> String? { host(ofOrigin: file.origin) }

  /// The host of `origin`, lowercased.
  static func host(ofOrigin origin: String) -> String? { URL(string: origin)?.host?.lowercased() }

  /// `link` checked: the URL it opens resolves from outside the app to a public route of
  /// `router`, past redirects, is an https link on the site (it starts with the site's origin and
  /// a slash: the same scheme, host and port, and no user part a browser would read another
  /// host after), and its short link is not a path the app opens itself.
  package static func entry(
    for link: LinkSiteFile.Link, in file: LinkSiteFile, router: Router
  ) -> Result<Entry, LinkSiteError> {
    let origin = file.origin
    let url: String
    switch LinkCheck.url(of: link.checked, router: router, site: origin) {
    case .success(let made): url = made
    case .failure(let reason): return .failure(LinkSiteError(reason.text))
    }
    let landing: LinkCheck.Landing
    switch LinkCheck.landing(of: url, router: router) {
    case .success(let landed): landing = landed
    case .failure(let reason): return .failure(LinkSiteError(reason.text))
    }
    guard PreviewPage.isSafe(url), url.lowercased().hasPrefix(origin.lowercased() + "/") else {
      return .failure(
        LinkSiteError(
          "'\(url)' (route '\(landing.route)') is not an https link on \(host(of: file) ?? origin), "
            + "which the site's association file covers"))
    }
    let shortLink = "\(origin)/\(link.code)"
    if let route = claimant(of: shortLink, router: router) {
      return .failure(
        LinkSiteError(
          "'\(shortLink)' is a path the app opens itself (route '\(route)'), so the page would never show; "
            + "choose another code"))
    }
    return .success(Entry(link: link, shortLink: shortLink, appLink: url, landing: landing))
  }

  /// The route of the app's that takes the short link `shortLink` itself, when one does: its
  /// path is then the app's (the site association file claims it), and the app opens it instead
  /// of the preview page.
  static func claimant(of shortLink: String, router: Router) -> String? {
    let resolution = router.resolve(shortLink, origin: .universalLink)
    return resolution.route.map { $0.name ?? $0.pattern }
  }
}

/// Android's `assetlinks.json`, which lets an app open a site's links.
package enum AssetLinks {
  /// The assetlinks.json of the app `package` signed with the certificates of `fingerprints`
  /// (checked by the caller), with a final newline.
  ///
  /// With `components`, the statement carries them as Android 15's dynamic rules
  /// (`relation_extensions` → `dynamic_app_link_components`, first match wins, with the same `/`,
  /// `#` and `exclude` as the association file), narrowing what the intent filters claim on the
  /// site's host; earlier versions ignore them
  /// (https://developer.android.com/training/app-links/configure-assetlinks). Android's rules
  /// compare case-sensitively: a case-insensitive component is written as it is.
  package static func json(package: String, fingerprints: [String], components: [AppSiteAssociation.Component] = [])
    -> String
  {
    let fingerprintLines = fingerprints.map { "        " + JSONString.quote($0.uppercased()) }
    var statement = """
        {
          "relation" : [
            "delegate_permission/common.handle_all_urls"
          ],
          "target" : {
            "namespace" : "android_app",
            "package_name" : \(JSONString.quote(package)),
            "sha256_cert_fingerprints" : [
      \(fingerprintLines.joined(separator: ",\n"))
            ]
          }
      """
    if !components.isEmpty {
      let rules = components.map { component in
        var fields = ["\"/\" : \(JSONString.quote(component.path))"]
        if let fragment = component.fragment { fields.append("\"#\" : \(JSONString.quote(fragment))") }
        if component.exclude { fields.append("\"exclude\" : true") }
        return "          { " + fields.joined(separator: ", ") + " }"
      }
      statement += """
        ,
            "relation_extensions" : {
              "delegate_permission/common.handle_all_urls" : {
                "dynamic_app_link_components" : [
        \(rules.map { "    " + $0 }.joined(separator: ",\n"))
                ]
              }
            }
        """
    }
    return "[\n" + statement + "\n  }\n]\n"
  }
}
