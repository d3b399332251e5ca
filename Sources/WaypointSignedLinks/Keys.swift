@preconcurrency public import Crypto

/// A key that signs links and manifests, with the id that links and signatures name it by.
///
/// Ed25519 is the key for anything an app verifies: the app holds only the public half
/// (``verificationKey``), which cannot sign. HMAC-SHA256 signs and verifies with the same secret,
/// so use it only where the verifier may sign too (a server checking its own links).
///
/// ```swift
/// let key = try SigningKey.generateEd25519(id: "2026-11")
/// let publicKeyFile = key.verificationKey.fileText   // ship this in the app
/// ```
public struct SigningKey: Sendable {
  /// The id links and signatures name this key by.
  public let keyID: String
  let material: KeyMaterial<Curve25519.Signing.PrivateKey>

  /// An Ed25519 private key named `id`.
  ///
  /// - Parameters:
  ///   - key: The private key.
  ///   - id: The id links and signatures name the key by: 1 to 128 UTF-8 bytes, no control
  ///     characters, no space at either end.
  /// - Returns: The key, which signs with Ed25519.
  /// - Throws: ``SigningKeyError`` when `id` is not a valid key id.
  public static func ed25519(_ key: Curve25519.Signing.PrivateKey, id: String) throws(SigningKeyError) -> SigningKey {
    try SigningKey(keyID: KeyID.checked(id), material: .ed25519(key))
  }

  /// A new random Ed25519 key named `id`.
  ///
  /// - Throws: ``SigningKeyError`` when `id` is not a valid key id.
  public static func generateEd25519(id: String) throws(SigningKeyError) -> SigningKey {
    try ed25519(Curve25519.Signing.PrivateKey(), id: id)
  }

  /// An HMAC-SHA256 secret named `id`, for a verifier that is trusted to sign (never an app).
  ///
  /// - Parameters:
  ///   - key: The secret, at least 16 bytes.
  ///   - id: The id links and signatures name the key by: 1 to 128 UTF-8 bytes, no control
  ///     characters, no space at either end.
  /// - Returns: The key, which signs with HMAC-SHA256.
  /// - Throws: ``SigningKeyError`` when `id` is not a valid key id or the secret is shorter than
  ///   16 bytes.
  public static func hmac(_ key: SymmetricKey, id: String) throws(SigningKeyError) -> SigningKey {
    guard key.bitCount >= 128 else {
      throw SigningKeyError("an HMAC secret must have at least 16 bytes, not \(key.bitCount / 8)")
    }
    return try SigningKey(keyID: KeyID.checked(id), material: .hmac(key))
  }

  /// Reads a private key file (see ``KeyFile``).
  ///
  /// - Throws: ``SigningKeyError`` naming what is wrong with the file.
  public init(fileText: String) throws(SigningKeyError) {
    let file = try KeyFile(text: fileText, expecting: .ed25519Private)
    do {
      self = try .ed25519(Curve25519.Signing.PrivateKey(rawRepresentation: file.key), id: file.keyID)
    } catch let error as SigningKeyError {
      throw error
    } catch {
      throw SigningKeyError("the key is not an Ed25519 private key: \(error)")
    }
  }

  init(keyID: String, material: KeyMaterial<Curve25519.Signing.PrivateKey>) {
    self.keyID = keyID
    self.material = material
  }

  /// The key that checks this key's signatures: the public key of an Ed25519 key, the same
  /// secret for HMAC.
  public var verificationKey: VerificationKey {
    VerificationKey(keyID: keyID, material: KeyMaterial(ed25519: material.ed25519?.publicKey, hmac: material.hmac))
  }

  /// The private key file of an Ed25519 key (see ``KeyFile``); `nil` for HMAC, whose secret is
  /// not kept in Waypoint's files.
  public var fileText: String? {
    guard let key = material.ed25519 else { return nil }
    return KeyFile(kind: .ed25519Private, keyID: keyID, key: Array(key.rawRepresentation)).text
  }

  /// The signature of `bytes`.
  func signature(for bytes: [UInt8]) -> [UInt8] {
    if let key = material.ed25519 {
      // Signing fails only when BoringSSL cannot allocate; an empty signature never verifies.
      return (try? Array(key.signature(for: bytes))) ?? []
    }
    if let key = material.hmac { return Array(HMAC<SHA256>.authenticationCode(for: bytes, using: key)) }
    return []
  }
}

/// A key that checks signatures, named by its key id.
///
/// ```swift
/// let key = try VerificationKey(fileText: bundledPublicKeyFile)
/// let verifier = LinkVerifier(keys: try KeyRing([key]))
/// ```
public struct VerificationKey: Sendable {
  /// The id links and signatures name this key by.
  public let keyID: String
  let material: KeyMaterial<Curve25519.Signing.PublicKey>

  /// An Ed25519 public key named `id`.
  ///
  /// - Parameters:
  ///   - key: The public key.
  ///   - id: The id links and signatures name the key by: 1 to 128 UTF-8 bytes, no control
  ///     characters, no space at either end.
  /// - Returns: The key, which checks Ed25519 signatures.
  /// - Throws: ``SigningKeyError`` when `id` is not a valid key id.
  public static func ed25519(_ key: Curve25519.Signing.PublicKey, id: String) throws(SigningKeyError)
    -> VerificationKey
  {
    try VerificationKey(keyID: KeyID.checked(id), material: .ed25519(key))
  }

  /// An HMAC-SHA256 secret named `id`; whoever holds it can also sign.
  ///
  /// - Parameters:
  ///   - key: The secret, at least 16 bytes.
  ///   - id: The id links and signatures name the key by: 1 to 128 UTF-8 bytes, no control
  ///     characters, no space at either end.
  /// - Returns: The key, which checks HMAC-SHA256 signatures.
  /// - Throws: ``SigningKeyError`` when `id` is not a valid key id or the secret is shorter than 16 bytes.
  public static func hmac(_ key: SymmetricKey, id: String) throws(SigningKeyError) -> VerificationKey {
    try SigningKey.hmac(key, id: id).verificationKey
  }

  /// Reads a public key file (see ``KeyFile``).
  ///
  /// - Throws: ``SigningKeyError`` naming what is wrong with the file.
  public init(fileText: String) throws(SigningKeyError) {
    let file = try KeyFile(text: fileText, expecting: .ed25519Public)
    do {
      self = try .ed25519(Curve25519.Signing.PublicKey(rawRepresentation: file.key), id: file.keyID)
    } catch let error as SigningKeyError {
      throw error
    } catch {
      throw SigningKeyError("the key is not an Ed25519 public key: \(error)")
    }
  }

  init(keyID: String, material: KeyMaterial<Curve25519.Signing.PublicKey>) {
    self.keyID = keyID
    self.material = material
  }

  /// Whether this is an Ed25519 public key (which cannot sign).
  public var isPublicKey: Bool { material.ed25519 != nil }

  /// The public key file of an Ed25519 key; `nil` for HMAC.
  public var fileText: String? {
    guard let key = material.ed25519 else { return nil }
    return KeyFile(kind: .ed25519Public, keyID: keyID, key: Array(key.rawRepresentation)).text
  }

  /// Whether `signature` is this key's signature of `bytes` (HMAC compared in constant time).
  func isValid(_ signature: [UInt8], for bytes: [UInt8]) -> Bool {
    if let key = material.ed25519 { return signature.count == 64 && key.isValidSignature(signature, for: bytes) }
    if let key = material.hmac {
      return signature.count == 32
        && HMAC<SHA256>.isValidAuthenticationCode(signature, authenticating: bytes, using: key)
    }
    return false
  }
}

/// The keys a verifier trusts, by key id, and the ids it refuses although it may once have
/// trusted them.
///
/// Rotate a key by shipping its successor before the server switches:
///
/// ```swift
/// let keys = try KeyRing([key2026_11, key2027_05], revoked: ["2026-05"])
/// ```
public struct KeyRing: Sendable {
  private let keys: [String: VerificationKey]
  /// The key ids refused as revoked.
  public let revoked: Set<String>

  /// Trusts `keys` and refuses `revoked` (a revoked id is refused even when a key has it).
  ///
  /// - Parameters:
  ///   - keys: The trusted keys, each with its own id.
  ///   - revoked: The key ids refused as revoked; none by default.
  /// - Throws: ``SigningKeyError`` when two keys have the same id.
  public init(_ keys: [VerificationKey], revoked: Set<String> = []) throws(SigningKeyError) {
    var byID: [String: VerificationKey] = [:]
    for key in keys {
      guard byID[key.keyID] == nil else {
        throw SigningKeyError("two keys have the id '\(key.keyID)'; each trusted key needs its own id")
      }
      byID[key.keyID] = key
    }
    self.keys = byID
    self.revoked = revoked
  }

  /// The trusted key ids, sorted.
  public var keyIDs: [String] { keys.keys.sorted() }

  /// What the ring says about `keyID`.
  func lookUp(_ keyID: String) -> Lookup {
    if revoked.contains(keyID) { return .revoked }
    return keys[keyID].map(Lookup.trusted) ?? .unknown
  }

  enum Lookup {
    case trusted(VerificationKey)
    case revoked
    case unknown
  }
}

/// A key's material: an Ed25519 key or an HMAC secret, exactly one of them set.
///
/// Two optionals rather than an enum with two payloads: such an enum keeps its case in the spare
/// bits of the pointers it holds, and leak checkers (LeakSanitizer) then cannot see that a key
/// held in a global is still referenced. `@unchecked` because swift-crypto's key types are not
/// marked `Sendable` yet, although they are immutable values.
struct KeyMaterial<Ed25519Key>: @unchecked Sendable {
  let ed25519: Ed25519Key?
  let hmac: SymmetricKey?

  static func ed25519(_ key: Ed25519Key) -> KeyMaterial { KeyMaterial(ed25519: key, hmac: nil) }
  static func hmac(_ key: SymmetricKey) -> KeyMaterial { KeyMaterial(ed25519: nil, hmac: key) }
}

/// A problem with a key, a key file, a key ring or a signature file.
public struct SigningKeyError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, for people.
  public let message: String

  /// An error saying `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}

/// The rules for key ids.
enum KeyID {
  /// The longest key id, in UTF-8 bytes.
  static let maxLength = 128

  /// `id` when it is a valid key id: 1–128 UTF-8 bytes, no control characters, no spaces at either end.
  static func checked(_ id: String) throws(SigningKeyError) -> String {
    guard !id.isEmpty else { throw SigningKeyError("a key id must not be empty") }
    guard id.utf8.count <= maxLength else {
      throw SigningKeyError("the key id is \(id.utf8.count) bytes long; the limit is \(maxLength)")
    }
    guard !id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
      throw SigningKeyError("the key id '\(id.debugDescription.dropFirst().dropLast())' has a control character")
    }
    guard id.first?.isWhitespace == false, id.last?.isWhitespace == false else {
      throw SigningKeyError("the key id '\(id)' starts or ends with a space")
    }
    return id
  }
}
