#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// One open of a short link the app resolved from its own table, as it travels to the link
/// service (`POST /v1/opens`): what the app sends and what the service checks and stores.
///
/// Nothing of the device: the id is random for each open, and the time is the hour.
package struct ShortLinkOpen: Codable, Sendable, Hashable {
  /// 16 to 64 lowercase hex digits, random for each open: a batch sent twice counts once.
  package var id: String
  /// The link's code.
  package var code: String
  /// The link's revision the app opened.
  package var revision: Int
  /// The door the link came in by (`universalLink`, `external`, `notification`, …).
  package var source: String
  /// `ios`, `android` or `desktop`.
  package var platform: String
  /// Hours since 1970 in UTC.
  package var hour: Int64

  /// A new open of `link` through the door `kind` on `platform` at `date`, under a random id;
  /// a door's name the service would not take is sent with `-` for each other character.
  package init(of link: ShortLink, door kind: String, platform: String, at date: Date) {
    id = Hex.lowercase(WaypointClock.live.randomBytes(16))
    code = link.code
    revision = link.revision
    let kept = kind.utf8.prefix(32).map { Self.isSourceByte($0) ? Character(Unicode.Scalar($0)) : "-" }
    source = kept.isEmpty ? "other" : String(kept)
    self.platform = platform
    hour = Self.hour(of: date)
  }

  /// The hour of `date`: hours since 1970 in UTC.
  package static func hour(of date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 / 3_600).rounded(.down))
  }

  /// What is wrong with the open as the service takes it; `nil` when nothing is.
  package var problem: String? {
    let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
    guard (16...64).contains(id.utf8.count), id.utf8.allSatisfy(isHex) else {
      return "the id is 16 to 64 lowercase hex digits"
    }
    guard ShortLinks.isCode(code[...]) else { return "the code is no code" }
    guard (1...1_000_000).contains(revision) else { return "the revision is 1 to 1000000" }
    guard (1...32).contains(source.utf8.count), source.utf8.allSatisfy(Self.isSourceByte) else {
      return "the source is 1 to 32 letters, digits, '-', '_' or '.'"
    }
    guard ["ios", "android", "desktop"].contains(platform) else { return "the platform is ios, android or desktop" }
    return nil
  }

  /// Whether `byte` may stand in a source: an ASCII letter or digit, `-`, `_` or `.`.
  private static func isSourceByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
  }
}
