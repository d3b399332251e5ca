import Synchronization
import Testing
import Waypoint

/// The screens of a small tab-bar notes app: a list, a note that reads its link, settings, and a
/// login sheet.
@MainActor final class AppList {}
@MainActor final class AppNote {
  let id: Int
  let editing: Bool
  let app: WaypointApp
  init(id: Int, editing: Bool, app: WaypointApp) {
    self.id = id
    self.editing = editing
    self.app = app
  }
}
@MainActor final class AppSettings {}
@MainActor final class AppLogin {}

@MainActor
enum AppFixture {
  static let tabs = NavigationState(
    tabs: TabContainer([
      NavigationTab(id: "notes", stack: [Screen(id: "List#1", target: "List")]),
      NavigationTab(id: "settings", stack: [Screen(id: "Settings#2", target: "Settings")]),
    ]))

  final class Session: Sendable {
    private let signedIn = Mutex(false)
    var isSignedIn: Bool {
      get { signedIn.withLock { $0 } }
      set { signedIn.withLock { $0 = newValue } }
    }
  }

  static func app(
    session: Session = Session(), extra: (inout RouterBuilder) -> Void = { _ in }
  ) throws(BuildError) -> WaypointApp {
    var routes = RouterBuilder()
    routes.use(SignInGate(showing: "notes://login", protecting: ["Settings"], isSignedIn: { session.isSignedIn }))
    routes.add("notes://note/<int:id>", target: "Note", tab: "notes", under: ["List"], exposure: .public)
    routes.add("notes://settings", target: "Settings", tab: "settings", exposure: .public)
    routes.add("notes://login", target: "Login", presentation: .sheet)
    extra(&routes)
    return try WaypointApp(routes: routes, start: tabs) { screens in
      screens.registerScreen(AppList.self, target: "List") { _ in AppList() }
      screens.registerScreen(AppNote.self, target: "Note") { resolver, link in
        AppNote(id: try link.int("id"), editing: link["mode"] == "edit", app: try resolver.make(WaypointApp.self))
      }
      screens.registerScreen(AppSettings.self, target: "Settings") { _ in AppSettings() }
      screens.registerScreen(AppLogin.self, target: "Login") { _ in AppLogin() }
    }
  }
}

@MainActor
@Suite("The app object")
struct WaypointAppTests {
  @Test("a link waits for the first window, then selects its tab and builds its under screens")
  func firstWindow() async throws {
    let app = try AppFixture.app()
    let navigator = HeadlessNavigator(state: app.start)
    let modules = app.addWindow(navigator: navigator)
    let opened = navigator.state
    #expect(modules.presentedPolicy == .dismiss, "a tab-bar app's default: a link dismisses a sheet over its tab")
    #expect(!app.isReady)
    let opening = Task { try await app.open("notes://note/42?mode=edit", origin: .universalLink) }
    await Task.yield()
    #expect(navigator.state == opened, "nothing opens before the window shows its first state")
    app.windowIsShown()
    let note = try await opening.value.value(as: ShownModule.self)
    #expect(navigator.state.tabs?.selected == "notes")
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Note"])
    let screen = try #require(note.destination(as: AppNote.self))
    #expect(screen.id == 42 && screen.editing)
    #expect(screen.app === app, "a screen reaches the app through its resolver")
  }

  @Test("a screen closes itself through the app, though the link's caller let its route go")
  func closeItself() async throws {
    let app = try AppFixture.app()
    let navigator = HeadlessNavigator(state: app.start)
    app.addWindow(navigator: navigator)
    app.windowIsShown()
    // The caller drops the result: the note's route lives on while its screen is shown.
    weak var note: AppNote?
    do {
      let result = try await app.open("notes://note/5")
      note = try result.value(as: ShownModule.self).destination(as: AppNote.self)
    }
    let screen = try #require(note)
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Note"])
    try await screen.app.close(screen)
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List"])
    await #expect(throws: NavigationError.self) { try await app.close(screen) }
  }

  @Test("a screen that reads its link fails on a bad value instead of opening a default")
  func noSilentDefault() async throws {
    let app = try AppFixture.app { routes in routes.add("notes://broken/:id", target: "Note") }
    app.addWindow(navigator: HeadlessNavigator(state: app.start))
    app.windowIsShown()
    await #expect(throws: RoutingError.self) { try await app.open("notes://broken/forty-two") }
    do {
      _ = try await app.coordinator()?.show(target: "Note", .push)
      Issue.record("a screen that reads its link was made without one")
    } catch {
      #expect("\(error)".contains("reads the link it opens with"))
    }
  }

  @Test("a route's unknown target or tab is an error when the app is built")
  func checkedWhenBuilt() throws {
    do {
      _ = try AppFixture.app { routes in
        routes.add("notes://trash", target: "Trash")
        routes.add("notes://archive", target: "List", tab: "archive")
      }
      Issue.record("an app with an unknown target and tab was built")
    } catch {
      let messages = error.errors.map { "\($0)" }.joined(separator: "\n")
      #expect(messages.contains("the target 'Trash' has no handler"))
    }
    do {
      _ = try AppFixture.app { routes in routes.add("notes://archive", target: "List", tab: "archive") }
      Issue.record("an app with an unknown tab was built")
    } catch {
      #expect(error.errors.count == 1)
      #expect((error.first as? NavigationError)?.code == .unknownTab)
      #expect("\(error)".contains("names the tab 'archive'"))
    }
    do {
      _ = try AppFixture.app { routes in routes.add("notes://deep/note", target: "List", under: ["List", "Folder"]) }
      Issue.record("an app with a route putting an unregistered screen under its own was built")
    } catch {
      #expect(error.errors.count == 1)
      #expect((error.first as? ModuleError)?.code == .notRegistered)
      #expect("\(error)".contains("puts 'Folder' under its screen"))
    }
  }

  /// A note screen configured the older way: a configuration and, unless forgotten, a binding.
  struct NoteConfiguration: ModuleConfiguration {
    var noteID = 0
    @Required var folder: String?
  }

  @Test("a screen whose configuration no binding fills is an error when built, never note 0")
  func forgottenBinding() throws {
    func app(binding: Bool, pattern: String) throws(BuildError) -> WaypointApp {
      var routes = RouterBuilder()
      routes.add(pattern, target: "Old")
      return try WaypointApp(routes: routes) { screens in
        screens.registerScreen(AppNote.self, configuration: NoteConfiguration.self, target: "Old") {
          resolver, configuration in
          AppNote(id: configuration.noteID, editing: false, app: try resolver.make(WaypointApp.self))
        }
        if binding {
          screens.bind(AppNote.self, configuration: NoteConfiguration.self) { request, configuration in
            configuration.noteID = try request.int("id")
            configuration.folder = "inbox"
          }
        }
      }
    }
    do {
      _ = try app(binding: false, pattern: "notes://old/<int:id>")
      Issue.record("a route's values went to a screen nothing binds")
    } catch {
      #expect((error.first as? ModuleError)?.code == .missingConfiguration)
      #expect("\(error)".contains("its required 'folder' would never be filled"), "\(error)")
    }
    _ = try app(binding: true, pattern: "notes://old/<int:id>")

    // Defaults only: the link's id would be lost, and the note open as note 0.
    struct Defaults: ModuleConfiguration { var noteID = 0 }
    var routes = RouterBuilder()
    routes.add("notes://plain/<int:id>", target: "Plain")
    routes.add("notes://about", target: "About")  // no values: nothing to lose
    do {
      _ = try WaypointApp(routes: routes) { screens in
        screens.registerScreen(AppList.self, configuration: Defaults.self, target: "Plain") { _, _ in AppList() }
        screens.registerScreen(AppSettings.self, configuration: Defaults.self, target: "About") { _, _ in AppSettings()
        }
      }
      Issue.record("a route's id went to a screen nothing binds")
    } catch {
      #expect(error.errors.count == 1)
      #expect("\(error)".contains("the link's 'id' would never reach it"), "\(error)")
    }

    // Made without the link: the id the route gives is never read.
    var unread = RouterBuilder()
    unread.add("notes://unread/<int:id>(/*rest)", target: "Unread")
    unread.add("notes://list", target: "List")  // no values: nothing to lose
    do {
      _ = try WaypointApp(routes: unread) { screens in
        screens.registerScreen(AppSettings.self, target: "Unread") { _ in AppSettings() }
        screens.registerScreen(AppList.self, target: "List") { _ in AppList() }
      }
      Issue.record("a route's id went to a screen made without the link")
    } catch {
      #expect(error.errors.count == 1)
      #expect((error.first as? ModuleError)?.code == .missingConfiguration)
      #expect("\(error)".contains("gives 'Unread' its 'id', 'rest', which its screen never reads"), "\(error)")
    }
    // The same screen reading its link builds.
    _ = try WaypointApp(routes: unread) { screens in
      screens.registerScreen(AppSettings.self, target: "Unread") { _, link in
        _ = try link.int("id")
        return AppSettings()
      }
      screens.registerScreen(AppList.self, target: "List") { _ in AppList() }
    }
  }

  @Test("a notification tap reported by the scene and by the delegate opens once")
  func notificationOnce() async throws {
    let app = try AppFixture.app()
    app.addWindow(navigator: HeadlessNavigator(state: app.start))
    let events = app.router.events()
    app.windowIsShown()
    app.receiveNotification(
      link: "notes://note/7", identifier: "n-7", action: LinkInbox.Policy.defaultNotificationAction)
    app.inbox.receive("notes://note/7", origin: .notification(identifier: "n-7"))
    let seen = await outcomes(events, count: 2, start: { @Sendable in })
    #expect(seen.filter { $0.phase == .did }.count == 1)
    #expect(seen.filter { $0.phase == .dropped }.first?.reason?.contains("duplicate") == true)
    app.receiveNotification(link: nil, identifier: "n-8")  // a notification without a link opens nothing
    // A dismissal (a category with customDismissAction) is not a tap: it opens nothing.
    let dismissed = Recorder()
    app.receiveNotification(link: "notes://note/9", identifier: "n-9", action: WaypointApp.dismissAction) { outcome in
      if case .failure(let error) = outcome { dismissed.record("\(error.code)") }
    }
    #expect(dismissed.all == ["dropped"])
    // A7 of the second adapter review: a background action ("Mark as read") opens nothing either.
    let background = Recorder()
    app.receiveNotification(link: "notes://note/10", identifier: "n-10", action: "mark-read") { outcome in
      if case .failure(let error) = outcome { background.record("\(error.code): \(error.message)") }
    }
    #expect(
      background.all == [
        "dropped: 'notes://note/10' was not opened: the notification's action 'mark-read' is not one that opens "
          + "its link (notificationLinkActions)"
      ])
    #expect(app.coordinator()?.navigator.state.tabs?["notes"]?.stack.map(\.target) == ["List", "Note"])
  }

  @Test("the sign-in gate parks a link behind an internal login sheet; resume opens it")
  func signIn() async throws {
    let session = AppFixture.Session()
    let app = try AppFixture.app(session: session)
    let navigator = HeadlessNavigator(state: app.start)
    app.addWindow(navigator: navigator)
    app.windowIsShown()
    _ = try await app.open("notes://settings", origin: .external())
    #expect(navigator.state.presented?.state.stack.map(\.target) == ["Login"])
    session.isSignedIn = true
    let events = app.router.events()
    app.resume()
    _ = await outcomes(events, count: 1, start: { @Sendable in })
    #expect(navigator.state.presented == nil, "the link dismissed the login sheet")
    #expect(navigator.state.tabs?.selected == "settings")
  }

  @Test("an app that loads first opens links when it says it is ready")
  func manualReadiness() async throws {
    let app = try AppFixture.app()
    app.readyOnFirstWindow = false
    app.addWindow(navigator: HeadlessNavigator(state: app.start))
    app.windowIsShown()
    #expect(!app.isReady)
    app.setReady(true)
    #expect(app.isReady)
  }
}
