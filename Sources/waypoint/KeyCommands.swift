import ArgumentParser
import Foundation
import Waypoint
import WaypointSignedLinks

/// `waypoint keygen`: writes an Ed25519 key pair.
struct KeygenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "keygen",
    abstract: "Write a new Ed25519 key pair for signing links and manifests.",
    discussion: """
      The private key file stays on the server (it is written readable by its owner only); the \
      public key file ships in the app. Both name the key id, which signed links and manifest \
      signatures carry so that keys can rotate. Existing files are not overwritten without --force.

      Example:
        waypoint keygen --key-id 2026-11 --private links.key --public links.pub
      """
  )

  @Option(help: "The key's id (1–128 characters, no control characters).")
  var keyID: String

  @Option(name: .customLong("private"), help: ArgumentHelp("Where to write the private key.", valueName: "file"))
  var privatePath: String

  @Option(name: .customLong("public"), help: ArgumentHelp("Where to write the public key.", valueName: "file"))
  var publicPath: String

  @Flag(help: "Overwrite existing files.")
  var force = false

  func run() throws {
    let key = try usage { () throws(SigningKeyError) in try SigningKey.generateEd25519(id: keyID) }
    guard privatePath != publicPath else {
      throw CommandFailure.usage("waypoint: --private and --public are the same file")
    }
    for path in [privatePath, publicPath] where !force && FileManager.default.fileExists(atPath: path) {
      throw CommandFailure.usage("waypoint: '\(path)' exists; pass --force to overwrite it")
    }
    try write(key.fileText ?? "", to: privatePath, permissions: 0o600)
    try write(key.verificationKey.fileText ?? "", to: publicPath, permissions: 0o644)
    print("wrote \(privatePath) (private: keep it on the server) and \(publicPath) (public: ship it in the app)")
    print("key id: \(keyID)")
  }
}

/// `waypoint sign`: signs a link, or a manifest file.
struct SignCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sign",
    abstract: "Sign a link (printed) or a manifest file (a detached signature written to a file).",
    discussion: """
      A link gets kid, exp (and nonce with --nonce) query items and a signature as its last item. \
      A manifest must read without errors and have a 'revision'; its signature covers the file's \
      exact bytes, so sign the file you serve and do not reformat it afterwards.

      Examples:
        waypoint sign --private links.key --key-id 2026-11 --expires-in 3600 'myapp://note/42?ref=mail'
        waypoint sign --private links.key --key-id 2026-11 --manifest routes.json --signature routes.json.sig
      """
  )

  @Option(name: .customLong("private"), help: ArgumentHelp("The private key file.", valueName: "file"))
  var privatePath: String

  @Option(help: "The key's id, which must be the one the key file names.")
  var keyID: String

  @Option(help: "Seconds until the link expires (links only; default 86400, one day).")
  var expiresIn: Int?

  @Flag(help: "Make the link one-time: add a random nonce (links only).")
  var nonce = false

  @Option(help: ArgumentHelp("Sign this manifest file instead of a link.", valueName: "file"))
  var manifest: String?

  @Option(help: ArgumentHelp("Where to write the manifest's signature.", valueName: "file"))
  var signature: String?

  @Option(help: ArgumentHelp("Sign as of this Unix time instead of now (links only).", valueName: "seconds"))
  var at: Int?

  @Argument(help: "The link to sign.")
  var url: String?

  func run() throws {
    let key = try load(privatePath) { text throws(SigningKeyError) in try SigningKey(fileText: text) }
    guard key.keyID == keyID else {
      throw CommandFailure.usage("waypoint: \(privatePath) holds key '\(key.keyID)', not '\(keyID)'")
    }
    if let manifest {
      guard url == nil else { throw CommandFailure.usage("waypoint: give a link or --manifest, not both") }
      guard expiresIn == nil, !nonce, at == nil else {
        throw CommandFailure.usage("waypoint: --expires-in, --nonce and --at are for links, not manifests")
      }
      guard let signature else { throw CommandFailure.usage("waypoint: --manifest needs --signature FILE to write") }
      let data = try readData(manifest)
      let read: RouteManifest
      do {
        read = try RouteManifest(data: data)
      } catch {
        throw CommandFailure.usage("waypoint: \(manifest): \(error.message)")
      }
      guard let revision = read.revision else {
        throw CommandFailure.usage(
          "waypoint: \(manifest) has no 'revision'; a signed manifest needs one, higher than the last one published")
      }
      let signed = try usage { () throws(SigningKeyError) in try ManifestSigner(key: key).sign(manifest: data) }
      try write(signed.fileText, to: signature, permissions: 0o644)
      print(
        "signed \(manifest) (revision \(revision), \(read.routes.count) routes) with key '\(keyID)': wrote \(signature)"
      )
      return
    }
    guard signature == nil else { throw CommandFailure.usage("waypoint: --signature is for --manifest") }
    guard let url else { throw CommandFailure.usage("waypoint: give a link to sign, or --manifest FILE") }
    let seconds = expiresIn ?? 86_400
    guard seconds > 0 else { throw CommandFailure.usage("waypoint: --expires-in must be a positive number of seconds") }
    let now = at.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
    do {
      let link = try LinkSigner(key: key).sign(
        url, expiresAt: now.addingTimeInterval(TimeInterval(seconds)), nonce: nonce ? LinkSigner.makeNonce() : nil)
      print(link)
    } catch {
      throw CommandFailure.usage("waypoint: \(error.message)")
    }
  }
}

/// `waypoint verify`: checks a signed link, or a manifest's signature.
struct VerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Check a signed link, or a manifest file's signature. Exit 0 valid, 1 refused, 2 usage error.",
    discussion: """
      Each public key file names its key id, so no --key-id is needed; give several --public to \
      trust several keys. The verdict is printed: 'valid: …' or 'refused: <reason>'.

      Examples:
        waypoint verify --public links.pub 'myapp://note/42?ref=mail&kid=2026-11&exp=1767225600&sig=…'
        waypoint verify --public links.pub --manifest routes.json --signature routes.json.sig
      """
  )

  @Option(name: .customLong("public"), help: ArgumentHelp("A trusted public key file (repeatable).", valueName: "file"))
  var publicPaths: [String] = []

  @Option(help: ArgumentHelp("A key id to refuse (repeatable).", valueName: "key-id"))
  var revoked: [String] = []

  @Option(help: ArgumentHelp("Check this manifest file instead of a link.", valueName: "file"))
  var manifest: String?

  @Option(help: ArgumentHelp("The manifest's signature file.", valueName: "file"))
  var signature: String?

  @Option(help: ArgumentHelp("Check as of this Unix time instead of now (links only).", valueName: "seconds"))
  var at: Int?

  @Option(help: "The clock skew allowed, in seconds (links only).")
  var clockSkew = 30

  @Argument(help: "The link to check.")
  var url: String?

  func run() throws {
    guard !publicPaths.isEmpty else { throw CommandFailure.usage("waypoint: give at least one --public key file") }
    var keys: [VerificationKey] = []
    for path in publicPaths {
      keys.append(
        try load(path) { text throws(SigningKeyError) in try VerificationKey(fileText: text) })
    }
    let ring = try usage { () throws(SigningKeyError) in try KeyRing(keys, revoked: Set(revoked)) }
    if let manifest {
      guard url == nil else { throw CommandFailure.usage("waypoint: give a link or --manifest, not both") }
      guard let signature else { throw CommandFailure.usage("waypoint: --manifest needs --signature FILE") }
      let data = try readData(manifest)
      let signatureData = try readData(signature)
      do {
        let keyID = try ManifestVerifier(keys: ring).check(manifest: data, signature: signatureData)
        let read = try RouteManifest(data: data)
        guard let revision = read.revision else {
          throw refused("the signed manifest has no 'revision'")
        }
        print("valid: signed with key '\(keyID)'; revision \(revision), \(read.routes.count) routes")
      } catch let error as ManifestError {
        throw refused("\(error.message)")
      } catch let error as BuildError {
        throw refused("the signed manifest does not load: \(error.message)")
      }
      return
    }
    guard signature == nil else { throw CommandFailure.usage("waypoint: --signature is for --manifest") }
    guard let url else { throw CommandFailure.usage("waypoint: give a link to check, or --manifest FILE") }
    guard clockSkew >= 0 else { throw CommandFailure.usage("waypoint: --clock-skew must not be negative") }
    let now = at.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
    let verifier = LinkVerifier(keys: ring, clockSkew: .seconds(clockSkew), now: { now })
    do {
      let link = try verifier.verify(url)
      // Held within ±10¹⁵ s: `--at` may be any Int, far from any time a link carries.
      let left = Int(min(max(link.expiry.timeIntervalSince(now).rounded(.down), -1e15), 1e15))
      print(
        "valid: signed with key '\(link.keyID)', expires at \(Int(link.expiry.timeIntervalSince1970)) (in \(left) s)"
          + (link.nonce.map { ", nonce \($0)" } ?? ""))
    } catch {
      throw refused("\(error)")
    }
  }
}

// MARK: - Files

/// Prints the refusal as the verdict and exits 1.
func refused(_ reason: String) -> ExitCode {
  print("refused: \(reason)")
  return ExitCode(1)
}

/// The text of `path`; exit 2 when it cannot be read.
func readText(_ path: String) throws(SigningKeyError) -> String {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw SigningKeyError(
      FileManager.default.fileExists(atPath: path) ? "cannot read '\(path)'" : "'\(path)': there is no such file")
  }
  guard let text = String(data: data, encoding: .utf8) else { throw SigningKeyError("'\(path)' is not UTF-8 text") }
  return text
}

/// The bytes of `path`; exit 2 when it cannot be read.
func readData(_ path: String) throws -> Data {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw CommandFailure.usage(
      "waypoint: "
        + (FileManager.default.fileExists(atPath: path) ? "cannot read '\(path)'" : "'\(path)': there is no such file"))
  }
  return data
}

/// Writes `text` to `path` with `permissions`; exit 2 when it cannot be written.
func write(_ text: String, to path: String, permissions: Int) throws {
  let manager = FileManager.default
  guard manager.createFile(atPath: path, contents: Data(text.utf8), attributes: [.posixPermissions: permissions])
  else { throw CommandFailure.usage("waypoint: cannot write '\(path)'") }
  // createFile keeps an existing file's permissions; a private key must not stay readable by others.
  try? manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
}

/// Reads the key file at `path` with `read`; exit 2, naming the file, when it cannot be read.
func load<Key>(_ path: String, _ read: (String) throws(SigningKeyError) -> Key) throws -> Key {
  let text = try usage { () throws(SigningKeyError) in try readText(path) }
  return try usage { () throws(SigningKeyError) in
    do throws(SigningKeyError) {
      return try read(text)
    } catch {
      throw SigningKeyError("\(path): \(error.message)")
    }
  }
}

/// Runs `body`, turning a key problem into a usage error (exit 2).
func usage<Value>(_ body: () throws(SigningKeyError) -> Value) throws -> Value {
  do {
    return try body()
  } catch {
    throw CommandFailure.usage("waypoint: " + error.message)
  }
}
