public import Foundation
public import Waypoint
import WaypointSignedLinks

/// The sample notes app: login, note list, note editor and settings modules, a login service,
/// a route manifest, middleware (sign-in, signed external links) and a headless navigator.
@MainActor
public final class NotesApp {
  /// Who is signed in.
  public let loginService = LoginService()
  /// What is shown.
  public let navigator = HeadlessNavigator()
  /// Makes and shows modules.
  public let modules: ScreenCoordinator
  /// Opens links.
  public let router: Router
  /// Every door's links go here: it holds them until the app is ready, and keeps the links
  /// sign-in parked until `resume(SignInGate.signIn)`.
  public let inbox: LinkInbox
  /// The public key that checks links to the app, as `waypoint keygen` writes it.
  ///
  /// It cannot sign, so shipping it in the app gives nothing away; the server keeps the private half.
  public static let linkPublicKey = """
    waypoint ed25519 public key
    key-id: notes-2026
    key: -5WkiuiKJcYBT02vTmpWLPZKsdx1_zOK24ck2vRrTXw
    """

  /// Checks link expiry.
  private let now: @Sendable () -> Date

  /// The app, checking link expiry against `now`.
  public init(now: @escaping @Sendable () -> Date = { Date() }) throws {
    self.now = now
    let modules = ScreenCoordinator(registry: try NotesApp.registry(loginService: loginService), navigator: navigator)
    self.modules = modules
    let router = try NotesApp.router(loginService: loginService, now: now) { modules.registerTargets(in: &$0) }
    self.router = router
    inbox = LinkInbox(router: RouterHolder(router))
  }

  /// The app's router: its middleware and manifest, with the targets `registerTargets` adds.
  static func router(
    loginService: LoginService, now: @escaping @Sendable () -> Date, registerTargets: (inout RouterBuilder) -> Void
  ) throws -> Router {
    var builder = RouterBuilder()
    let keys = try KeyRing([VerificationKey(fileText: NotesApp.linkPublicKey)])
    builder.use(SignedLinkMiddleware(keys: keys, appliesTo: { mustBeSigned($0.origin) && !$0.isAppRedirect }, now: now))
    // A signed-out user's link to a note or the settings waits in the inbox behind the login
    // sheet, until `inbox.resume(SignInGate.signIn)`.
    builder.use(
      SignInGate(showing: "notes://login", protecting: ["NoteEditor", "Settings"]) {
        loginService.currentUser != nil
      })
    registerTargets(&builder)
    builder.add(try RouteManifest(data: try NotesApp.manifestData()))
    return try builder.build()
  }

  /// Whether a link from `origin` must carry the server's signature: every external link anyone
  /// can write (a URL, a universal link, a notification's, a widget's, whose mark anyone can
  /// add), but not those the system builds from what the app itself made (its quick actions,
  /// Spotlight items, Handoff activities and App Intents).
  nonisolated static func mustBeSigned(_ origin: Origin) -> Bool {
    origin.isExternal && !["quickAction", "spotlight", "handoff", "appIntent"].contains(origin.kind)
  }

  /// The app with a window per scene: one router whose links open in the window they arrived in.
  public func windows() throws -> (windows: WindowCoordinators, router: Router) {
    let windows = WindowCoordinators(registry: modules.registry)
    let router = try NotesApp.router(loginService: loginService, now: now) { windows.registerTargets(in: &$0) }
    return (windows, router)
  }

  /// The app's route manifest, read from the package's resources in one call, as an app reads
  /// its own (`RouteManifest(resource: "notes-app.json")` takes the app's bundle).
  public static func bundledManifest() throws(BuildError) -> RouteManifest {
    try RouteManifest(resource: "notes-app.json", bundle: .module)
  }

  /// The app's route manifest, as shipped in `Examples/NotesApp/notes-app.json`.
  public static func manifestData() throws(ManifestError) -> Data {
    guard let url = Bundle.module.url(forResource: "notes-app", withExtension: "json"),
      let data = try? Data(contentsOf: url)
    else { throw ManifestError(.invalidManifest, "the notes app manifest (notes-app.json) is missing from the build") }
    return data
  }
}
