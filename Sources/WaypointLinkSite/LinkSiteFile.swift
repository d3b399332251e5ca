package import WaypointMatching

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A links file: the site and its links, as `waypoint links build` and the link service read it.
///
/// ```json
/// {"site": "https://notes.example.com",
///  "apple": {"appIDs": ["ABCDE12345.com.example.notes"], "appStoreID": "1234567890"},
///  "android": {"package": "com.example.notes", "sha256": ["AB:CD:…"]},
///  "links": [{"code": "welcome", "route": "note", "values": {"id": "42"}, "title": "Welcome"}]}
/// ```
package struct LinkSiteFile: Codable, Sendable {
  /// The site's origin, `https://host[:port]` (`http://localhost…` for a local test).
  package var site: String
  /// The iOS app: its app ids (for the site association file) and App Store id.
  package var apple: Apple?
  /// The Android app: its package and signing certificates' fingerprints.
  package var android: Android?
  /// Where the link service sends a desktop browser.
  ///
  /// An https origin that serves the app's routes as web pages (the link's path and query on
  /// this origin); without it, a desktop browser gets the preview page.
  package var web: String?
  /// Another https origin, on a host of its own, that serves the same site.
  ///
  /// The preview page's "Open in the app" points there, since a tap on a link to the page's own
  /// host stays in the browser. Its host is one of the app's associated domains too.
  package var alternate: String?
  /// How the association file claims the codes; ``CodeClaim/namespace`` when not given.
  package var claim: CodeClaim?
  /// The links.
  package var links: [Link]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case site, alternate, claim, apple, android, web, links
  }

  package init(from decoder: any Decoder) throws {
    try KnownFields.check(decoder, CodingKeys.self, in: "a links file")
    let container = try decoder.container(keyedBy: CodingKeys.self)
    site = try container.decode(String.self, forKey: .site)
    apple = try container.decodeIfPresent(Apple.self, forKey: .apple)
    android = try container.decodeIfPresent(Android.self, forKey: .android)
    web = try container.decodeIfPresent(String.self, forKey: .web)
    alternate = try container.decodeIfPresent(String.self, forKey: .alternate)
    claim = try container.decodeIfPresent(CodeClaim.self, forKey: .claim)
    links = try container.decode([Link].self, forKey: .links)
  }

  /// A parameter's value: one segment's text, or a rest's segments.
  package struct Value: Codable, Sendable, Equatable {
    package var value: ParameterValue

    package init(_ value: ParameterValue) { self.value = value }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let text = try? container.decode(String.self) {
        value = .value(text)
      } else {
        value = .segments(try container.decode([String].self))
      }
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch value {
      case .value(let text): try container.encode(text)
      case .segments(let segments): try container.encode(segments)
      }
    }
  }

  /// The iOS app.
  package struct Apple: Codable, Sendable {
    /// Its app ids, `TEAMID.bundle.id`.
    package var appIDs: [String]?
    /// Its App Store id.
    package var appStoreID: String?

    private enum CodingKeys: String, CodingKey, CaseIterable { case appIDs, appStoreID }

    package init(from decoder: any Decoder) throws {
      try KnownFields.check(decoder, CodingKeys.self, in: "the iOS app")
      let container = try decoder.container(keyedBy: CodingKeys.self)
      appIDs = try container.decodeIfPresent([String].self, forKey: .appIDs)
      appStoreID = try container.decodeIfPresent(String.self, forKey: .appStoreID)
    }

    /// The iOS app of `appIDs` and `appStoreID`.
    package init(appIDs: [String]?, appStoreID: String?) {
      self.appIDs = appIDs
      self.appStoreID = appStoreID
    }
  }

  /// The Android app.
  package struct Android: Codable, Sendable {
    /// Its package name.
    package var package: String
    /// Its signing certificates' SHA-256 fingerprints.
    package var sha256: [String]?

    private enum CodingKeys: String, CodingKey, CaseIterable { case package, sha256 }

    package init(from decoder: any Decoder) throws {
      try KnownFields.check(decoder, CodingKeys.self, in: "the Android app")
      let container = try decoder.container(keyedBy: CodingKeys.self)
      package = try container.decode(String.self, forKey: .package)
      sha256 = try container.decodeIfPresent([String].self, forKey: .sha256)
    }

    /// The Android app `package`, signed with the certificates of `sha256`.
    package init(package: String, sha256: [String]?) {
      self.package = package
      self.sha256 = sha256
    }
  }

  /// One short link.
  package struct Link: Codable, Sendable, Equatable {
    /// The code the link is served at: `/<code>`.
    package var code: String
    /// A route's name, filled with `values`; or give `url`.
    package var route: String?
    /// The route's parameter values: a string, or a rest's segments as a list of strings.
    package var values: [String: Value]?
    /// The link's own URL, instead of a route.
    package var url: String?
    /// The preview's title.
    package var title: String
    /// The preview's description.
    package var description: String?
    /// The preview's image, an https URL.
    package var image: String?
    /// How many times the link was given a destination (default 1): a links file that sends a
    /// code the service already serves elsewhere raises it, or the service refuses to start (a
    /// printed link never opens somewhere else by accident).
    package var revision: Int?

    private enum CodingKeys: String, CodingKey, CaseIterable {
      case code, route, values, url, title, description, image, revision
    }

    /// A link from its JSON; a field it does not know (a misspelt `tilte`) is refused by name
    /// with a ``LinkSiteError``, never ignored.
    package init(from decoder: any Decoder) throws {
      try KnownFields.check(decoder, CodingKeys.self, in: "a link")
      let container = try decoder.container(keyedBy: CodingKeys.self)
      code = try container.decode(String.self, forKey: .code)
      route = try container.decodeIfPresent(String.self, forKey: .route)
      values = try container.decodeIfPresent([String: Value].self, forKey: .values)
      url = try container.decodeIfPresent(String.self, forKey: .url)
      title = try container.decode(String.self, forKey: .title)
      description = try container.decodeIfPresent(String.self, forKey: .description)
      image = try container.decodeIfPresent(String.self, forKey: .image)
      revision = try container.decodeIfPresent(Int.self, forKey: .revision)
    }

    /// A link to a route by name.
    package init(code: String, route: String?, values: [String: Value]? = nil, url: String? = nil, title: String) {
      self.code = code
      self.route = route
      self.values = values
      self.url = url
      self.title = title
    }

    /// The link's revision: 1 unless the file or the admin API raised it.
    package var currentRevision: Int { revision ?? 1 }

    /// Whether `other` opens what this link opens: the same route and values, or the same url
    /// (its title, description and image may differ).
    package func goesWhere(_ other: Link) -> Bool {
      route == other.route && (values ?? [:]) == (other.values ?? [:]) && url == other.url
    }

    /// The link as the link check takes it.
    package var checked: LinkCheck.Link {
      LinkCheck.Link(code: code, route: route, values: (values ?? [:]).mapValues(\.value), url: url)
    }
  }

  /// The site's origin without a final slash.
  package var origin: String { site.hasSuffix("/") ? String(site.dropLast()) : site }

  /// The alternate origin without a final slash, when the file names one.
  package var alternateOrigin: String? { alternate.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } }

  /// The web origin without a final slash, when the file names one.
  package var webOrigin: String? { web.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } }

  /// Where the link service may redirect, and where `waypoint doctor --live` allows a short link
  /// to send a browser: Google Play and the web origin, each an origin and a slash, so a
  /// location that starts with one of them is on that host.
  package var redirectOrigins: [String] { ["https://play.google.com/"] + (webOrigin.map { [$0 + "/"] } ?? []) }

  /// Reads and checks a links file named `name` (for messages).
  ///
  /// - Throws: A ``LinkSiteError`` saying what is wrong: its size, its JSON, the site, a link's
  ///   code, route or url, title, description or image, a code given twice, an app id.
  package static func read(_ data: Data, name: String) throws(LinkSiteError) -> LinkSiteFile {
    guard data.count <= 64 << 20 else {
      throw LinkSiteError("\(name) is \(data.count) bytes; a links file is 64 MiB at most")
    }
    let file: LinkSiteFile
    do {
      file = try JSONDecoder().decode(LinkSiteFile.self, from: data)
    } catch {
      throw LinkSiteError("\(name) is not a links file: \(error)")
    }
    guard isOrigin(file.site) else {
      throw LinkSiteError("\(name): 'site' is an https origin (https://links.example.com), not '\(file.site)'")
    }
    if let alternate = file.alternate {
      guard isOrigin(alternate),
        URL(string: alternate)?.host?.lowercased() != URL(string: file.site)?.host?.lowercased()
      else {
        throw LinkSiteError(
          "\(name): 'alternate' is an https origin on another host than the site's (https://open.example.com), "
            + "not '\(alternate)'")
      }
    }
    if let web = file.web, !isOrigin(web) {
      throw LinkSiteError("\(name): 'web' is an https origin (https://www.example.com), not '\(web)'")
    }
    guard !file.links.isEmpty, file.links.count <= 100_000 else {
      throw LinkSiteError("\(name) has \(file.links.count) links; give 1 to 100,000")
    }
    var seen: Set<String> = []
    for link in file.links {
      try check(link, name: name)
      guard seen.insert(link.code.lowercased()).inserted else {
        throw LinkSiteError("\(name): the code '\(link.code)' is there twice (codes ignore case)")
      }
    }
    try checkApps(file, name: name)
    return file
  }

  /// Whether `text` is an origin a page may link to: https (or http on localhost), a host, no
  /// user part, path, query or fragment.
  package static func isOrigin(_ text: String) -> Bool {
    guard let url = URL(string: text), PreviewPage.isSafe(text), url.host != nil, url.user == nil,
      url.password == nil, url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil
    else { return false }
    return true
  }

  /// Checks one link of the file `name`: its code, its route or url, its title, description and
  /// image.
  package static func check(_ link: Link, name: String) throws(LinkSiteError) {
    guard AppIdentifiers.isLinkCode(link.code) else {
      throw LinkSiteError(
        "\(name): the code '\(link.code)' is not 1 to 64 letters, digits, '-' or '_', starting with a letter or digit")
    }
    guard (link.route == nil) != (link.url == nil) else {
      throw LinkSiteError("\(name): the link '\(link.code)' names a route or a url, one of them")
    }
    guard (1...1_000_000).contains(link.currentRevision) else {
      throw LinkSiteError(
        "\(name): the link '\(link.code)' has revision \(link.currentRevision); a revision is 1 to 1000000")
    }
    guard link.url == nil || link.values == nil else {
      throw LinkSiteError(
        "\(name): the link '\(link.code)' gives values beside its url; values fill a route's parameters")
    }
    guard !link.title.isEmpty, link.title.count <= 300, (link.description?.count ?? 0) <= 1_000 else {
      throw LinkSiteError(
        "\(name): the link '\(link.code)' needs a title of 1 to 300 characters and a description of 1,000 at most")
    }
    if let image = link.image, !PreviewPage.isSafe(image) {
      throw LinkSiteError("\(name): the image of '\(link.code)' is not an https URL")
    }
  }

  /// Checks the file's app ids, App Store id, Android package and fingerprints.
  static func checkApps(_ file: LinkSiteFile, name: String) throws(LinkSiteError) {
    for id in file.apple?.appIDs ?? [] where !AppIdentifiers.isAppID(id) {
      throw LinkSiteError("\(name): '\(id)' is not an app id (ABCDE12345.com.example.app)")
    }
    if let store = file.apple?.appStoreID, !AppIdentifiers.isAppStoreID(store) {
      throw LinkSiteError("\(name): the App Store id '\(store)' is not a number")
    }
    if let android = file.android {
      guard AppIdentifiers.isPackageName(android.package) else {
        throw LinkSiteError("\(name): '\(android.package)' is not a package name (com.example.app)")
      }
      for fingerprint in android.sha256 ?? [] where !AppIdentifiers.isFingerprint(fingerprint) {
        throw LinkSiteError("\(name): '\(fingerprint)' is not a SHA-256 fingerprint")
      }
    }
  }
}

/// The check that a JSON object of a links file holds only the fields its type knows: an
/// unknown one (a misspelt `tilte`, a field of another tool) is refused by name rather than
/// ignored, in a links file and in the link service's `POST /v1/links` alike.
enum KnownFields {
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Throws a ``LinkSiteError`` naming the first field of the object `decoder` holds that is
  /// not one of `keys`, and where the object is (`'links[3]'`), or `what` it is at the top
  /// (`a link`).
  static func check<Keys: CodingKey & CaseIterable>(_ decoder: any Decoder, _ keys: Keys.Type, in what: String)
    throws
  {
    // Not an object: the type's own decoding says so.
    guard let container = try? decoder.container(keyedBy: AnyKey.self) else { return }
    let known = Set(Keys.allCases.map(\.stringValue))
    let unknown = container.allKeys.map(\.stringValue).filter { !known.contains($0) }.sorted()
    guard let first = unknown.first else { return }
    // Where it is: `links[3]`.
    let path = decoder.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
    let place = String(path.joined(separator: "").drop(while: { $0 == "." }))
    let named = first.count > 64 ? String(first.prefix(64)) + "…" : first
    throw LinkSiteError(
      "\(place.isEmpty ? what : "'\(place)'") has no field '\(named)'"
        + (unknown.count > 1 ? " (nor \(unknown.count - 1) more)" : "")
        + "; its fields are \(Keys.allCases.map(\.stringValue).joined(separator: ", "))")
  }
}

/// Why a links file, or a link, cannot make a site: one message, printable as it is.
package struct LinkSiteError: Error, Sendable, CustomStringConvertible {
  /// What is wrong; hostile values in it are escaped (``printable(_:)``) by whoever prints it.
  package var message: String

  /// An error saying `message`.
  package init(_ message: String) { self.message = message }

  package var description: String { message }
}

/// `line` with every character that could forge or hide output escaped as `\u{…}`.
///
/// Those are the control characters (a line break would start a line of its own, an escape
/// sequence would restyle the terminal) and the bidirectional and zero-width ones. Links files
/// and exports are hostile, and a CI log reads what these commands print.
package func printable(_ line: String) -> String {
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
