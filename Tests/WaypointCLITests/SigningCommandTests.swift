import Foundation
import Testing

@Suite("waypoint keygen, sign, verify, aasa")
struct SigningCommandTests {
  /// A new folder with a key pair named `2026-11`.
  static func keys() throws -> (folder: String, privateKey: String, publicKey: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waypoint-keys-\(UUID().uuidString)")
      .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let (privateKey, publicKey) = (folder + "/links.key", folder + "/links.pub")
    let made = try CLIRunner.run(["keygen", "--key-id", "2026-11", "--private", privateKey, "--public", publicKey])
    #expect(made.status == 0, "\(made.stderr)")
    return (folder, privateKey, publicKey)
  }

  @Test("keygen writes a private key readable by its owner only and a public key, and never overwrites")
  func keygen() throws {
    let (_, privateKey, publicKey) = try Self.keys()
    let privateText = try String(contentsOfFile: privateKey, encoding: .utf8)
    let publicText = try String(contentsOfFile: publicKey, encoding: .utf8)
    #expect(privateText.hasPrefix("waypoint ed25519 private key\nkey-id: 2026-11\nkey: "))
    #expect(publicText.hasPrefix("waypoint ed25519 public key\nkey-id: 2026-11\nkey: "))
    let permissions = try FileManager.default.attributesOfItem(atPath: privateKey)[.posixPermissions] as? Int
    #expect(permissions == 0o600)
    let again = try CLIRunner.run(["keygen", "--key-id", "x", "--private", privateKey, "--public", publicKey])
    #expect(again.status == 2 && again.stderr.contains("exists; pass --force"))
    #expect(try String(contentsOfFile: privateKey, encoding: .utf8) == privateText, "the key was kept")
    let bad = try CLIRunner.run(["keygen", "--key-id", "", "--private", privateKey + "2", "--public", publicKey + "2"])
    #expect(bad.status == 2 && bad.stderr.contains("a key id must not be empty"))
  }

  @Test("sign prints a link that verify accepts; a changed, expired or foreign link exits 1 with the reason")
  func links() throws {
    let (folder, privateKey, publicKey) = try Self.keys()
    let signed = try CLIRunner.run([
      "sign", "--private", privateKey, "--key-id", "2026-11", "--expires-in", "60", "--at", "1800000000", "--nonce",
      "myapp://note/42?ref=mail",
    ])
    #expect(signed.status == 0)
    let link = signed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(link.hasPrefix("myapp://note/42?ref=mail&kid=2026-11&exp=1800000060&nonce="))
    let valid = try CLIRunner.run(["verify", "--public", publicKey, "--at", "1800000000", link])
    #expect(valid.status == 0)
    #expect(valid.stdout.hasPrefix("valid: signed with key '2026-11', expires at 1800000060 (in 60 s), nonce "))
    let changed = try CLIRunner.run([
      "verify", "--public", publicKey, "--at", "1800000000", link.replacingOccurrences(of: "/42", with: "/43"),
    ])
    #expect(changed.status == 1 && changed.stdout.hasPrefix("refused: the signature does not match key '2026-11'"))
    let expired = try CLIRunner.run(["verify", "--public", publicKey, "--at", "1800000100", link])
    #expect(expired.status == 1 && expired.stdout == "refused: the link expired 40 s ago\n")
    let farOff = try CLIRunner.run(["verify", "--public", publicKey, "--at", "9223372036854775807", link])
    #expect(farOff.status == 1 && farOff.stdout.hasPrefix("refused: the link expired"), "a clock far off is no crash")
    let revoked = try CLIRunner.run([
      "verify", "--public", publicKey, "--revoked", "2026-11", "--at", "1800000000", link,
    ])
    #expect(revoked.status == 1 && revoked.stdout.contains("which is revoked"))
    // A second key: trusted together with the first, each link names its own.
    let other = (folder + "/other.key", folder + "/other.pub")
    _ = try CLIRunner.run(["keygen", "--key-id", "2027-05", "--private", other.0, "--public", other.1])
    let foreign = try CLIRunner.run([
      "sign", "--private", other.0, "--key-id", "2027-05", "--at", "1800000000", "myapp://note/1",
    ]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let unknown = try CLIRunner.run(["verify", "--public", publicKey, "--at", "1800000000", foreign])
    #expect(unknown.status == 1 && unknown.stdout.contains("key '2027-05', which this app does not know"))
    #expect(
      try CLIRunner.run(["verify", "--public", publicKey, "--public", other.1, "--at", "1800000000", foreign]).status
        == 0)
  }

  @Test("usage errors exit 2: missing files, malformed keys, a key id that is not the file's, bad arguments")
  func usage() throws {
    let (folder, privateKey, publicKey) = try Self.keys()
    let garbage = folder + "/garbage.pub"
    try "waypoint ed25519 public key\nkey-id: x\nkey: !!!\n".write(toFile: garbage, atomically: true, encoding: .utf8)
    let cases: [([String], String)] = [
      (["verify", "--public", folder + "/none.pub", "myapp://a"], "there is no such file"),
      (["verify", "--public", garbage, "myapp://a"], "garbage.pub: the 'key' is not base64url"),
      (
        ["verify", "--public", privateKey, "myapp://a"],
        "this is an Ed25519 private key file, not an Ed25519 public key file"
      ),
      (["verify", "myapp://a"], "give at least one --public key file"),
      (["sign", "--private", privateKey, "--key-id", "2027-05", "myapp://a"], "holds key '2026-11', not '2027-05'"),
      (["sign", "--private", publicKey, "--key-id", "2026-11", "myapp://a"], "not an Ed25519 private key file"),
      (["sign", "--private", privateKey, "--key-id", "2026-11", "--expires-in", "0", "myapp://a"], "positive"),
      (["sign", "--private", privateKey, "--key-id", "2026-11", "myapp://a?sig=1"], "already has a 'sig' query item"),
      (
        ["sign", "--private", privateKey, "--key-id", "2026-11", "--expires-in", "9223372036854775807", "myapp://a"],
        "a signed link carries times from 0 to 999999999999"
      ),
      (
        ["sign", "--private", privateKey, "--key-id", "2026-11", "--manifest", folder + "/m.json"], "needs --signature"
      ),
      (["aasa", "--app-id", "com.example.app"], "is not an app id"),
      (["aasa"], "give at least one --app-id"),
    ]
    for (arguments, message) in cases {
      let output = try CLIRunner.run(arguments)
      #expect(output.status == 2, "\(arguments)")
      #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
      #expect(!output.stderr.contains("Fatal error") && !output.stderr.contains("Stack dump"))
    }
    for command in ["keygen", "sign", "verify", "aasa"] {
      let help = try CLIRunner.run([command, "--help"])
      #expect(help.status == 0 && help.stdout.contains("Example"), "\(command) --help shows an example")
    }
  }

  @Test("a manifest is signed as its exact bytes; any change, a missing revision or a bad signature file is caught")
  func manifests() throws {
    let (folder, privateKey, publicKey) = try Self.keys()
    let manifest = folder + "/routes.json"
    let signature = folder + "/routes.json.sig"
    let text =
      #"{"revision": 3, "routes": [{"name": "a", "pattern": "https://example.com/a/:id", "exposure": "public"}]}"#
    try text.write(toFile: manifest, atomically: true, encoding: .utf8)
    let signed = try CLIRunner.run([
      "sign", "--private", privateKey, "--key-id", "2026-11", "--manifest", manifest, "--signature", signature,
    ])
    #expect(signed.status == 0 && signed.stdout.contains("revision 3, 1 routes"))
    #expect(
      try String(contentsOfFile: signature, encoding: .utf8).hasPrefix("waypoint manifest signature\nkey-id: 2026-11\n")
    )
    let verify = ["verify", "--public", publicKey, "--manifest", manifest, "--signature", signature]
    let valid = try CLIRunner.run(verify)
    #expect(valid.status == 0 && valid.stdout == "valid: signed with key '2026-11'; revision 3, 1 routes\n")
    try text.replacingOccurrences(of: ": ", with: ":").write(toFile: manifest, atomically: true, encoding: .utf8)
    let reformatted = try CLIRunner.run(verify)
    #expect(reformatted.status == 1 && reformatted.stdout.contains("the manifest's bytes changed after signing"))
    let unrevised = folder + "/unrevised.json"
    try #"{"routes": []}"#.write(toFile: unrevised, atomically: true, encoding: .utf8)
    let refused = try CLIRunner.run([
      "sign", "--private", privateKey, "--key-id", "2026-11", "--manifest", unrevised, "--signature", signature,
    ])
    #expect(refused.status == 2 && refused.stderr.contains("has no 'revision'"))
    try "nonsense".write(toFile: signature, atomically: true, encoding: .utf8)
    let unreadable = try CLIRunner.run(verify)
    #expect(unreadable.status == 1 && unreadable.stdout.contains("the signature file cannot be read"))
  }

  @Test("aasa lists public http(s) routes as components, internal ones under them as exclusions, valid by the schema")
  func aasa() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"""
      {"options": {"caseSensitive": false}, "routes": [
        {"name": "user", "pattern": "https://example.com/user/<int:id>", "exposure": "public"},
        {"name": "user.admin", "pattern": "https://example.com/user/admin"},
        {"name": "help", "pattern": "https://example.com/help(/:topic)", "exposure": "public"},
        {"name": "files", "pattern": "/files/*path", "exposure": "public"},
        {"name": "export", "pattern": "https://example.com/export/:id.pdf", "exposure": "public"},
        {"name": "star", "pattern": "https://example.com/a\\*b", "exposure": "public"},
        {"name": "app", "pattern": "myapp://user/:id", "exposure": "public"},
        {"name": "other", "pattern": "https://other.example/x", "exposure": "public"},
        {"name": "hidden", "pattern": "https://example.com/secret"}
      ]}
      """#)
    let output = try CLIRunner.run(["aasa", "--manifest", manifest, "--app-id", "ABCDE12345.com.example.app"])
    #expect(output.status == 0)
    let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8))
    let schema = try JSONSchemaCheck.load("Schemas/apple-app-site-association.schema.json")
    #expect(schema.problems(document) == [])
    let details = try #require(
      ((document as? [String: Any])?["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
    let components = try #require(details.first?["components"] as? [[String: Any]])
    let paths = components.map { ($0["/"] as? String ?? "", $0["exclude"] as? Bool ?? false) }
    #expect(
      paths.map(\.0) == [
        "/user/admin", "/user/admin/", "/user/?*", "/help/?*", "/help", "/help/", "/files/?*", "/export/?*.pdf",
        "/a*b", "/a*b/", "/x", "/x/",
      ])
    #expect(paths.prefix(2).allSatisfy(\.1) && !paths.dropFirst(2).contains(where: \.1), "exclusions first")
    #expect(components.allSatisfy { $0["caseSensitive"] as? Bool == false })
    #expect(output.stderr.contains("warning: route 'star' (https://example.com/a\\*b) has '*' or '?' in a literal"))
    #expect(output.stderr.contains("warning: the routes name several hosts (example.com, other.example)"))
    let one = try CLIRunner.run([
      "aasa", "--manifest", manifest, "--app-id", "ABCDE12345.com.example.app", "--host", "other.example",
    ])
    #expect(one.stdout.contains(#""/": "/x""#) && !one.stdout.contains("/user/") && one.stdout.contains("/files/"))
    // The check is not vacuous: a component with an unknown key, or an app id without a team, fails it.
    let broken: [String: Any] = [
      "applinks": ["details": [["appIDs": ["x"], "components": [["/": "/a", "bogus": true]]]]]
    ]
    #expect(schema.problems(broken).count == 2)
  }

  @Test("aasa for one host leaves out the routes that refuse it, as the host allow-list says")
  func aasaHosts() throws {
    let manifest = try CLIRunner.temporaryFile(
      #"""
      {"options": {"hosts": ["www.example.com", "*.example.com"]},
       "routes": [{"pattern": "/p/:id", "target": "P", "exposure": "public"},
                  {"pattern": "https://other.net/q", "target": "Q", "exposure": "public"}]}
      """#)
    func paths(_ host: String? = nil) throws -> [String] {
      let output = try CLIRunner.run(
        ["aasa", "--manifest", manifest, "--app-id", "ABCDE12345.com.example.app"]
          + (host.map { ["--host", $0] } ?? []))
      #expect(output.status == 0)
      let document = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
      let details = (document?["applinks"] as? [String: Any])?["details"] as? [[String: Any]] ?? []
      let components = details.first?["components"] as? [[String: Any]] ?? []
      return components.compactMap { $0["/"] as? String }
    }
    #expect(try paths() == ["/p/?*", "/q", "/q/"])
    #expect(try paths("other.net") == ["/q", "/q/"], "the hostless route refuses other.net's links")
    #expect(try paths("shop.example.com") == ["/p/?*"], "a host of the allow-list serves the hostless routes")
  }
}
