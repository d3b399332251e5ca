import ArgumentParser
import Foundation
import Waypoint
import WaypointSignedLinks

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
    let now = at.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? WaypointClock.live.now()
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
