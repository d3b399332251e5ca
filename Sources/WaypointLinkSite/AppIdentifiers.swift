import Waypoint

/// The forms the link commands accept for what names an app and a link, checked in one place:
/// `links build` and `import-fdl` read them from hostile files, `android assetlinks` from its
/// arguments.
package enum AppIdentifiers {
  /// An Android package name: dot-separated parts, each a letter then letters, digits or `_`
  /// (`com.example.notes`).
  package static func isPackageName(_ text: String) -> Bool {
    text.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+/) != nil
  }

  /// An App Store id: 1 to 20 digits.
  package static func isAppStoreID(_ text: String) -> Bool {
    text.wholeMatch(of: /[0-9]{1,20}/) != nil
  }

  /// A SHA-256 certificate fingerprint: 32 bytes in hex, separated by colons.
  package static func isFingerprint(_ text: String) -> Bool {
    text.wholeMatch(of: /[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}/) != nil
  }

  /// A short link's code: 1 to 64 letters, digits, `-` or `_`, starting with a letter or digit.
  package static func isLinkCode(_ text: String) -> Bool {
    ShortLinks.isCode(text[...])
  }

  /// `TEAMID.bundle.id`: ten uppercase letters or digits, a dot, and a bundle id.
  package static func isAppID(_ id: String) -> Bool {
    let parts = id.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].utf8.count == 10,
      parts[0].utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }), !parts[1].isEmpty
    else { return false }
    return parts[1].utf8.allSatisfy { byte in
      (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57) || byte == 45
        || byte == 46
    }
  }
}
