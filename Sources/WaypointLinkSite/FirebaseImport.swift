package import Waypoint

/// A Firebase Dynamic Links export (CSV) read as short links: each row's deep link resolved
/// through the router, kept when it opens a public route on the site, listed with the reason
/// when it does not.
///
/// A row gives its short link and either its deep link (a `link` column) or its long Dynamic
/// Link, whose query holds the deep link and the rest of the Dynamic Link's parameters. What a
/// short-link site has an equivalent for is carried over (the deep link, the social title,
/// description and image); every other parameter is named on the row, with what replaces it.
///
/// ```swift
/// let imported = FirebaseImport(csv: text, site: "https://notes.example.com", router: router)
/// for row in imported.skipped { print("row \(row.line): \(row.reason)") }
/// ```
package struct FirebaseImport: Sendable {
  /// A row made a link.
  package struct Imported: Sendable, Equatable {
    /// The row's line in the file (the header is line 1).
    package var line: Int
    /// The code: the short link's last path segment.
    package var code: String
    /// The deep link, which opens a public route on the site.
    package var url: String
    /// The social title (`st`), or the code when there is none.
    package var title: String
    /// The social description (`sd`).
    package var description: String?
    /// The social image (`si`), when it is an https URL.
    package var image: String?
    /// The Dynamic Link's parameters the site has no place for, each with what replaces it.
    package var notCarried: [String]
  }

  /// A row that made no link, and why.
  package struct Skipped: Sendable, Equatable {
    /// The row's line in the file.
    package var line: Int
    /// Why.
    package var reason: String
  }

  /// The rows made links, in file order.
  package private(set) var imported: [Imported] = []
  /// The rows that made none, in file order.
  package private(set) var skipped: [Skipped] = []
  /// The App Store id (`isi`) and the Android package (`apn`) the rows name, for the links file's
  /// `apple` and `android`.
  package private(set) var appStoreIDs: Set<String> = []
  package private(set) var androidPackages: Set<String> = []

  /// What replaces each Dynamic Link parameter on a short-link site; `link`, `st`, `sd` and `si`
  /// are carried over themselves.
  static let replacements: [String: String] = [
    "apn": "the links file's android.package", "isi": "the links file's apple.appStoreID",
    "ibi": "the links file's apple.appIDs", "ipbi": "the links file's apple.appIDs",
    "ius": "universal links (the site association file)", "afl": "the page's Google Play button",
    "ifl": "the page's App Store button", "ipfl": "the page's App Store button", "ofl": "the page's Open link",
    "amv": "no minimum version (not carried)", "imv": "no minimum version (not carried)",
    "efr": "the preview page, always shown", "d": "no debug page (not carried)",
    "utm_source": "campaign parameters (not carried)", "utm_medium": "campaign parameters (not carried)",
    "utm_campaign": "campaign parameters (not carried)", "utm_term": "campaign parameters (not carried)",
    "utm_content": "campaign parameters (not carried)", "at": "campaign parameters (not carried)",
    "ct": "campaign parameters (not carried)", "pt": "campaign parameters (not carried)",
    "mt": "the App Store button (the media type is not carried)",
  ]

  /// Reads `csv` for the site at `site` (an origin such as `https://notes.example.com`).
  ///
  /// - Parameters:
  ///   - csv: The export: a header row naming the columns, then one row per Dynamic Link.
  ///   - site: The origin the short links will live at; a deep link must be on it.
  ///   - router: The router of the manifest, which every deep link must reach from outside.
  package init(csv: String, site: String, router: Router) {
    let (rows, unterminated) = CSV.rows(csv)
    if unterminated {
      skipped.append(
        Skipped(line: rows.count, reason: "a quoted field never ends: the rest of the file after it is one field"))
    }
    guard let header = rows.first?.map({ $0.lowercased().filter { $0.isLetter } }) else { return }
    func column(_ names: String...) -> Int? { names.lazy.compactMap { header.firstIndex(of: $0) }.first }
    let shortColumn = column("shortlink", "shortdynamiclink", "short")
    let longColumn = column("longlink", "longdynamiclink", "dynamiclink")
    let linkColumn = column("link", "deeplink")
    guard let shortColumn, longColumn != nil || linkColumn != nil else {
      skipped.append(Skipped(line: 1, reason: "the header names no short link, or neither a long link nor a link"))
      return
    }
    let onSite = (site.hasSuffix("/") ? String(site.dropLast()) : site).lowercased() + "/"
    var codes: Set<String> = []
    for (offset, row) in rows.enumerated().dropFirst() where !row.allSatisfy(\.isEmpty) {
      let line = offset + 1
      func field(_ index: Int?) -> String? {
        guard let index, index < row.count, !row[index].isEmpty else { return nil }
        return row[index]
      }
      let parameters = field(longColumn).map(Self.query) ?? [:]
      guard let code = field(shortColumn).flatMap(Self.code) else {
        skipped.append(
          Skipped(line: line, reason: "the short link '\(field(shortColumn) ?? "")' ends in no usable code"))
        continue
      }
      guard let deep = field(linkColumn) ?? parameters["link"] else {
        skipped.append(Skipped(line: line, reason: "the row has no deep link"))
        continue
      }
      // Where the app takes it: past redirects, to a route that shows a target.
      if case .failure(let reason) = LinkCheck.landing(of: deep, router: router) {
        skipped.append(Skipped(line: line, reason: reason.text))
        continue
      }
      guard PreviewPage.isSafe(deep), deep.lowercased().hasPrefix(onSite) else {
        skipped.append(Skipped(line: line, reason: "'\(deep)' is not an https link on \(site)"))
        continue
      }
      guard codes.insert(code.lowercased()).inserted else {
        skipped.append(Skipped(line: line, reason: "the code '\(code)' is there twice (codes ignore case)"))
        continue
      }
      imported.append(take(parameters, line: line, code: code, url: deep))
    }
  }

  /// The link a row makes of its Dynamic Link's `parameters`: the social ones carried over, the
  /// App Store id and Android package kept for the links file when they are well formed, every
  /// other one named with what replaces it.
  private mutating func take(_ parameters: [String: String], line: Int, code: String, url: String) -> Imported {
    var notCarried: [String] = []
    if let store = parameters["isi"] {
      if AppIdentifiers.isAppStoreID(store) {
        appStoreIDs.insert(store)
      } else {
        notCarried.append("isi: not an App Store id (left out)")
      }
    }
    if let package = parameters["apn"] {
      if AppIdentifiers.isPackageName(package) {
        androidPackages.insert(package)
      } else {
        notCarried.append("apn: not a package name (left out)")
      }
    }
    let image = parameters["si"].flatMap { PreviewPage.isSafe($0) ? $0 : nil }
    notCarried += parameters.keys.filter { !["link", "st", "sd", "si"].contains($0) }.sorted().map {
      "\($0): \(Self.replacements[$0] ?? "unknown to Dynamic Links (not carried)")"
    }
    if parameters["si"] != nil, image == nil { notCarried.append("si: not an https URL (left out)") }
    return Imported(
      line: line, code: code, url: url,
      title: parameters["st"].flatMap { $0.isEmpty ? nil : String($0.prefix(300)) } ?? code,
      description: parameters["sd"].flatMap { $0.isEmpty ? nil : String($0.prefix(1_000)) }, image: image,
      notCarried: notCarried)
  }

  /// The last path segment of `shortLink` when it is a valid code (1 to 64 letters, digits, `-`
  /// or `_`, starting with a letter or digit).
  static func code(_ shortLink: String) -> String? {
    let path = shortLink.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
    // "https:", the host, then at least one segment.
    let parts = path.split(separator: "/")
    guard parts.count >= 3, let last = parts.last else { return nil }
    let code = String(last)
    return AppIdentifiers.isLinkCode(code) && path.contains("://") ? code : nil
  }

  /// The query of `url` as names and percent-decoded values (`+` as a space), the first of each
  /// name.
  static func query(_ url: String) -> [String: String] {
    guard let start = url.firstIndex(of: "?") else { return [:] }
    var result: [String: String] = [:]
    let query = url[url.index(after: start)...].split(separator: "#", maxSplits: 1).first ?? ""
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = parts.first.map({ decode(String($0)) }), !name.isEmpty, result[name] == nil else { continue }
      result[name] = parts.count > 1 ? decode(String(parts[1])) : ""
    }
    return result
  }

  /// `text` with `+` as a space and `%XX` escapes decoded; an escape that is not valid UTF-8
  /// stays as it is.
  static func decode(_ text: String) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), utf8.count >= 2, utf8.prefix(2).allSatisfy(\.isHexDigit),
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self) ?? text
  }
}

/// Comma-separated values as RFC 4180 writes them.
///
/// Fields in double quotes may hold commas, line breaks and doubled quotes; lines end in `\n` or
/// `\r\n`. Read scalar by scalar, so a combining mark after a comma or a quote never hides it.
enum CSV {
  /// The rows of `text`, each a list of fields, and whether a quoted field never ended (the rest
  /// of the text is then its last field).
  static func rows(_ text: String) -> (rows: [[String]], unterminated: Bool) {
    var rows: [[String]] = []
    var row: [String] = []
    var field = String.UnicodeScalarView()
    var quoted = false
    var scalars = text.unicodeScalars[...]
    func endField() {
      row.append(String(field))
      field = String.UnicodeScalarView()
    }
    while let scalar = scalars.popFirst() {
      if quoted {
        if scalar == "\"" {
          if scalars.first == "\"" {
            field.append(scalars.removeFirst())
          } else {
            quoted = false
          }
        } else {
          field.append(scalar)
        }
        continue
      }
      switch scalar {
      case "\"" where field.isEmpty: quoted = true
      case ",": endField()
      case "\r", "\n":
        if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
        endField()
        rows.append(row)
        row = []
      default: field.append(scalar)
      }
    }
    if !field.isEmpty || !row.isEmpty || quoted {
      endField()
      rows.append(row)
    }
    return (rows, quoted)
  }
}

extension UInt8 {
  /// Whether the byte is an ASCII hexadecimal digit.
  fileprivate var isHexDigit: Bool {
    (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
  }
}
