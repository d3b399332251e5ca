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
  public let modules: ModuleNavigator
  /// Opens links.
  public let router: Router
  /// The key links to the app are signed with (a demo key; a real app keeps its key secret).
  public static let linkSecret = Array("notes-app demo link-signing key".utf8)

  /// The app, checking link expiry against `now`.
  public init(now: @escaping @Sendable () -> Date = { Date() }) throws {
    modules = ModuleNavigator(registry: try NotesApp.registry(loginService: loginService), navigator: navigator)
    var builder = RouterBuilder()
    builder.use(SignedLinkMiddleware(secrets: [NotesApp.linkSecret], now: now))
    builder.use(RequireSignIn(service: loginService, protectedTargets: ["NoteEditor", "Settings"]))
    modules.registerTargets(in: &builder)
    builder.add(try RouteManifest(data: try NotesApp.manifestData()))
    router = try builder.build()
  }

  /// The app's route manifest, as shipped in `Examples/NotesApp/notes-app.json`.
  public static func manifestData() throws(ManifestError) -> Data {
    guard let url = Bundle.module.url(forResource: "notes-app", withExtension: "json"),
      let data = try? Data(contentsOf: url)
    else { throw ManifestError(.invalidManifest, "the notes app manifest (notes-app.json) is missing from the build") }
    return data
  }
}
