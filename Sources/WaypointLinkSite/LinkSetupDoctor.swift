import Foundation
package import Waypoint

/// The checks of `waypoint doctor`: an app's link set-up (its Info.plist, its entitlements, its
/// `apple-app-site-association` file) against its routes, from the files alone.
///
/// Each problem is one line that says what is wrong and how to fix it.
package struct LinkSetupDoctor {
  /// The routes.
  package let manifest: RouteManifest
  /// The Info.plist's top-level dictionary.
  package let infoPlist: [String: Any]
  /// The entitlements' dictionary, when given.
  package let entitlements: [String: Any]?
  /// The `apple-app-site-association` JSON, when given.
  package let siteAssociation: [String: Any]?

  /// One problem: the file at fault, what is wrong, and the fix.
  package struct Problem: Equatable, Sendable {
    /// `Info.plist`, `entitlements` or `apple-app-site-association`.
    package var file: String
    /// What is wrong.
    package var problem: String
    /// What to change.
    package var fix: String

    /// `file: problem: fix`.
    package var line: String { "\(file): \(problem): \(fix)" }

    /// A problem of `file`: `problem`, fixed by `fix`.
    package init(file: String, problem: String, fix: String) {
      self.file = file
      self.problem = problem
      self.fix = fix
    }
  }

  /// The checks of `manifest`'s set-up in these files (each left out is not checked).
  ///
  /// - Parameters:
  ///   - manifest: The routes.
  ///   - infoPlist: The Info.plist's top-level dictionary.
  ///   - entitlements: The entitlements' dictionary.
  ///   - siteAssociation: The `apple-app-site-association` JSON object.
  ///   - linkSite: Whether the file is a short-link site's (``CodeClaim``), whose components for
  ///     the codes open links no route takes on purpose.
  package init(
    manifest: RouteManifest, infoPlist: [String: Any], entitlements: [String: Any]?, siteAssociation: [String: Any]?,
    linkSite: Bool = false
  ) {
    self.manifest = manifest
    self.infoPlist = infoPlist
    self.entitlements = entitlements
    self.siteAssociation = siteAssociation
    self.linkSite = linkSite
  }

  /// Whether the file is a short-link site's.
  package let linkSite: Bool

  /// Every problem found.
  package var problems: [Problem] {
    schemeProblems() + sceneProblems() + domainProblems() + siteAssociationProblems()
  }

  // MARK: - Info.plist

  /// The custom schemes routes use that no URL type of the Info.plist lists.
  func schemeProblems() -> [Problem] {
    var users: [String: [String]] = [:]
    for route in manifest.routes {
      guard let scheme = (try? RoutePattern(route.pattern, options: manifest.options))?.scheme?.lowercased(),
        scheme != "http", scheme != "https"
      else { continue }
      users[scheme, default: []].append(route.name ?? route.pattern)
    }
    let types = infoPlist["CFBundleURLTypes"] as? [[String: Any]] ?? []
    let listed = Set(types.flatMap { ($0["CFBundleURLSchemes"] as? [String] ?? []).map { $0.lowercased() } })
    return users.keys.sorted().filter { !listed.contains($0) }.map { scheme in
      let routes = users[scheme] ?? []
      return Problem(
        file: "Info.plist",
        problem: "no URL type lists the scheme '\(scheme)', which \(routes.count) route(s) use "
          + "(\(routes.prefix(3).joined(separator: ", "))\(routes.count > 3 ? ", …" : ""))",
        fix: "add it to CFBundleURLTypes, in an item's CFBundleURLSchemes")
    }
  }

  /// A missing scene manifest: the app's links then arrive through the app delegate, not the scene's.
  func sceneProblems() -> [Problem] {
    guard infoPlist["UIApplicationSceneManifest"] as? [String: Any] == nil else { return [] }
    return [
      Problem(
        file: "Info.plist",
        problem: "no UIApplicationSceneManifest, so links never arrive in scene(_:willConnectTo:options:) and "
          + "scene(_:openURLContexts:), where SceneLinks takes them",
        fix: "add UIApplicationSceneManifest with a scene configuration")
    ]
  }

  // MARK: - Entitlements

  /// The hosts of public universal-link routes (and of the host allow-list) the associated
  /// domains do not list as `applinks:`.
  func domainProblems() -> [Problem] {
    guard let entitlements else { return [] }
    let expected = AppSiteAssociation(manifest: manifest, appIDs: [])
    guard expected.components.contains(where: { !$0.exclude }) else { return [] }
    let entries = entitlements["com.apple.developer.associated-domains"] as? [String] ?? []
    let listed = Set(
      entries.compactMap { entry -> String? in
        guard entry.hasPrefix("applinks:") else { return nil }
        // `applinks:example.com?mode=developer` is the same domain in developer mode.
        return String(entry.dropFirst("applinks:".count).prefix { $0 != "?" }).lowercased()
      })
    return expected.hosts.filter { !listed.contains($0) }.map { host in
      Problem(
        file: "entitlements",
        problem: "com.apple.developer.associated-domains has no 'applinks:\(host)', so universal links to \(host) "
          + "open Safari",
        fix: "add 'applinks:\(host)'")
    }
  }

  // MARK: - apple-app-site-association

  /// The file's components that decide a link with no fragment, each as `(path, exclude)`, in
  /// order: `components` (one asking for a fragment, a link site's `#web`, decides none), or
  /// the older `paths` (`NOT ` marks an exclusion).
  private var fileComponents: [(path: String, exclude: Bool)] {
    let details = (siteAssociation?["applinks"] as? [String: Any])?["details"] as? [[String: Any]] ?? []
    return details.flatMap { detail -> [(path: String, exclude: Bool)] in
      if let components = detail["components"] as? [[String: Any]] {
        return components.compactMap { component in
          guard (component["#"] as? String ?? "*").allSatisfy({ $0 == "*" }) else { return nil }
          return (component["/"] as? String ?? "*", component["exclude"] as? Bool ?? false)
        }
      }
      return (detail["paths"] as? [String] ?? []).map { path in
        path.hasPrefix("NOT ") ? (String(path.dropFirst(4)), true) : (path, false)
      }
    }
  }

  /// What the site association opens that the routes do not, or leaves to the website that a
  /// public route takes, and internal routes' links it hands the app.
  package func siteAssociationProblems() -> [Problem] {
    guard let siteAssociation else { return [] }
    guard siteAssociation["applinks"] is [String: Any] else {
      return [Problem(file: Self.aasa, problem: "no 'applinks' object", fix: "write one with `waypoint aasa`")]
    }
    let expected = AppSiteAssociation(manifest: manifest, appIDs: [])
    let file = fileComponents
    /// What the file does with a link to `path`: the first component that matches decides.
    func decision(for path: String) -> (path: String, exclude: Bool)? {
      file.first { AppSiteAssociation.glob($0.path, matches: path) }
    }
    var problems: [Problem] = []
    for component in expected.components {
      let decided = decision(for: component.path)
      if !component.exclude, decided?.exclude != false {
        problems.append(
          Problem(
            file: Self.aasa,
            problem: "links to '\(component.path)' (route '\(component.comment)') "
              + (decided == nil ? "match no component" : "are excluded by '\(decided?.path ?? "")'")
              + ", so they open Safari",
            fix: "add {\"/\": \"\(component.path)\"}"))
      } else if component.exclude, let decided, !decided.exclude {
        problems.append(
          Problem(
            file: Self.aasa,
            problem: "links to '\(component.path)' (route '\(component.comment)') reach the app through "
              + "'\(decided.path)'",
            fix: "add {\"/\": \"\(component.path)\", \"exclude\": true} before it"))
      }
    }
    for component in file where !component.exclude && !(linkSite && Self.claimsCodes(component.path)) {
      let takes = expected.components.contains { !$0.exclude && Self.overlap(component.path, $0.path) }
      if !takes {
        problems.append(
          Problem(
            file: Self.aasa, problem: "'\(component.path)' opens the app for links no public route takes",
            fix: "remove it (or add the route)"))
      }
    }
    return problems
  }

  /// The site association's name in problems.
  private static let aasa = "apple-app-site-association"

  /// Whether `path` is how a link site claims its codes: the namespace, or one code with or
  /// without a final slash.
  private static func claimsCodes(_ path: String) -> Bool {
    if path == AppSiteAssociation.codeNamespace.path { return true }
    var code = path.dropFirst()
    if code.hasSuffix("/") { code = code.dropLast() }
    return path.hasPrefix("/") && AppIdentifiers.isLinkCode(String(code))
  }

  /// Whether two component paths can match the same link.
  private static func overlap(_ first: String, _ second: String) -> Bool {
    AppSiteAssociation.glob(first, matches: second) || AppSiteAssociation.glob(second, matches: first)
  }
}
