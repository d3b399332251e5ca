import ArgumentParser
import Foundation
import Waypoint
import WaypointSignedLinks

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
    let now = at.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? WaypointClock.live.now()
    do {
      let link = try LinkSigner(key: key).sign(
        url, expiresAt: now.addingTimeInterval(TimeInterval(seconds)), nonce: nonce ? LinkSigner.makeNonce() : nil)
      print(link)
    } catch {
      throw CommandFailure.usage("waypoint: \(error.message)")
    }
  }
}
