/// The text files Waypoint keeps keys and manifest signatures in, as `waypoint keygen` and
/// `waypoint sign --manifest` write them.
///
/// Each is UTF-8 text: a first line saying what the file is, then `field: value` lines. Lines
/// that are empty or start with `#` are ignored; every field must appear exactly once, and no
/// other field may appear. Keys and signatures are base64url without padding (RFC 4648 §5).
///
/// ```
/// waypoint ed25519 private key          waypoint ed25519 public key
/// key-id: 2026-11                       key-id: 2026-11
/// key: <32 bytes: the private seed>     key: <32 bytes: the public key>
///
/// waypoint manifest signature
/// key-id: 2026-11
/// signature: <64 bytes: Ed25519 over the manifest file's exact bytes>
/// ```
public struct KeyFile: Sendable, Hashable {
  /// What a file holds, by its first line.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// An Ed25519 private key's 32-byte seed, under `key:`; kept on the server.
    case ed25519Private = "waypoint ed25519 private key"
    /// An Ed25519 public key's 32 bytes, under `key:`; shipped in the app.
    case ed25519Public = "waypoint ed25519 public key"
    /// A manifest's 64-byte Ed25519 signature, under `signature:`.
    case manifestSignature = "waypoint manifest signature"

    /// The field that holds the bytes.
    var bytesField: String { self == .manifestSignature ? "signature" : "key" }
    /// How many bytes it holds.
    var byteCount: Int { self == .manifestSignature ? 64 : 32 }
    /// The file's kind, for messages.
    var noun: String {
      switch self {
      case .ed25519Private: return "an Ed25519 private key file"
      case .ed25519Public: return "an Ed25519 public key file"
      case .manifestSignature: return "a manifest signature file"
      }
    }
  }

  /// What the file holds.
  public let kind: Kind
  /// The key id it names.
  public let keyID: String
  /// The key or signature bytes.
  public let key: [UInt8]

  init(kind: Kind, keyID: String, key: [UInt8]) {
    self.kind = kind
    self.keyID = keyID
    self.key = key
  }

  /// Reads a file that must be of `kind`.
  ///
  /// - Parameters:
  ///   - text: The file's text, lines ending in `\n` or `\r\n`.
  ///   - kind: What the file must hold; a file of another kind is refused, naming both.
  /// - Throws: ``SigningKeyError`` naming the line at fault.
  public init(text: String, expecting kind: Kind) throws(SigningKeyError) {
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .enumerated().map { index, line in (number: index + 1, text: line) }.filter {
        !$0.text.allSatisfy(\.isWhitespace) && !$0.text.hasPrefix("#")
      }
    guard let first = lines.first else { throw SigningKeyError("the file is empty; expected \(kind.noun)") }
    guard first.text == kind.rawValue else {
      if let other = Kind(rawValue: String(first.text)) {
        throw SigningKeyError("this is \(other.noun), not \(kind.noun)")
      }
      throw SigningKeyError(
        "line \(first.number): expected '\(kind.rawValue)' as the first line, found '\(first.text.prefix(60))'")
    }
    lines.removeFirst()
    var fields: [String: String] = [:]
    for line in lines {
      guard let colon = line.text.firstIndex(of: ":") else {
        throw SigningKeyError("line \(line.number): expected 'field: value', found '\(line.text.prefix(60))'")
      }
      let name = String(line.text[..<colon])
      let value = line.text[line.text.index(after: colon)...].trimmingSpaces
      guard name == "key-id" || name == kind.bytesField else {
        throw SigningKeyError(
          "line \(line.number): unknown field '\(name.prefix(40))' (\(kind.noun) has key-id and \(kind.bytesField))")
      }
      guard fields[name] == nil else { throw SigningKeyError("line \(line.number): '\(name)' is given twice") }
      fields[name] = value
    }
    guard let keyID = fields["key-id"] else { throw SigningKeyError("\(kind.noun) must have a 'key-id' line") }
    guard let encoded = fields[kind.bytesField] else {
      throw SigningKeyError("\(kind.noun) must have a '\(kind.bytesField)' line")
    }
    guard let bytes = Base64URL.decode(Substring(encoded)) else {
      throw SigningKeyError("the '\(kind.bytesField)' is not base64url (letters, digits, '-' and '_', no padding)")
    }
    guard bytes.count == kind.byteCount else {
      throw SigningKeyError(
        "the '\(kind.bytesField)' has \(bytes.count) bytes; \(kind.noun) holds \(kind.byteCount)")
    }
    self.kind = kind
    self.keyID = try KeyID.checked(keyID)
    self.key = bytes
  }

  /// The file's text, ending with a newline.
  public var text: String {
    "\(kind.rawValue)\nkey-id: \(keyID)\n\(kind.bytesField): \(Base64URL.encode(key))\n"
  }
}

extension Substring {
  /// The text without spaces and tabs at either end.
  var trimmingSpaces: String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}

/// Base64url without padding (RFC 4648 §5), strict: a decoder that accepts only the one
/// spelling the encoder writes.
enum Base64URL {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count * 4 + 2) / 3)
    var index = 0
    while index + 3 <= bytes.count {
      let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      for shift in [18, 12, 6, 0] { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
      index += 3
    }
    let left = bytes.count - index
    if left == 1 {
      let chunk = UInt32(bytes[index]) << 16
      for shift in [18, 12] { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
    } else if left == 2 {
      let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
      for shift in [18, 12, 6] { out.append(alphabet[Int(chunk >> UInt32(shift) & 63)]) }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of `text`, or `nil` when it is not canonical base64url without padding.
  static func decode(_ text: Substring) -> [UInt8]? {
    var values: [UInt32] = []
    values.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(UInt32(byte - UInt8(ascii: "A")))
      case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(UInt32(byte - UInt8(ascii: "a")) + 26)
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(UInt32(byte - UInt8(ascii: "0")) + 52)
      case UInt8(ascii: "-"): values.append(62)
      case UInt8(ascii: "_"): values.append(63)
      default: return nil
      }
    }
    guard values.count % 4 != 1 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(values.count * 3 / 4)
    var index = 0
    while index + 4 <= values.count {
      let chunk = values[index] << 18 | values[index + 1] << 12 | values[index + 2] << 6 | values[index + 3]
      bytes += [UInt8(chunk >> 16), UInt8(chunk >> 8 & 255), UInt8(chunk & 255)]
      index += 4
    }
    switch values.count - index {
    case 2:
      guard values[index + 1] & 15 == 0 else { return nil }
      bytes.append(UInt8((values[index] << 2 | values[index + 1] >> 4) & 255))
    case 3:
      guard values[index + 2] & 3 == 0 else { return nil }
      let chunk = values[index] << 12 | values[index + 1] << 6 | values[index + 2]
      bytes += [UInt8(chunk >> 10 & 255), UInt8(chunk >> 2 & 255)]
    default: break
    }
    return bytes
  }
}
