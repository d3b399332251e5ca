import Foundation
import TestSupport
import Testing

/// A shop's routes: universal links on one host with an internal route under a public pattern,
/// and two custom schemes.
private let shopManifest = #"""
  {"options": {"hosts": ["shop.example.com"]}, "routes": [
    {"name": "product", "pattern": "https://shop.example.com/p/<int:id>", "target": "Product", "exposure": "public"},
    {"name": "cart", "pattern": "https://shop.example.com/cart", "target": "Cart", "exposure": "public"},
    {"name": "admin", "pattern": "https://shop.example.com/p/admin", "target": "Admin"},
    {"name": "order", "pattern": "shop://order/<int:id>", "target": "Order", "exposure": "public"},
    {"name": "deal", "pattern": "deals://deal/:id", "target": "Deal"}
  ]}
  """#

/// The shop's files, right: the Info.plist, the entitlements and the site association.
private struct LinkSetup {
  var info: [String: Any] = [
    "CFBundleURLTypes": [["CFBundleURLSchemes": ["shop", "deals"]]],
    "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": false],
  ]
  var entitlements: [String: Any] = ["com.apple.developer.associated-domains": ["applinks:shop.example.com"]]
  var components: [[String: Any]] = [
    ["/": "/p/admin", "exclude": true], ["/": "/p/admin/", "exclude": true], ["/": "/p/?*"], ["/": "/cart"],
    ["/": "/cart/"],
  ]

  /// The index of the component for `path`.
  func component(_ path: String) -> Int { components.firstIndex { $0["/"] as? String == path } ?? 0 }
  var siteAssociation: [String: Any] {
    ["applinks": ["details": [["appIDs": ["ABCDE12345.com.example.shop"], "components": components]]]]
  }

  /// Runs `waypoint doctor` on the files.
  func run() throws -> CLIRunner.Output {
    let manifest = try CLIRunner.temporaryFile(shopManifest)
    let info = try CLIRunner.temporaryFile(Self.plist(info))
    let entitlements = try CLIRunner.temporaryFile(Self.plist(entitlements))
    let data = try JSONSerialization.data(withJSONObject: siteAssociation, options: [.withoutEscapingSlashes])
    let aasa = try CLIRunner.temporaryFile(String(decoding: data, as: UTF8.self))
    return try CLIRunner.run([
      "doctor", "--manifest", manifest, "--info-plist", info, "--entitlements", entitlements, "--aasa", aasa,
    ])
  }

  static func plist(_ dictionary: [String: Any]) throws -> String {
    let data = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
    return String(decoding: data, as: UTF8.self)
  }
}

/// The misconfigurations the seeded test makes, each with what it breaks.
private let misconfigurations: [(String, @Sendable (inout LinkSetup) -> Void)] = [
  ("the scheme 'shop' left out", { $0.info["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["deals"]]] }),
  ("the scheme 'deals' left out", { $0.info["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["shop"]]] }),
  ("no URL types", { $0.info["CFBundleURLTypes"] = nil }),
  ("a misspelt scheme", { $0.info["CFBundleURLTypes"] = [["CFBundleURLSchemes": ["shopp", "deals"]]] }),
  ("schemes under a wrong key", { $0.info["CFBundleURLTypes"] = [["CFBundleURLScheme": ["shop", "deals"]]] }),
  ("no scene manifest", { $0.info["UIApplicationSceneManifest"] = nil }),
  ("no associated domains", { $0.entitlements = [:] }),
  ("a misspelt domain", { $0.entitlements["com.apple.developer.associated-domains"] = ["applinks:shop.example.co"] }),
  (
    "webcredentials instead of applinks",
    { $0.entitlements["com.apple.developer.associated-domains"] = ["webcredentials:shop.example.com"] }
  ),
  ("an empty domain list", { $0.entitlements["com.apple.developer.associated-domains"] = [String]() }),
  ("the product component left out", { $0.components.removeAll { $0["/"] as? String == "/p/?*" } }),
  ("the cart component left out", { $0.components.removeAll { $0["/"] as? String == "/cart" } }),
  ("the admin exclusion left out", { $0.components.removeFirst() }),
  ("the admin exclusion after the products", { $0.components.append($0.components.removeFirst()) }),
  ("the products excluded", { $0.components[$0.component("/p/?*")]["exclude"] = true }),
  ("a component no route takes", { $0.components.append(["/": "/blog/*"]) }),
  ("everything opened", { $0.components = [["/": "/*"]] }),
  ("the cart's path misspelt", { $0.components[$0.component("/cart")]["/"] = "/carts" }),
  ("a case-changed path", { $0.components[$0.component("/cart")]["/"] = "/Cart" }),
  ("nothing listed", { $0.components = [] }),
]

@Suite("waypoint doctor")
struct DoctorCommandTests {
  @Test("the example app's link set-up: nothing found")
  func exampleApp() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/NotesApp/LinkSetup")
    let output = try CLIRunner.run([
      "doctor", "--info-plist", folder.appendingPathComponent("Info.plist").path,
      "--entitlements", folder.appendingPathComponent("NotesApp.entitlements").path,
      "--aasa", folder.appendingPathComponent("apple-app-site-association").path,
    ])
    #expect(output.status == 0, "\(output.stdout)\(output.stderr)")
    #expect(output.lines == ["no problems"])
    #expect(try LinkSetup().run().lines == ["no problems"], "the shop's right files")
  }

  @Test("30 misconfigurations, seeded: each found, one line with its fix per problem")
  func seeded() throws {
    var random = SeededGenerator(seed: 30)
    var found = 0
    for index in 0..<30 {
      var setup = LinkSetup()
      // The first twenty one by one, then pairs drawn at random.
      let chosen = index < misconfigurations.count ? [index] : [random.below(10), 10 + random.below(10)]
      for choice in chosen { misconfigurations[choice].1(&setup) }
      let output = try setup.run()
      let names = chosen.map { misconfigurations[$0].0 }
      #expect(output.status == 1, "\(names): \(output.stdout)")
      let problems = output.lines.dropLast()
      #expect(problems.count >= chosen.count, "\(names): \(output.stdout)")
      #expect(problems.allSatisfy { $0.contains("add ") || $0.contains("remove ") }, "each says its fix: \(problems)")
      if output.status == 1, problems.count >= chosen.count { found += 1 }
    }
    #expect(found == 30)
  }

  @Test("--format json: one object per problem with its file, the problem and the fix")
  func json() throws {
    var setup = LinkSetup()
    misconfigurations[0].1(&setup)
    misconfigurations[6].1(&setup)
    let manifest = try CLIRunner.temporaryFile(shopManifest)
    let info = try CLIRunner.temporaryFile(LinkSetup.plist(setup.info))
    let entitlements = try CLIRunner.temporaryFile(LinkSetup.plist(setup.entitlements))
    let output = try CLIRunner.run([
      "doctor", "--manifest", manifest, "--info-plist", info, "--entitlements", entitlements, "--format", "json",
    ])
    #expect(output.status == 1)
    let objects = try output.lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String] }
    #expect(objects.map { $0?["file"] } == ["Info.plist", "entitlements"])
    #expect(objects.first??["fix"] == "add it to CFBundleURLTypes, in an item's CFBundleURLSchemes")
    #expect(objects.last??["fix"] == "add 'applinks:shop.example.com'")
  }

  @Test("unreadable files exit 2")
  func unreadable() throws {
    let broken = try CLIRunner.temporaryFile("not a plist")
    #expect(try CLIRunner.run(["doctor", "--info-plist", broken]).status == 2)
    #expect(try CLIRunner.run(["doctor"]).status == 2, "--info-plist or --live is required")
  }

  @Test("--live takes a host alone, and not beside the files; --links goes with it")
  func liveUsage() throws {
    let info = try CLIRunner.temporaryFile("<plist><dict/></plist>")
    for arguments in [
      ["doctor", "--live", "https://notes.example.com"], ["doctor", "--live", "notes.example.com/path"],
      ["doctor", "--live", "notes.example.com\nforged line"],
      ["doctor", "--live", "notes.example.com", "--info-plist", info],
      ["doctor", "--info-plist", info, "--links", info],
    ] {
      let result = try CLIRunner.run(arguments)
      #expect(result.status == 2, "\(arguments)")
      #expect(!result.stderr.contains("\nforged"), "\(arguments)")
    }
  }
}
