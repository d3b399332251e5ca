import Crypto
package import Waypoint

#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// The table of short links an app ships (``ShortLinks``), made from a links file: what
/// `waypoint links compile` and the build plugin write.
package enum ShortLinkCompiler {
  /// The table of `file`'s links, each checked against `router` as the site checks it (a public
  /// route on the site's host, reached from outside, no code a route of the app takes), as JSON
  /// with sorted keys and a final newline.
  ///
  /// - Parameters:
  ///   - file: The links file.
  ///   - router: The manifest's router.
  ///   - digest: The links file's digest, `sha256:<hex>`.
  /// - Returns: The table's JSON.
  /// - Throws: A ``LinkSiteError`` naming every link that cannot be served; nothing is written
  ///   then.
  package static func table(of file: LinkSiteFile, router: Router, digest: String) throws(LinkSiteError) -> String {
    var links: [ShortLink] = []
    var problems: [String] = []
    for link in file.links {
      switch LinkSite.entry(for: link, in: file, router: router) {
      case .success(let entry):
        links.append(
          ShortLink(
            code: link.code, url: entry.appLink, route: entry.landing.route, values: entry.landing.values,
            revision: link.currentRevision))
      case .failure(let problem):
        problems.append("\(link.code): \(problem.message)")
      }
    }
    guard problems.isEmpty else {
      throw LinkSiteError(
        "\(problems.count) link(s) cannot be served:\n" + problems.map { "  " + printable($0) }.joined(separator: "\n"))
    }
    let hosts = [LinkSite.host(of: file), file.alternateOrigin.flatMap(LinkSite.host(ofOrigin:))].compactMap { $0 }
    let table = ShortLinks.File(
      site: file.origin, hosts: hosts, digest: digest,
      links: links.sorted { $0.code.lowercased() < $1.code.lowercased() })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    do {
      return String(decoding: try encoder.encode(table), as: UTF8.self) + "\n"
    } catch {
      throw LinkSiteError("the table cannot be written: \(error)")
    }
  }

  /// Swift source declaring `public enum <typeName>` with the table `json` and a function that
  /// reads it, for the build plugin: a links file compiled into the app, checked when the app
  /// builds.
  package static func source(json: String, typeName: String, fileName: String, count: Int, digest: String) -> String {
    // A raw string's delimiter longer than any run of `#` in the text, so nothing in it ends the
    // string or starts an escape.
    var longest = 0
    var run = 0
    for character in json {
      run = character == "#" ? run + 1 : 0
      longest = max(longest, run)
    }
    let hashes = String(repeating: "#", count: longest + 1)
    return """
      // Made by the Waypoint link plugin from \(fileName); do not edit.
      #if canImport(FoundationEssentials)
      import FoundationEssentials
      #else
      import Foundation
      #endif
      public import Waypoint
      public import WaypointMatching

      /// The short links of \(fileName) (\(count) links, \(digest)), compiled when the app was built.
      public enum \(typeName) {
        /// The table, as `waypoint links compile` writes it.
        public static let json = \(hashes)"\(json)"\(hashes)

        /// The table for the inbox's policy (``LinkInbox/Policy/shortLinks``), asking `service` for a
        /// code it lacks (when given) and sending a link on the site that is no code to `openOnWeb`
        /// in its `#web` form.
        public static func table(
          asking service: ShortLinkService? = nil, openOnWeb: @escaping @Sendable (String) -> Void
        ) throws(BuildError) -> ShortLinks {
          try ShortLinks(json: Data(json.utf8), asking: service, openOnWeb: openOnWeb)
        }
      }

      """
  }
}

/// A links file's digest, as the table of short links names the file it was made from.
package enum ShortLinkDigest {
  /// `sha256:<hex>` of `data`.
  package static func of(_ data: Data) -> String {
    "sha256:" + Hex.lowercase(SHA256.hash(data: data))
  }
}
