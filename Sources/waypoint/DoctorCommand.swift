import ArgumentParser
import Foundation
import Waypoint
import WaypointLinkSite

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `waypoint doctor`: the app's link set-up against its routes.
struct DoctorCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Check the app's Info.plist, entitlements and apple-app-site-association against its routes.",
    discussion: """
      From the files alone: the Info.plist's URL types list every custom scheme the routes use and it declares a \
      scene manifest; the entitlements' associated domains list 'applinks:' for every host of a public universal \
      link and of the host allow-list; the apple-app-site-association file (the app's own, or one saved from the \
      site or Apple's CDN) opens exactly the public routes and leaves the internal ones to the website. Each \
      problem is one line with its fix; exit 1 when there is one.

      With --live DOMAIN, from the network instead: the site's /.well-known/apple-app-site-association (status \
      200, JSON, no redirect, opening exactly the public routes), Apple's CDN copy of it (the same, and whether \
      it differs from the site's), and with --links the short links: assetlinks.json names the Android app, \
      each link's preview carries its og:title, and Android and desktop browsers are redirected only to Google \
      Play or the links file's web origin.

      Example:
        waypoint doctor --live notes.example.com --links links.json
      """)

  @OptionGroup var manifest: ManifestOptions
  @Option(name: .customLong("info-plist"), help: ArgumentHelp("The app's Info.plist.", valueName: "file"))
  var infoPlist: String?
  @Option(help: ArgumentHelp("Check the live site of this host instead of files.", valueName: "domain"))
  var live: String?
  @Option(help: ArgumentHelp("With --live: a links file whose short links are checked too.", valueName: "file"))
  var links: String?
  @Option(help: ArgumentHelp("The app's .entitlements file.", valueName: "file")) var entitlements: String?
  @Option(help: ArgumentHelp("An apple-app-site-association file.", valueName: "file")) var aasa: String?
  @Option(help: "text, or json: one object per problem ({\"file\", \"problem\", \"fix\"}), one per line.")
  var format: ResolveCommand.Format = .text

  func run() async throws {
    let routes = try manifest.routeManifest()
    let problems: [LinkSetupDoctor.Problem]
    if let live {
      guard infoPlist == nil, entitlements == nil, aasa == nil else {
        throw CommandFailure.usage("waypoint: --live checks the site; give the files without it")
      }
      guard live.wholeMatch(of: /[A-Za-z0-9]([A-Za-z0-9.-]{0,252})(:[0-9]{1,5})?/) != nil else {
        throw CommandFailure.usage("waypoint: --live takes a host (notes.example.com), not '\(printable(live))'")
      }
      let file = try links.map { path in
        let data = try readData(path)
        return try siteFailure { try LinkSiteFile.read(data, name: path) }
      }
      problems = await LiveDoctor(manifest: routes, origin: "https://" + live, links: file, fetch: LiveFetch.fetch)
        .problems()
    } else {
      guard let infoPlist else { throw CommandFailure.usage("waypoint: give --info-plist, or --live DOMAIN") }
      guard links == nil else { throw CommandFailure.usage("waypoint: --links goes with --live") }
      problems =
        LinkSetupDoctor(
          manifest: routes, infoPlist: try Self.propertyList(infoPlist),
          entitlements: try entitlements.map(Self.propertyList), siteAssociation: try aasa.map(Self.json)
        ).problems
    }
    switch format {
    case .text:
      for problem in problems { print(problem.line) }
      print(problems.isEmpty ? "no problems" : "\(problems.count) problem(s)")
    case .json:
      // One object per problem, one per line.
      for problem in problems {
        print(
          JSONOutput.object([
            ("file", .string(problem.file)), ("problem", .string(problem.problem)), ("fix", .string(problem.fix)),
          ]).rendered)
      }
    }
    if !problems.isEmpty { throw CommandFailure(message: "", status: 1) }
  }

  /// The dictionary of the property list at `path` (XML or binary).
  static func propertyList(_ path: String) throws -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil),
      let dictionary = object as? [String: Any]
    else { throw CommandFailure.usage("waypoint: \(path) is not a readable property list with a dictionary") }
    return dictionary
  }

  /// The JSON object at `path`.
  static func json(_ path: String) throws -> [String: Any] {
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else { throw CommandFailure.usage("waypoint: \(path) is not a readable JSON object") }
    return object
  }
}

/// `waypoint doctor --live`'s network: URLSession, following no redirect (as Apple's CDN does
/// not), 15 seconds a request.
enum LiveFetch {
  /// Refuses every redirect, so the answer is the server's own.
  final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }

  static let session = URLSession(configuration: .ephemeral, delegate: NoRedirects(), delegateQueue: nil)

  /// GETs `url` as `userAgent`.
  @Sendable static func fetch(_ url: String, _ userAgent: String) async throws -> LiveDoctor.Answer {
    guard let address = URL(string: url) else { throw CommandFailure.usage("waypoint: '\(url)' is not a URL") }
    var request = URLRequest(url: address, timeoutInterval: 15)
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    let (data, response) = try await session.data(for: request)
    guard data.count <= 1 << 20 else { throw CommandFailure.usage("waypoint: \(url) answered over 1 MiB") }
    let http = response as? HTTPURLResponse
    return LiveDoctor.Answer(
      status: http?.statusCode ?? 0, location: http?.value(forHTTPHeaderField: "Location"),
      contentType: http?.value(forHTTPHeaderField: "Content-Type"), body: data)
  }
}
