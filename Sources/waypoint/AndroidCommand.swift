import ArgumentParser
import Foundation
import Waypoint
import WaypointLinkSite

/// `waypoint android`: Android's link files from the same routes, for a team with one route table
/// for both platforms.
struct AndroidCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "android",
    abstract: "Print Android's assetlinks.json or the intent filters for the manifest's public routes.",
    subcommands: [AssetLinksCommand.self, IntentFiltersCommand.self])
}

/// `waypoint android assetlinks`: the Digital Asset Links file the website serves.
struct AssetLinksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "assetlinks",
    abstract: "Print the assetlinks.json that lets the app verify its https links.",
    discussion: """
      Serve it at https://<host>/.well-known/assetlinks.json for every host of the intent filters. With --links, \
      the statement carries Android 15's dynamic rules for the short-link site, the same as its association \
      file (the site's own paths excluded, the public routes, the codes as the links file claims them); \
      `waypoint links build` and the link service write the same file.
      """)

  @OptionGroup var manifest: ManifestOptions

  @Option(help: ArgumentHelp("A links file: the rules of its short-link site.", valueName: "file"))
  var links: String?

  @Option(name: .customLong("package"), help: ArgumentHelp("The app's package name.", valueName: "name"))
  var packageName: String
  @Option(
    name: .customLong("sha256"),
    help: ArgumentHelp("The SHA-256 fingerprint of the signing certificate, AA:BB:… (repeatable).", valueName: "hex"))
  var fingerprints: [String]

  func run() throws {
    guard AppIdentifiers.isPackageName(packageName) else {
      throw CommandFailure.usage("waypoint: '\(packageName)' is not a package name (com.example.app)")
    }
    guard !fingerprints.isEmpty else { throw CommandFailure.usage("waypoint: give at least one --sha256 fingerprint") }
    for fingerprint in fingerprints where !AppIdentifiers.isFingerprint(fingerprint) {
      throw CommandFailure.usage(
        "waypoint: '\(fingerprint)' is not a SHA-256 fingerprint: 32 bytes in hex, separated by colons")
    }
    var components: [AppSiteAssociation.Component] = []
    if let links {
      let file = try siteFailure { try LinkSiteFile.read(try readData(links), name: links) }
      components = try siteFailure {
        try AppSiteAssociation(
          linkSite: file, manifest: try manifest.routeManifest(), appIDs: [], codes: file.links.map(\.code)
        ).components
      }
    }
    print(AssetLinks.json(package: packageName, fingerprints: fingerprints, components: components), terminator: "")
  }
}

/// `waypoint android intent-filters`: the `<intent-filter>` elements of the app's manifest.
struct IntentFiltersCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "intent-filters",
    abstract: "Print the <intent-filter> elements for the manifest's public routes.",
    discussion: """
      https routes get one verified filter per host (android:autoVerify), a path pattern per route spelling \
      (parameters and rests as '.*'); custom schemes one filter each. Intent filters cannot exclude a path: an \
      internal route under a public pattern still reaches the app, whose router refuses it from outside. With \
      --links, the short-link site's host and its alternate host get a verified filter for every path, which \
      the dynamic rules of its assetlinks.json narrow on Android 15 (earlier versions hand the app every link \
      of the host; the inbox sends one that is no code to the web). Paste them into the <activity> that opens \
      links.
      """)

  @OptionGroup var manifest: ManifestOptions

  @Option(help: ArgumentHelp("A links file: its short-link site's hosts get a filter too.", valueName: "file"))
  var links: String?

  func run() throws {
    var filters = IntentFilters(manifest: try manifest.routeManifest())
    if let links {
      let file = try siteFailure { try LinkSiteFile.read(try readData(links), name: links) }
      for origin in [file.origin] + (file.alternateOrigin.map { [$0] } ?? []) {
        guard let url = URL(string: origin), let scheme = url.scheme, let host = url.host else { continue }
        filters.web["\(scheme)://\(host.lowercased())"] = ["/.*"]
      }
    }
    print(filters.xml, terminator: "")
  }
}

/// The intent filters of a manifest's public routes.
struct IntentFilters {
  /// The web links' path patterns by `scheme://host`, and the custom schemes.
  var web: [String: [String]] = [:]
  private(set) var schemes: Set<String> = []

  init(manifest: RouteManifest) {
    for route in manifest.routes where route.exposure == .public {
      guard let pattern = try? RoutePattern(route.pattern, options: manifest.options),
        let scheme = pattern.scheme?.lowercased()
      else { continue }
      guard scheme == "http" || scheme == "https", let host = pattern.host else {
        schemes.insert(scheme)
        continue
      }
      let (paths, _) = AppSiteAssociation.paths(of: pattern, trailingSlash: manifest.options.trailingSlash)
      for path in paths.map(Self.pathPattern) where web["\(scheme)://\(host)", default: []].contains(path) == false {
        web["\(scheme)://\(host)", default: []].append(path)
      }
    }
  }

  /// An `apple-app-site-association` path (`?` one character, `*` any run) as Android's
  /// `pathPattern` (`.` one character, `.*` any run, `\\` before a literal `.` or `*`).
  static func pathPattern(_ path: String) -> String {
    path.map { character -> String in
      switch character {
      case "?": return "."
      case "*": return ".*"
      case ".": return "\\\\."
      default: return String(character)
      }
    }.joined()
  }

  /// The elements, web hosts first (each verified), then the custom schemes.
  var xml: String {
    var lines: [String] = []
    for origin in web.keys.sorted() {
      let parts = origin.components(separatedBy: "://")
      lines.append("<intent-filter android:autoVerify=\"true\">")
      lines += Self.viewing
      lines.append("  <data android:scheme=\"\(Self.escape(parts[0]))\" android:host=\"\(Self.escape(parts[1]))\" />")
      for path in web[origin] ?? [] { lines.append("  <data android:pathPattern=\"\(Self.escape(path))\" />") }
      lines.append("</intent-filter>")
    }
    for scheme in schemes.sorted() {
      lines.append("<intent-filter>")
      lines += Self.viewing
      lines.append("  <data android:scheme=\"\(Self.escape(scheme))\" />")
      lines.append("</intent-filter>")
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The action and categories of a filter for links a browser or another app opens.
  private static let viewing = [
    "  <action android:name=\"android.intent.action.VIEW\" />",
    "  <category android:name=\"android.intent.category.DEFAULT\" />",
    "  <category android:name=\"android.intent.category.BROWSABLE\" />",
  ]

  /// `text` for an XML attribute.
  private static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
  }
}
