package import Waypoint

/// A Firebase Dynamic Links export (CSV) read as short links: each row's deep link resolved
/// through the router, kept when it opens a public route on the site, listed with the reason
/// when it does not.
///
/// A row gives its short link and its deep link, in a column of its own or in its long Dynamic
/// Link, whose query holds the deep link and the rest of the Dynamic Link's parameters; each
/// parameter may also have a column of its own, which wins over the long link's. A header names
/// a column by the parameter (`st`), by the label of Firebase's guide (`Social title (st)`,
/// `Deep link`) or in snake_case (`social_title`). What a short-link site has an equivalent for
/// is carried over (the deep link, the social title, description and image); every other
/// parameter is named on the row, with what replaces it. A row archived in Firebase, a code the
/// app opens itself and a code twice are listed with their reason, and make no link.
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
  /// The header's columns that name no Dynamic Link parameter (a link's name, its click count),
  /// in file order: nothing of them is carried.
  package private(set) var otherColumns: [String] = []

  /// What a column of the export holds.
  enum Column: Equatable {
    /// The short link.
    case shortLink
    /// The long Dynamic Link, whose query holds the parameters.
    case longLink
    /// Whether the link is archived: a status (`Archived`) or a yes/no.
    case status
    /// One Dynamic Link parameter (`link`, `st`, `isi`…).
    case parameter(String)
  }

  /// The parameters' names in the labels of Firebase's guide and in snake_case, letters and
  /// digits only, lowercased (`socialtitle`); a parameter's own name is taken as it is.
  static let labels: [String: String] = [
    "deeplink": "link", "link": "link", "socialtitle": "st", "socialdescription": "sd",
    "socialimage": "si", "socialimagelink": "si", "socialimageurl": "si",
    "androidpackagename": "apn", "androidpackage": "apn", "androidfallbacklink": "afl",
    "androidminimumversion": "amv", "androidminimumversioncode": "amv", "minimumversioncode": "amv",
    "iosbundleid": "ibi", "bundleid": "ibi", "iosfallbacklink": "ifl", "ioscustomscheme": "ius",
    "customscheme": "ius", "customurlscheme": "ius", "ipadfallbacklink": "ipfl", "ipadbundleid": "ipbi",
    "appstoreid": "isi", "iosappstoreid": "isi", "iosminimumversion": "imv", "minimumversion": "imv",
    "skippreviewpage": "efr", "otherplatformfallbacklink": "ofl", "fallbacklink": "ofl",
    "affiliatetoken": "at", "campaigntoken": "ct", "providertoken": "pt", "mediatype": "mt",
    "debug": "d", "utmsource": "utm_source", "utmmedium": "utm_medium", "utmcampaign": "utm_campaign",
    "utmterm": "utm_term", "utmcontent": "utm_content", "campaignsource": "utm_source",
    "campaignmedium": "utm_medium", "campaignname": "utm_campaign", "campaignterm": "utm_term",
    "campaigncontent": "utm_content",
  ]

  /// What the header cell `name` names.
  static func column(_ name: String) -> Column? {
    let folded = name.lowercased().filter { $0.isLetter || $0.isNumber }
    switch folded {
    case "shortlink", "shortdynamiclink", "short", "shorturl": return .shortLink
    case "longlink", "longdynamiclink", "dynamiclink", "longurl": return .longLink
    case "status", "state", "linkstatus", "archived", "isarchived": return .status
    default: break
    }
    // The guide's label with the parameter after it: "Social title (st)".
    if let open = name.lastIndex(of: "("), let close = name.lastIndex(of: ")"), open < close {
      let inner = name[name.index(after: open)..<close].lowercased()
      if replacements[inner] != nil || carried.contains(inner) { return .parameter(inner) }
    }
    if replacements[name.lowercased()] != nil || carried.contains(name.lowercased()) {
      return .parameter(name.lowercased())
    }
    return labels[folded].map { .parameter($0) }
  }

  /// The parameters a short-link site carries over themselves.
  static let carried: Set<String> = ["link", "st", "sd", "si"]

  /// Whether a status column's `value` says the link is archived (or deleted, or off).
  static func isArchived(_ value: String) -> Bool {
    ["archived", "deleted", "disabled", "inactive", "yes", "true", "1"].contains(value.lowercased())
  }

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
    guard let names = rows.first else { return }
    let header = Header(names)
    otherColumns = header.others
    guard header.short != nil, header.long != nil || header.parameters["link"] != nil else {
      skipped.append(Skipped(line: 1, reason: "the header names no short link, or neither a long link nor a link"))
      return
    }
    let onSite = (site.hasSuffix("/") ? String(site.dropLast()) : site).lowercased() + "/"
    var codes: Set<String> = []
    for (offset, row) in rows.enumerated().dropFirst() where !row.allSatisfy(\.isEmpty) {
      switch Self.read(row, under: header, site: site, onSite: onSite, router: router) {
      case .failure(let reason):
        skipped.append(Skipped(line: offset + 1, reason: reason.text))
      case .success(let (code, deep, parameters)):
        guard codes.insert(code.lowercased()).inserted else {
          skipped.append(Skipped(line: offset + 1, reason: "the code '\(code)' is there twice (codes ignore case)"))
          continue
        }
        imported.append(take(parameters, line: offset + 1, code: code, url: deep))
      }
    }
  }

  /// Where an export's columns are, from its header.
  struct Header {
    var short: Int?
    var long: Int?
    var status: Int?
    /// The first column of each parameter.
    var parameters: [String: Int] = [:]
    /// The columns that name no parameter.
    var others: [String]

    init(_ names: [String]) {
      let columns = names.map(FirebaseImport.column)
      short = columns.firstIndex(of: .shortLink)
      long = columns.firstIndex(of: .longLink)
      status = columns.firstIndex(of: .status)
      others = zip(names, columns).filter { $1 == nil && !$0.isEmpty }.map(\.0)
      for (index, column) in columns.enumerated() {
        if case .parameter(let name)? = column, parameters[name] == nil { parameters[name] = index }
      }
    }
  }

  /// A row's code, deep link and parameters, when it makes a link on `site`; else why not.
  ///
  /// `onSite` is the site's origin lowercased, with a slash. A code given before is the
  /// caller's to find.
  private static func read(
    _ row: [String], under header: Header, site: String, onSite: String, router: Router
  ) -> Result<(code: String, deep: String, parameters: [String: String]), LinkCheck.Reason> {
    func field(_ index: Int?) -> String? {
      guard let index, index < row.count, !row[index].isEmpty else { return nil }
      return row[index]
    }
    var parameters = field(header.long).map(Self.query) ?? [:]
    for (name, index) in header.parameters {
      if let value = field(index) { parameters[name] = value }
    }
    if let status = field(header.status), Self.isArchived(status) {
      return .failure(LinkCheck.Reason(text: "the link is archived in Firebase ('\(status)'): not imported"))
    }
    guard let code = field(header.short).flatMap(Self.code) else {
      return .failure(LinkCheck.Reason(text: "the short link '\(field(header.short) ?? "")' ends in no usable code"))
    }
    guard let deep = parameters["link"] else { return .failure(LinkCheck.Reason(text: "the row has no deep link")) }
    // Where the app takes it: past redirects, to a route that shows a target.
    if case .failure(let reason) = LinkCheck.landing(of: deep, router: router) { return .failure(reason) }
    guard PreviewPage.isSafe(deep), deep.lowercased().hasPrefix(onSite) else {
      return .failure(LinkCheck.Reason(text: "'\(deep)' is not an https link on \(site)"))
    }
    let shortLink = "\(onSite)\(code)"
    if let route = LinkSite.claimant(of: shortLink, router: router) {
      return .failure(
        LinkCheck.Reason(
          text:
            "the app opens '\(shortLink)' itself (route '\(route)'), so its page would never show: give the link another code"
        ))
    }
    return .success((code, deep, parameters))
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
    notCarried += parameters.keys.filter { !Self.carried.contains($0) }.sorted().map {
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
