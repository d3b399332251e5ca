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
