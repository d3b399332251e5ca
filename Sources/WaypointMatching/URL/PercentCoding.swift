/// Percent-decoding and -encoding on UTF-8 bytes, without Foundation.
package enum PercentCoding {
  /// Why a component could not be decoded.
  package enum Failure: Error {
    /// A `%` not followed by two hex digits, at this UTF-8 offset within the component.
    case invalidEscape(offset: Int)
    /// The decoded bytes are not valid UTF-8.
    case invalidUTF8
  }

  /// Decodes `%XX` escapes (and `+` as a space when asked).
  ///
  /// Returns the input itself when there is nothing to decode, so the common case costs no allocation.
  ///
  /// The map page's twin: `percentDecode` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  package static func decode(_ text: Substring, plusAsSpace: Bool) throws(Failure) -> Substring {
    var needsWork = false
    for byte in text.utf8 where byte == UInt8(ascii: "%") || (plusAsSpace && byte == plus) {
      needsWork = true
      break
    }
    if !needsWork { return text }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    var offset = 0
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue)
        else { throw .invalidEscape(offset: offset) }
        bytes.append(high << 4 | low)
        offset += 3
      } else {
        bytes.append(plusAsSpace && byte == plus ? UInt8(ascii: " ") : byte)
        offset += 1
      }
    }
    guard let string = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
    return Substring(string)
  }

  /// The value of one hex digit, or `nil`.
  package static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  /// Which bytes stand for themselves in an encoded component.
  package enum Component {
    /// A path segment: RFC 3986 `pchar` minus `+`, which some readers take for a space.
    case pathSegment
    /// A query key or value: unreserved characters only, so `&`, `=`, `+` and `#` are escaped.
    case queryItem
    /// A host: unreserved characters, sub-delimiters and IPv6 brackets; `:` and `@` are escaped
    /// so they cannot read as a port or user information.
    case host
  }

  /// Encodes every byte that may not stand for itself in `component` as `%XX`.
  ///
  /// The map page's twin: `encode` in `Sources/waypoint/MapPage/resolver.js`, which
  /// `Scripts/check-map-page.sh` holds to the same answers; a change here changes it too.
  package static func encode(_ text: some StringProtocol, as component: Component) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isAllowed(byte, in: component) {
        bytes.append(byte)
      } else {
        bytes.append(UInt8(ascii: "%"))
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0xF)])
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func isAllowed(_ byte: UInt8, in component: Component) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      return true
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
      UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","),
      UInt8(ascii: ";"), UInt8(ascii: "="):
      return component != .queryItem
    case UInt8(ascii: ":"), UInt8(ascii: "@"):
      return component == .pathSegment
    case UInt8(ascii: "["), UInt8(ascii: "]"):
      return component == .host
    default:
      return false
    }
  }

  private static let plus = UInt8(ascii: "+")
  private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}

extension Substring {
  /// The text with ASCII letters lowered; the input itself when it has none to lower.
  func asciiLowercased() -> Substring {
    guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
      return self
    }
    let lowered = utf8.map { byte in
      byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
    return Substring(String(decoding: lowered, as: UTF8.self))
  }
}
