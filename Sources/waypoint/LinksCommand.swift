import ArgumentParser
import Foundation
import Waypoint
import WaypointLinkSite
import WaypointMatching
import WaypointSignedLinks

/// `waypoint links`: short links built from the manifest.
struct LinksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "links",
    abstract: "Short links to the manifest's public routes, with their preview pages.",
    subcommands: [LinksBuildCommand.self, LinksCheckCommand.self, LinksImportCommand.self])
}

/// `waypoint links import-fdl`: a Firebase Dynamic Links export as a links file.
struct LinksImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-fdl",
    abstract: "Turn a Firebase Dynamic Links export (CSV) into a links file. Exit 0 all imported, 1 some listed.",
    discussion: """
      The CSV's header names a short link column and a long link or link column. Each row's deep \
      link (the link column, or the long link's 'link' parameter) must open a public route of the \
      manifest from outside the app, on --site; the row then becomes a link whose code is the \
      short link's last segment, with the social title, description and image (st, sd, si). Rows \
      that do not are listed on standard error with the reason, and every other Dynamic Link \
      parameter is named with what replaces it. The links file is written to --output, or printed.

      Example:
        waypoint links import-fdl --manifest routes.json --site https://notes.example.com export.csv --output links.json
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(help: ArgumentHelp("The short links' new origin, https://host.", valueName: "origin"))
  var site: String

  @Option(
    help: ArgumentHelp("Where to write the links file; it must not exist. Printed when not given.", valueName: "file"))
  var output: String?

  @Argument(help: "The export (CSV).")
  var export: String

  func run() throws {
    guard PreviewPage.isSafe(site), let url = URL(string: site), url.host != nil, url.user == nil,
      url.path.isEmpty || url.path == "/", url.query == nil
    else {
      throw CommandFailure.usage("waypoint: --site is an https origin (https://links.example.com), not '\(site)'")
    }
    let data = try readData(export)
    guard data.count <= 64 << 20 else { throw CommandFailure.usage("waypoint: \(export) is over 64 MiB") }
    let imported = FirebaseImport(csv: String(decoding: data, as: UTF8.self), site: site, router: try manifest.router())
    for row in imported.imported where !row.notCarried.isEmpty {
      standardError(printable("row \(row.line) (\(row.code)): not carried: " + row.notCarried.joined(separator: "; ")))
    }
    for row in imported.skipped { standardError(printable("row \(row.line): \(row.reason)")) }
    let file = Self.linksFile(imported, site: site)
    if let output {
      do {
        try Data(file.utf8).write(to: URL(fileURLWithPath: output), options: .withoutOverwriting)
      } catch {
        throw CommandFailure.usage("waypoint: cannot write '\(output)' (it exists, or its folder does not): \(error)")
      }
    } else {
      print(file, terminator: "")
    }
    let rows = imported.imported.count + imported.skipped.count
    standardError("imported \(imported.imported.count) of \(rows) rows; \(imported.skipped.count) listed above")
    if !imported.skipped.isEmpty { throw ExitCode(1) }
  }

  /// The links file of `imported` rows, with the App Store id and Android package when the rows
  /// name one each.
  static func linksFile(_ imported: FirebaseImport, site: String) -> String {
    struct File: Encodable {
      var site: String
      var apple: LinkSiteFile.Apple?
      var android: LinkSiteFile.Android?
      var links: [Link]
    }
    struct Link: Encodable {
      var code: String
      var url: String
      var title: String
      var description: String?
      var image: String?
    }
    let file = File(
      site: site,
      apple: imported.appStoreIDs.count == 1
        ? LinkSiteFile.Apple(appIDs: nil, appStoreID: imported.appStoreIDs.first) : nil,
      android: imported.androidPackages.count == 1
        ? LinkSiteFile.Android(package: imported.androidPackages.first ?? "", sha256: nil) : nil,
      links: imported.imported.map {
        Link(code: $0.code, url: $0.url, title: $0.title, description: $0.description, image: $0.image)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: (try? encoder.encode(file)) ?? Data(), as: UTF8.self) + "\n"
  }
}

/// `waypoint links check`: whether a manifest change breaks live links.
struct LinksCheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check that a manifest change breaks no live link. Exit 0 none broken, 1 some, 2 usage error.",
    discussion: """
      Each link of the links file must still open, from outside the app, a public route showing       the same target with the same values as under --baseline (the manifest the site was built       with), after any redirects; a link named by route must still make a URL. Without       --baseline, each link must open a public route. One line per broken link: its code and why.

      Example (in CI, against the manifest the live site was built from):
        waypoint links check --links links.json --manifest routes.json --baseline published/routes.json
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(help: ArgumentHelp("The links file (JSON).", valueName: "file"))
  var links: String

  @Option(help: ArgumentHelp("The manifest the live links were built with.", valueName: "file"))
  var baseline: String?

  func run() throws {
    let file = try LinkSiteFile.read(readData(links), name: links)
    let current = try manifest.router()
    let before = try baseline.map { try ManifestOptions.router(from: try readData($0), sourceName: $0) }
    let checked = file.links.map(\.checked)
    let broken = LinkCheck.check(checked, baseline: before, current: current)
    for link in broken { print(printable("\(link.code): \(link.reason)")) }
    let against = baseline.map { " against \($0)" } ?? ""
    guard broken.isEmpty else {
      print("links check: \(broken.count) of \(checked.count) links broken\(against)")
      throw ExitCode(1)
    }
    print("links check: \(checked.count) links, none broken\(against)")
  }
}

/// `waypoint links build`: a static site of short links any web host serves.
struct LinksBuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Write a static site of short links: preview pages, QR codes, the site association files, robots.txt.",
    discussion: """
      The links file names the site and each link by its code: a public route by name with its \
      values, or a URL. Every link must resolve, from outside the app, to a public https route of \
      the manifest on the site's own host; a link that does not is refused with the reason, and \
      nothing is written. The site gets <code>/index.html (Open Graph and Twitter tags, the Smart \
      App Banner, store buttons, a Continue button that copies the link, signed with --private), \
      <code>/qr.svg, /.well-known/apple-app-site-association (exactly the public routes), \
      /.well-known/assetlinks.json and /robots.txt.

      Example:
        waypoint links build --manifest routes.json --links links.json --output site
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(help: ArgumentHelp("The links file (JSON).", valueName: "file"))
  var links: String

  @Option(help: ArgumentHelp("The folder to write the site to; it must be empty or not exist.", valueName: "folder"))
  var output: String

  @Option(
    name: .customLong("private"),
    help: ArgumentHelp("A private key file: the Continue button then copies a signed link.", valueName: "file"))
  var privatePath: String?

  @Option(help: "The private key's id, which must be the one the key file names.")
  var keyID: String?

  @Option(help: "Days until a copied signed link expires (default 30).")
  var expiresInDays: Int = 30

  @Option(help: ArgumentHelp("Sign as of this Unix time instead of now.", valueName: "seconds"))
  var at: Int?

  func run() throws {
    let file = try LinkSiteFile.read(readData(links), name: links)
    let router = try manifest.router()
    var signer: (String) throws -> String = { $0 }
    if let privatePath {
      guard let keyID else { throw CommandFailure.usage("waypoint: --private needs --key-id") }
      let key = try load(privatePath) { text throws(SigningKeyError) in try SigningKey(fileText: text) }
      guard key.keyID == keyID else {
        throw CommandFailure.usage("waypoint: \(privatePath) holds key '\(key.keyID)', not '\(keyID)'")
      }
      guard (1...3650).contains(expiresInDays) else {
        throw CommandFailure.usage("waypoint: --expires-in-days is 1 to 3650")
      }
      let expiry = (at.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date())
        .addingTimeInterval(TimeInterval(expiresInDays) * 86_400)
      signer = { url in try LinkSigner(key: key).sign(url, expiresAt: expiry) }
    }
    let site = try LinkSite(file: file, router: router, manifest: try manifest.routeManifest(), sign: signer)
    for warning in site.warnings { standardError("warning: \(warning)") }
    try Self.write(site.files, to: output)
    print("wrote \(file.links.count) links to \(output) (\(site.files.count) files)")
  }

  /// Writes `files` (paths relative to the site's root) under `folder`, which must be empty or
  /// not exist.
  static func write(_ files: [String: String], to folder: String) throws {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    if manager.fileExists(atPath: folder, isDirectory: &isFolder) {
      guard isFolder.boolValue, (try? manager.contentsOfDirectory(atPath: folder))?.isEmpty == true else {
        throw CommandFailure.usage("waypoint: '\(folder)' is not an empty folder; give a new or empty one")
      }
    }
    for (path, text) in files.sorted(by: { $0.key < $1.key }) {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(path)
      try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
  }
}

/// A links file: the site and its links.
///
/// ```json
/// {"site": "https://notes.example.com",
///  "apple": {"appIDs": ["ABCDE12345.com.example.notes"], "appStoreID": "1234567890"},
///  "android": {"package": "com.example.notes", "sha256": ["AB:CD:…"]},
///  "links": [{"code": "welcome", "route": "note", "values": {"id": "42"}, "title": "Welcome"}]}
/// ```
struct LinkSiteFile: Decodable {
  /// The site's origin, `https://host[:port]` (`http://localhost…` for a local test).
  var site: String
  /// The iOS app: its app ids (for the site association file) and App Store id.
  var apple: Apple?
  /// The Android app: its package and signing certificates' fingerprints.
  var android: Android?
  /// The links.
  var links: [Link]

  /// A parameter's value: one segment's text, or a rest's segments.
  struct Value: Decodable {
    var value: ParameterValue

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        value = .value(text)
      } else {
        value = .segments(try container.decode([String].self))
      }
    }
  }

  struct Apple: Codable {
    var appIDs: [String]?
    var appStoreID: String?
  }

  struct Android: Codable {
    var package: String
    var sha256: [String]?
  }

  /// One short link.
  struct Link: Decodable {
    /// The code the link is served at: `/<code>`.
    var code: String
    /// A route's name, filled with `values`; or give `url`.
    var route: String?
    /// The route's parameter values: a string, or a rest's segments as a list of strings.
    var values: [String: Value]?
    /// The link's own URL, instead of a route.
    var url: String?
    /// The preview's title, description and image.
    var title: String
    var description: String?
    var image: String?

    /// The link as the link check takes it.
    var checked: LinkCheck.Link {
      LinkCheck.Link(code: code, route: route, values: (values ?? [:]).mapValues(\.value), url: url)
    }
  }

  /// Reads and checks a links file.
  static func read(_ data: Data, name: String) throws -> LinkSiteFile {
    guard data.count <= 64 << 20 else {
      throw CommandFailure.usage("waypoint: \(name) is \(data.count) bytes; a links file is 64 MiB at most")
    }
    let file: LinkSiteFile
    do {
      file = try JSONDecoder().decode(LinkSiteFile.self, from: data)
    } catch {
      throw CommandFailure.usage("waypoint: \(name) is not a links file: \(error)")
    }
    guard let site = URL(string: file.site), PreviewPage.isSafe(file.site), site.host != nil, site.user == nil,
      site.password == nil, site.path.isEmpty || site.path == "/", site.query == nil, site.fragment == nil
    else {
      throw CommandFailure.usage(
        "waypoint: \(name): 'site' is an https origin (https://links.example.com), not '\(file.site)'")
    }
    guard !file.links.isEmpty, file.links.count <= 100_000 else {
      throw CommandFailure.usage("waypoint: \(name) has \(file.links.count) links; give 1 to 100,000")
    }
    var seen: Set<String> = []
    for link in file.links {
      try check(link, name: name)
      guard seen.insert(link.code.lowercased()).inserted else {
        throw CommandFailure.usage("waypoint: \(name): the code '\(link.code)' is there twice (codes ignore case)")
      }
    }
    try checkApps(file, name: name)
    return file
  }

  /// Checks one link of the file `name`: its code, its route or url, its title, description and
  /// image.
  static func check(_ link: Link, name: String) throws {
    guard AppIdentifiers.isLinkCode(link.code) else {
      throw CommandFailure.usage(
        "waypoint: \(name): the code '\(link.code)' is not 1 to 64 letters, digits, '-' or '_', starting with a letter or digit"
      )
    }
    guard (link.route == nil) != (link.url == nil) else {
      throw CommandFailure.usage("waypoint: \(name): the link '\(link.code)' names a route or a url, one of them")
    }
    guard link.url == nil || link.values == nil else {
      throw CommandFailure.usage(
        "waypoint: \(name): the link '\(link.code)' gives values beside its url; values fill a route's parameters")
    }
    guard !link.title.isEmpty, link.title.count <= 300, (link.description?.count ?? 0) <= 1_000 else {
      throw CommandFailure.usage(
        "waypoint: \(name): the link '\(link.code)' needs a title of 1 to 300 characters and a description of 1,000 at most"
      )
    }
    if let image = link.image, !PreviewPage.isSafe(image) {
      throw CommandFailure.usage("waypoint: \(name): the image of '\(link.code)' is not an https URL")
    }
  }

  /// Checks the file's app ids, App Store id, Android package and fingerprints.
  static func checkApps(_ file: LinkSiteFile, name: String) throws {
    for id in file.apple?.appIDs ?? [] where !AASACommand.isAppID(id) {
      throw CommandFailure.usage("waypoint: \(name): '\(id)' is not an app id (ABCDE12345.com.example.app)")
    }
    if let store = file.apple?.appStoreID, !AppIdentifiers.isAppStoreID(store) {
      throw CommandFailure.usage("waypoint: \(name): the App Store id '\(store)' is not a number")
    }
    if let android = file.android {
      guard AppIdentifiers.isPackageName(android.package) else {
        throw CommandFailure.usage("waypoint: \(name): '\(android.package)' is not a package name (com.example.app)")
      }
      for fingerprint in android.sha256 ?? []
      where !AppIdentifiers.isFingerprint(fingerprint) {
        throw CommandFailure.usage("waypoint: \(name): '\(fingerprint)' is not a SHA-256 fingerprint")
      }
    }
  }
}

/// The files of a short-link site, worked out from a links file and the manifest's router.
struct LinkSite {
  /// Each file's text by its path from the site's root.
  private(set) var files: [String: String] = [:]
  /// What the site association file cannot express exactly, as `waypoint aasa` warns of it.
  private(set) var warnings: [String] = []

  /// The site of `file`'s links, each checked against `router`.
  ///
  /// - Throws: A usage failure naming every link that does not resolve, from outside the app,
  ///   to a public https route on the site's host; nothing is built then.
  init(file: LinkSiteFile, router: Router, manifest: RouteManifest, sign: (String) throws -> String) throws {
    let origin = file.site.hasSuffix("/") ? String(file.site.dropLast()) : file.site
    let host = URL(string: origin)?.host?.lowercased()
    // A link is on the site when it starts with the site's origin and a slash: the same scheme,
    // host and port, and no user part a browser would read another host after.
    let onSite = origin.lowercased() + "/"
    var problems: [String] = []
    for link in file.links {
      let url: String
      switch Self.appLink(of: link, router: router, onSite: onSite, host: host ?? origin) {
      case .success(let checked): url = checked
      case .failure(let problem):
        problems.append("\(link.code): \(problem.text)")
        continue
      }
      let shortLink = "\(origin)/\(link.code)"
      if let route = Self.claimant(of: shortLink, router: router) {
        problems.append(
          "\(link.code): '\(shortLink)' is a path the app opens itself (route '\(route)'), so the page would never show; "
            + "choose another code")
        continue
      }
      var page = PreviewPage(title: link.title, shortLink: shortLink, appLink: url)
      page.description = link.description
      page.image = link.image
      page.copied = try sign(url)
      page.appStoreID = file.apple?.appStoreID
      page.androidPackage = file.android?.package
      files["\(link.code)/index.html"] = page.html
      do {
        files["\(link.code)/qr.svg"] = try QRCode(shortLink).svg
      } catch {
        problems.append("\(link.code): \(error)")
      }
    }
    guard problems.isEmpty else {
      throw CommandFailure.usage(
        "waypoint: \(problems.count) link(s) cannot be served:\n"
          + problems.map { "  " + printable($0) }.joined(separator: "\n"))
    }
    if let appIDs = file.apple?.appIDs, !appIDs.isEmpty {
      let association = AppSiteAssociation(manifest: manifest, appIDs: appIDs, host: host)
      warnings = association.warnings
      files[".well-known/apple-app-site-association"] = association.json + "\n"
    }
    if let android = file.android, let fingerprints = android.sha256, !fingerprints.isEmpty {
      files[".well-known/assetlinks.json"] = AssetLinksCommand.json(
        package: android.package, fingerprints: fingerprints)
    }
    files["robots.txt"] = """
      # Link previewers and search engines may read the preview pages (each asks not to be indexed).
      User-agent: *
      Allow: /

      """
  }

  /// Why a link cannot be served.
  struct Problem: Error {
    var text: String
  }

  /// The URL `link` opens, checked: it resolves from outside the app to a public route of
  /// `router`, and is an https link on the site (it starts with `onSite`).
  static func appLink(
    of link: LinkSiteFile.Link, router: Router, onSite: String, host: String
  ) -> Result<String, Problem> {
    let url: String
    switch LinkCheck.url(of: link.checked, router: router) {
    case .success(let made): url = made
    case .failure(let reason): return .failure(Problem(text: reason.text))
    }
    // Where the app takes it: past redirects, to a route that shows a target.
    let landing: LinkCheck.Landing
    switch LinkCheck.landing(of: url, router: router) {
    case .success(let landed): landing = landed
    case .failure(let reason): return .failure(Problem(text: reason.text))
    }
    guard PreviewPage.isSafe(url), url.lowercased().hasPrefix(onSite) else {
      return .failure(
        Problem(
          text: "'\(url)' (route '\(landing.route)') is not an https link on \(host), "
            + "which the site's association file covers"))
    }
    return .success(url)
  }

  /// The route of the app's that takes the short link `shortLink` itself, when one does: its
  /// path is then the app's (the site association file claims it), and the app opens it instead
  /// of the preview page.
  static func claimant(of shortLink: String, router: Router) -> String? {
    let resolution = router.resolve(shortLink, origin: .universalLink)
    return resolution.route.map { $0.name ?? $0.pattern }
  }
}

/// `line` with every character that could forge or hide output escaped as `\u{…}`.
///
/// Those are the control characters (a line break would start a line of its own, an escape
/// sequence would restyle the terminal) and the bidirectional and zero-width ones. Links files
/// and exports are hostile, and a CI log reads what these commands print.
func printable(_ line: String) -> String {
  var result = ""
  for scalar in line.unicodeScalars {
    let value = scalar.value
    let hidden =
      value < 0x20 || (0x7F...0x9F).contains(value) || (0x200B...0x200F).contains(value)
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0xFEFF
    if hidden {
      result += "\\u{\(String(value, radix: 16, uppercase: true))}"
    } else {
      result.unicodeScalars.append(scalar)
    }
  }
  return result
}
