package import Foundation
package import Waypoint

/// `waypoint doctor --live`: a live site's link files and short links against the manifest.
///
/// It fetches, following no redirect (Apple's CDN follows none):
/// - `/.well-known/apple-app-site-association` from the site, which must answer 200 with JSON
///   that opens exactly the manifest's public routes (the checks of ``LinkSetupDoctor``);
/// - Apple's CDN copy of it (`https://app-site-association.cdn-apple.com/a/v1/<host>`), what
///   devices install: the same checks, and a note when it differs from the site's;
/// - `/.well-known/assetlinks.json` when the links file names an Android app: its package and
///   fingerprints;
/// - each short link of the links file: as a link previewer, a page whose `og:title` is the
///   link's title; as Android and a desktop browser, a redirect only to Google Play or the
///   links file's web origin.
///
/// The network is a closure, so the checks run against any server (`LinkService/Tests` runs
/// them against a live `waypoint-links serve`).
package struct LiveDoctor {
  /// What a request answered.
  package struct Answer: Sendable {
    /// The status code.
    package var status: Int
    /// The `Location` header, for a redirect.
    package var location: String?
    /// The `Content-Type` header.
    package var contentType: String?
    /// The body.
    package var body: Data

    /// An answer of `status` with `body`.
    package init(status: Int, location: String? = nil, contentType: String? = nil, body: Data) {
      self.status = status
      self.location = location
      self.contentType = contentType
      self.body = body
    }
  }

  /// GETs a URL with a `User-Agent`, following no redirect; a body over 1 MiB is an error.
  package typealias Fetch = @Sendable (_ url: String, _ userAgent: String) async throws -> Answer

  /// The routes.
  package let manifest: RouteManifest
  /// The site's origin: `https://host`.
  package let origin: String
  /// Apple's CDN URL of the site's association file.
  package let cdn: String
  /// The links file, when given: its short links and apps are checked too.
  package let links: LinkSiteFile?
  private let fetch: Fetch

  /// The checks of the site at `origin` (`https://notes.example.com`).
  ///
  /// - Parameters:
  ///   - manifest: The routes.
  ///   - origin: The site's origin.
  ///   - cdn: Apple's CDN URL of the association file; by default the CDN's for the origin's host.
  ///   - links: A links file whose short links and Android app are checked too.
  ///   - fetch: The network.
  package init(
    manifest: RouteManifest, origin: String, cdn: String? = nil, links: LinkSiteFile? = nil, fetch: @escaping Fetch
  ) {
    self.manifest = manifest
    self.origin = origin.hasSuffix("/") ? String(origin.dropLast()) : origin
    let host = URL(string: origin)?.host ?? origin
    self.cdn = cdn ?? "https://app-site-association.cdn-apple.com/a/v1/\(host)"
    self.links = links
    self.fetch = fetch
  }

  static let previewer = "facebookexternalhit/1.1 Facebot Twitterbot/1.0 (waypoint doctor)"
  static let android = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
  static let desktop = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15"

  /// Every problem found; one that could not be fetched is a problem too.
  package func problems() async -> [LinkSetupDoctor.Problem] {
    var problems: [LinkSetupDoctor.Problem] = []
    let served = await association(
      origin + "/.well-known/apple-app-site-association", name: "the site", into: &problems)
    let installed = await association(cdn, name: "Apple's CDN", into: &problems)
    if let served, let installed, !NSDictionary(dictionary: served).isEqual(to: installed) {
      problems.append(
        .init(
          file: "Apple's CDN", problem: "its copy differs from the site's",
          fix:
            "wait for the CDN to fetch the file again (it does so within a day or two), or reinstall the app in developer mode to fetch it from the site"
        ))
    }
    if let links {
      if let android = links.android { await assetLinks(android, into: &problems) }
      for link in links.links { await shortLink(link, in: links, into: &problems) }
    }
    return problems
  }

  /// The association file at `url` and its problems, or `nil` when it cannot be read.
  private func association(
    _ url: String, name: String, into problems: inout [LinkSetupDoctor.Problem]
  ) async -> [String: Any]? {
    let file = "apple-app-site-association (\(name))"
    let answer: Answer
    do {
      answer = try await fetch(url, Self.desktop)
    } catch {
      problems.append(
        .init(
          file: file, problem: "\(url) could not be fetched: \(printable("\(error)"))",
          fix: "check the host and its TLS"))
      return nil
    }
    guard answer.status == 200 else {
      let redirect = answer.location.map { " to \(printable(String($0.prefix(300))))" } ?? ""
      problems.append(
        .init(
          file: file, problem: "\(url) answered \(answer.status)\(redirect)",
          fix: "serve the file itself at that path with status 200: Apple follows no redirect"))
      return nil
    }
    guard let json = try? JSONSerialization.jsonObject(with: answer.body) as? [String: Any] else {
      problems.append(.init(file: file, problem: "\(url) is not a JSON object", fix: "serve `waypoint aasa`'s output"))
      return nil
    }
    if name == "the site", answer.contentType?.lowercased().hasPrefix("application/json") != true {
      problems.append(
        .init(
          file: file, problem: "served as '\(printable(String((answer.contentType ?? "no type").prefix(100))))'",
          fix: "serve it as application/json"))
    }
    let found = LinkSetupDoctor(
      manifest: manifest, infoPlist: [:], entitlements: nil, siteAssociation: json, linkSite: links != nil
    ).siteAssociationProblems()
    problems += found.map { .init(file: file, problem: $0.problem, fix: $0.fix) }
    return json
  }

  /// `assetlinks.json`: it must name `android`'s package and each of its fingerprints.
  private func assetLinks(_ android: LinkSiteFile.Android, into problems: inout [LinkSetupDoctor.Problem]) async {
    let url = origin + "/.well-known/assetlinks.json"
    guard let answer = try? await fetch(url, Self.desktop), answer.status == 200,
      let statements = try? JSONSerialization.jsonObject(with: answer.body) as? [[String: Any]]
    else {
      problems.append(
        .init(
          file: "assetlinks.json", problem: "\(url) did not answer 200 with a JSON list",
          fix: "serve `waypoint android assetlinks`'s output"))
      return
    }
    let targets = statements.compactMap { $0["target"] as? [String: Any] }
    let target = targets.first { $0["package_name"] as? String == android.package }
    guard let target else {
      problems.append(
        .init(
          file: "assetlinks.json", problem: "no statement names \(android.package)",
          fix: "add one with `waypoint android assetlinks`"))
      return
    }
    let served = Set((target["sha256_cert_fingerprints"] as? [String] ?? []).map { $0.uppercased() })
    for fingerprint in android.sha256 ?? [] where !served.contains(fingerprint.uppercased()) {
      problems.append(
        .init(
          file: "assetlinks.json", problem: "the fingerprint \(fingerprint) is missing",
          fix: "add it to sha256_cert_fingerprints"))
    }
  }

  /// One short link: its preview for previewers, its redirects for Android and desktops.
  private func shortLink(
    _ link: LinkSiteFile.Link, in file: LinkSiteFile, into problems: inout [LinkSetupDoctor.Problem]
  ) async {
    let url = "\(origin)/\(link.code)"
    let name = "short link \(printable(link.code))"
    do {
      let preview = try await fetch(url, Self.previewer)
      let title = "<meta property=\"og:title\" content=\"\(PreviewPage.escaped(link.title))\">"
      if preview.status != 200 || !String(decoding: preview.body, as: UTF8.self).contains(title) {
        problems.append(
          .init(
            file: name,
            problem: "\(url) gave a link preview no og:title '\(printable(link.title))' (status \(preview.status))",
            fix: "serve the link's preview page"))
      }
      let allowed = file.redirectOrigins
      for agent in [Self.android, Self.desktop] {
        let answer = try await fetch(url, agent)
        guard (300..<400).contains(answer.status) else { continue }
        let location = answer.location ?? ""
        if !allowed.contains(where: { location.hasPrefix($0) }) {
          problems.append(
            .init(
              file: name, problem: "\(url) redirects to '\(printable(String(location.prefix(300))))'",
              fix: "redirect only to the app's store or its web origin"))
        }
      }
    } catch {
      problems.append(
        .init(
          file: name, problem: "\(url) could not be fetched: \(printable("\(error)"))", fix: "check the link service"))
    }
  }
}
