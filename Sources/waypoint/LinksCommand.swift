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
    subcommands: [
      LinksBuildCommand.self, LinksCompileCommand.self, LinksCheckCommand.self, LinksImportCommand.self,
    ])
}

/// `waypoint links compile`: the table of short links the app ships, so it opens them with no
/// network.
struct LinksCompileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compile",
    abstract: "Write the table of short links the app ships: code → link, with the links file's digest.",
    discussion: """
      Each link is checked as `links build` checks it, and the table holds the link it opens (the \
      route's URL on the site, or its url), its route and values. Load it with \
      ShortLinks(json:openOnWeb:) into LinkInbox.Policy.shortLinks: the inbox then opens a short link \
      from it before anything else, with no network. The build plugin does the same for a links.json \
      beside a routes.json.

      Example:
        waypoint links compile --manifest routes.json --links links.json --output short-links.json
      """
  )

  @OptionGroup var manifest: ManifestOptions

  @Option(help: ArgumentHelp("The links file (JSON).", valueName: "file"))
  var links: String

  @Option(help: ArgumentHelp("Where to write the table; printed when not given.", valueName: "file"))
  var output: String?

  func run() throws {
    let data = try readData(links)
    let file = try siteFailure { try LinkSiteFile.read(data, name: links) }
    let router = try manifest.router()
    let digest = ShortLinkDigest.of(data)
    let table = try siteFailure { try ShortLinkCompiler.table(of: file, router: router, digest: digest) }
    guard let output else {
      print(table, terminator: "")
      return
    }
    try Data(table.utf8).write(to: URL(fileURLWithPath: output))
    print("wrote \(file.links.count) short links to \(output) (\(digest))")
  }
}

/// `waypoint links import-fdl`: a Firebase Dynamic Links export as a links file.
struct LinksImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import-fdl",
    abstract: "Turn a Firebase Dynamic Links export (CSV) into a links file. Exit 0 all imported, 1 some listed.",
    discussion: """
      The CSV's header names a short link column and a long link or link column; any Dynamic Link \
      parameter may have a column of its own, named by the parameter (st), by the label of \
      Firebase's guide (Social title (st)) or in snake_case (social_title), which wins over the \
      long link's. Each row's deep link must open a public route of the manifest from outside the \
      app, on --site; the row then becomes a link whose code is the short link's last segment, \
      with the social title, description and image (st, sd, si). Rows that do not, rows archived \
      in Firebase (a status column), codes the app opens itself and codes twice are listed on \
      standard error with the reason, and make no link; every other Dynamic Link parameter is \
      named with what replaces it, and a column that is none once. The links file is written to \
      --output, or printed.

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
    for column in imported.otherColumns {
      standardError(printable("column '\(column)' names no Dynamic Link parameter: not carried"))
    }
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
    let data = try readData(links)
    let file = try siteFailure { try LinkSiteFile.read(data, name: links) }
    let current = try manifest.router()
    let before = try baseline.map { try ManifestOptions.router(from: try readData($0), sourceName: $0) }
    let checked = file.links.map(\.checked)
    let broken = LinkCheck.check(checked, baseline: before, current: current, site: file.origin)
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
    let data = try readData(links)
    let file = try siteFailure { try LinkSiteFile.read(data, name: links) }
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
      let expiry = (at.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? WaypointClock.live.now())
        .addingTimeInterval(TimeInterval(expiresInDays) * 86_400)
      signer = { url in try LinkSigner(key: key).sign(url, expiresAt: expiry) }
    }
    let read = try manifest.routeManifest()
    let site = try siteFailure { try LinkSite(file: file, router: router, manifest: read, sign: signer) }
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

/// What `body` returns, a ``LinkSiteError`` it throws reported as a usage failure.
func siteFailure<Value>(_ body: () throws -> Value) throws -> Value {
  do {
    return try body()
  } catch let error as LinkSiteError {
    throw CommandFailure.usage("waypoint: " + error.message)
  }
}
