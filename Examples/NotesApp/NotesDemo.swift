public import Foundation
import Waypoint
import WaypointSignedLinks

/// The walk `waypoint demo` takes through the notes app, printing the navigation tree after
/// each step.
@MainActor
public enum NotesDemo {
  /// The server's private key, here only because the demo plays the server too: it signs the
  /// links the app checks with ``NotesApp/linkPublicKey``.
  static let serverKey = """
    waypoint ed25519 private key
    key-id: notes-2026
    key: DTp5CdVzzGL1IlQFlTjE30P1kSGBmBenEsNenjx6FQk
    """

  /// The moment the demo runs at, so signed links and their expiry print the same every time.
  public nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// Runs the demo and hands each printed line to `write`.
  public static func run(write: (String) -> Void) async throws {
    let app = try NotesApp(now: { now })
    let signer = LinkSigner(key: try SigningKey(fileText: serverKey))
    var step = 0
    func show(_ title: String?, _ url: String, _ origin: Origin = .internal) async -> RouteResult? {
      if let title {
        step += 1
        write("")
        write("\(step). \(title)")
      }
      write("   open \(url)  [\(origin)]")
      do {
        let result = try await app.router.open(url, origin: origin)
        if result.url != url { write("   ↪ redirected to \(result.url)") }
        if let performed = try? result.value(as: ShownModule.self) {
          write("   → \(performed.presentation) \(performed.screen)")
        }
        tree(app, write)
        return result
      } catch {
        write("   ✗ \(error.code): \(error.message)")
        return nil
      }
    }

    /// The app opens its own links as typed values (`NotesAppLink`, generated from the manifest).
    func show(_ title: String?, _ link: NotesAppLink, _ origin: Origin = .internal) async throws -> RouteResult? {
      await show(title, try link.url, origin)
    }

    func remove(_ route: ShownModule, _ title: String, tree showsTree: Bool = true) async throws {
      step += 1
      write("")
      write("\(step). \(title)")
      try await route.remove()
      write("   removed \(route.screen.id) (it was a \(route.presentation))")
      if showsTree { tree(app, write) }
    }

    write("Waypoint demo: the notes app, run headlessly")
    _ = try await show("Cold start: the note list becomes the root", NotesAppLink.home)

    let login = try await show(
      "Signed out: middleware sends the user to login, keeping the target", NotesAppLink.noteEdit(id: 42))
    if let login = try? login?.value(as: ShownModule.self), let next = login.parameters["next"] {
      app.loginService.signIn("ann")
      try await remove(login, "Ann signs in; login is dismissed and the original target opens", tree: false)
      _ = await show(nil, next)
    }

    let settings = try await show(
      "Signed in: settings, an internal route, from inside the app", NotesAppLink.settings(section: "privacy"))
    if let settings = try? settings?.value(as: ShownModule.self) {
      try await remove(settings, "The settings route is removed without knowing how it was shown")
    }

    _ = await show(
      "An external link to an internal route is refused like an unknown one", "notes://note/42/edit", .external())
    let signed = try signer.sign("notes://note/7?ref=mail", expiresAt: now.addingTimeInterval(3600))
    let opened = await show(
      "A signed external link is accepted", signed, .external(sourceApplication: "com.example.mail"))
    let tampered = signed.replacingOccurrences(of: "note/7", with: "note/8")
    _ = await show(
      "The same link, tampered with, is refused", tampered, .external(sourceApplication: "com.example.mail"))
    if let opened = try? opened?.value(as: ShownModule.self) {
      try await remove(opened, "The note opened by the signed link is removed")
    }

    step += 1
    write("")
    write("\(step). A second window has its own state; a link opens in the window it arrived in")
    let (windows, windowRouter) = try app.windows()
    let first = windows.open("window-1", navigator: HeadlessNavigator())
    let second = windows.open("window-2", navigator: HeadlessNavigator())
    let arrivals = [("window-1", "notes://notes"), ("window-2", "notes://note/3"), ("window-1", "notes://note/4")]
    for (window, link) in arrivals {
      write("   open \(link)  [in \(window)]")
      _ = try await windowRouter.open(link, extras: [WindowNavigators.windowExtra: window])
    }
    for (window, modules) in [("window-1", first), ("window-2", second)] {
      write("   \(window):")
      for line in modules.navigator.state.tree.split(separator: "\n") { write("   │ " + line) }
    }

    try await tabbedWindow(windows, windowRouter, step: &step, write: write)

    step += 1
    write("")
    write("\(step). The final state is saved as JSON and restored")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = try encoder.encode(app.navigator.state)
    write("   " + String(decoding: json, as: UTF8.self))
    let restored = HeadlessNavigator()
    restored.restore(try JSONDecoder().decode(NavigationState.self, from: json))
    write("   restored state equals the saved one: \(restored.state == app.navigator.state)")
  }

  /// A third window shaped like a phone app: a tab bar of notes, search and settings.
  private static func tabbedWindow(
    _ windows: WindowNavigators, _ router: Router, step: inout Int, write: (String) -> Void
  ) async throws {
    let navigator = HeadlessNavigator(state: NavigationState(tabs: TabContainer(ids: ["notes", "search", "settings"])))
    let modules = windows.open("tabs", navigator: navigator)
    func open(_ link: NotesAppLink) async throws {
      await open(try link.url)
    }
    func open(_ link: String) async {
      let logged = navigator.log.count
      write("   open \(link)  [in tabs]")
      do {
        let performed = try await router.open(link, extras: [WindowNavigators.windowExtra: "tabs"])
          .value(as: ShownModule.self)
        let plan = navigator.log.dropFirst(logged).dropLast()
        if !plan.isEmpty { write("   plan: " + plan.joined(separator: "; ")) }
        write("   → \(performed.presentation) \(performed.screen)")
      } catch {
        write("   ✗ \(error.code): \(error.message)")
      }
      for line in navigator.state.tree.split(separator: "\n") { write("   │ " + line) }
    }
    func title(_ text: String) {
      step += 1
      write("")
      write("\(step). \(text)")
    }

    title("A tabbed window (notes, search, settings): a link selects its tab and builds the stack there in one plan")
    try await open(NotesAppLink.searchResult(id: 5))

    title("A link arrives while a sheet is up: refuse, keep (over the sheet), dismiss (then place it)")
    try await open(NotesAppLink.login)
    for policy in [PresentedPolicy.refuse, .keep, .dismiss] {
      modules.presentedPolicy = policy
      write("   presentedPolicy = .\(policy)")
      try await open(NotesAppLink.searchResult(id: 6))
    }

    title("The search tab is tapped again: it pops to its root, and the routes above it are removed")
    let gone = try modules.reconcile(.reselectedTab("search"))
    write("   reselectedTab search → left: \(gone.map(\.id).joined(separator: ", "))")
    for line in navigator.state.tree.split(separator: "\n") { write("   │ " + line) }

    title("The whole tree of the tabbed window is saved as JSON and restored")
    let json = try JSONEncoder().encode(navigator.state)
    let restored = HeadlessNavigator()
    restored.restore(try JSONDecoder().decode(NavigationState.self, from: json))
    write("   \(json.count) bytes; restored tab bar equals the saved one: \(restored.state == navigator.state)")
  }

  private static func tree(_ app: NotesApp, _ write: (String) -> Void) {
    for line in app.navigator.state.tree.split(separator: "\n") { write("   │ " + line) }
  }
}
