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

    // The first screen is up: links from every door may open now.
    app.inbox.setReady(true)
    let parkedLink = try NotesAppLink.noteEdit(id: 42).url
    step += 1
    write("")
    write("\(step). Signed out: middleware parks the link in the inbox and shows login")
    write("   open \(parkedLink)  [internal, through the inbox]")
    let login = try await app.inbox.open(parkedLink, origin: .internal)
    if let parked = login.parked { write("   ⏸ parked until '\(parked.gate)': \(parked.url)") }
    if let shown = try? login.value(as: ShownModule.self) { write("   → \(shown.presentation) \(shown.screen)") }
    tree(app, write)
    if let shown = try? login.value(as: ShownModule.self) {
      app.loginService.signIn("ann")
      try await remove(shown, "Ann signs in; login is dismissed and the inbox resumes the parked link", tree: false)
      let events = app.inbox.router.events()
      let waiting = Set(app.inbox.parked(until: SignInGate.signIn).map(\.openID))
      write("   resume signIn")
      app.inbox.resume(SignInGate.signIn)
      for await event in events where waiting.contains(event.openID) && event.phase.isOutcome {
        write("   → \(event.phase.rawValue) \(event.url)")
        break
      }
      tree(app, write)
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
    let first = windows.add("window-1", navigator: HeadlessNavigator())
    let second = windows.add("window-2", navigator: HeadlessNavigator())
    let arrivals = [("window-1", "notes://notes"), ("window-2", "notes://note/3"), ("window-1", "notes://note/4")]
    for (window, link) in arrivals {
      write("   open \(link)  [in \(window)]")
      _ = try await windowRouter.open(link, extras: [WindowCoordinators.windowExtra: window])
    }
    for (window, modules) in [("window-1", first), ("window-2", second)] {
      write("   \(window):")
      for line in modules.navigator.state.tree.split(separator: "\n") { write("   │ " + line) }
    }

    try await tabbedWindow(windows, windowRouter, step: &step, write: write)

    try await everyWayIn(app, signer: signer, step: &step, write: write)

    step += 1
    write("")
    write("\(step). The final state is saved as JSON and restored")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = try encoder.encode(app.navigator.state)
    write("   " + String(decoding: json, as: UTF8.self))
    let restored = HeadlessNavigator()
    try await restored.show(try JSONDecoder().decode(NavigationState.self, from: json))
    write("   restored state equals the saved one: \(restored.state == app.navigator.state)")
  }

  /// A third window shaped like a phone app: a tab bar of notes, search and settings.
  private static func tabbedWindow(
    _ windows: WindowCoordinators, _ router: Router, step: inout Int, write: (String) -> Void
  ) async throws {
    let navigator = HeadlessNavigator(state: NavigationState(tabs: TabContainer(ids: ["notes", "search", "settings"])))
    let modules = windows.add("tabs", navigator: navigator)
    func open(_ link: NotesAppLink) async throws {
      await open(try link.url)
    }
    func open(_ link: String) async {
      let logged = navigator.log.count
      write("   open \(link)  [in tabs]")
      do {
        let performed = try await router.open(link, extras: [WindowCoordinators.windowExtra: "tabs"])
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
    try await restored.show(try JSONDecoder().decode(NavigationState.self, from: json))
    write("   \(json.count) bytes; restored tab bar equals the saved one: \(restored.state == navigator.state)")
  }

  /// Links from every door, through one inbox: before the app is ready, from a quick action,
  /// Spotlight, a widget and an App Intent, and the events of one link.
  private static func everyWayIn(
    _ app: NotesApp, signer: LinkSigner, step: inout Int, write: (String) -> Void
  ) async throws {
    /// The server signs the links it sends (the app's middleware checks those from outside).
    func signed(_ link: NotesAppLink, query: String = "") throws -> String {
      try signer.sign(try link.url + query, expiresAt: now.addingTimeInterval(3600))
    }
    func title(_ text: String) {
      step += 1
      write("")
      write("\(step). \(text)")
    }
    /// Hands `arrivals` to `inbox` and prints every event until each has an outcome.
    func deliver(_ inbox: LinkInbox, _ arrivals: [(String, Origin)], then: () -> Void = {}) async {
      let events = inbox.router.events()
      var numbers: Set<UInt64> = []
      for (link, origin) in arrivals {
        write("   \(origin.kind) hands over \(link)")
        numbers.insert(inbox.receive(link, origin: origin))
      }
      then()
      var ended = 0
      for await event in events where numbers.contains(event.openID) {
        var line = "   #\(event.openID) \(event.phase.rawValue) \(event.url)"
        if event.phase == .will { line += " → \(event.routeName ?? "fallback")" }
        if let check = event.check { line += " by \(check)" }
        if let error = event.error { line += ": \(error.code)" }
        if let reason = event.reason { line += " (\(reason))" }
        if event.phase == .received {
          line += "  [\(event.origin)]"
          if !event.origin.campaign.isEmpty {
            line +=
              " campaign: "
              + event.origin.campaign.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
              .joined(separator: ", ")
          }
        }
        write(line)
        if event.phase.isOutcome { ended += 1 }
        if ended == numbers.count { break }
      }
    }

    title("A cold start: links that arrive before the app is ready wait; the newest tap wins")
    let coldStart = LinkInbox(router: app.inbox.router)
    await deliver(
      coldStart,
      [
        (try signed(.note(id: 11)), .universalLink(referrer: "https://mail.example/")),
        (try signed(.note(id: 12)), .notification(identifier: "n-12", payload: ["campaign": "spring"])),
      ]
    ) {
      write("   waiting: \(coldStart.waiting.map(\.url).joined(separator: ", "))")
      write("   the first screen is up: setReady(true)")
      coldStart.setReady(true)
    }
    tree(app, write)

    title("Every door with its origin: a quick action, a Spotlight item, a widget, an App Intent")
    // The widget shows a note the server picked, with the server's signature; the mark names the door.
    let widget = Origin.widgetLink(try signed(.note(id: 23)), kind: "RecentNote")
    await deliver(
      app.inbox,
      [
        (try NotesAppLink.note(id: 21).url, .quickAction(type: "recent-note")),
        (try NotesAppLink.note(id: 22).url, .spotlight(identifier: try NotesAppLink.note(id: 22).url)),
        (widget, .opened(widget)),
        (try NotesAppLink.note(id: 24).url, .appIntent("OpenNoteIntent")),
      ])
    tree(app, write)

    title("The events of one link: a campaign link with a token, its token redacted")
    await deliver(app.inbox, [(try signed(.note(id: 31), query: "?utm_source=newsletter&token=s3cr3t"), .external())])
  }

  private static func tree(_ app: NotesApp, _ write: (String) -> Void) {
    for line in app.navigator.state.tree.split(separator: "\n") { write("   │ " + line) }
  }
}
