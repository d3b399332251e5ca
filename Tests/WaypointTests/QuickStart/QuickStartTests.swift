import Foundation
import Testing
import Waypoint

/// The README's Quick start, run headless: `QuickStartShared.swift` is its shared block as
/// written there (the first test keeps the two equal), and the screens are plain classes where
/// the apps have view controllers or views.
@MainActor
@Suite("The Quick start", .serialized)
struct QuickStartTests {
  @MainActor final class Notes {}
  @MainActor final class Note {
    let id: Int
    init(id: Int) { self.id = id }
  }
  @MainActor final class Settings {}
  @MainActor final class Login {}

  /// The app as both Quick start apps make it, with a window open on its tabs.
  static func app() throws -> (WaypointApp, HeadlessNavigator) {
    isSignedIn = false
    let app = try WaypointApp(routes: notesRoutes(), tabs: notesTabs) { screens in
      screens.registerScreen(Notes.self, target: "Notes") { Notes() }
      screens.registerScreen(Note.self, target: "Note") { _, link in Note(id: try link.int("id")) }
      screens.registerScreen(Settings.self, target: "Settings") { Settings() }
      screens.registerScreen(Login.self, target: "Login") { Login() }
    }
    let navigator = HeadlessNavigator(state: app.start)
    app.addWindow(navigator: navigator)
    app.windowIsShown()
    return (app, navigator)
  }

  @Test("the shared code run here is the README's, line for line")
  func sameAsReadme() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## Quick start\n").dropFirst().first)
    let block = try #require(
      section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```\n").first)
    let here = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "QuickStartShared.swift"),
      encoding: .utf8)
    let lines = { (text: String) in text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) } }
    #expect(lines(block) == lines(here))
  }

  @Test("a universal link and a custom-scheme link open the note on the notes tab, over the list")
  func bothSchemes() async throws {
    for link in ["https://notes.example.com/note/42", "notes://note/42"] {
      let (app, navigator) = try Self.app()
      let result = try await app.open(link, origin: .opened(link))
      #expect(try result.value(as: ShownModule.self).destination(as: Note.self)?.id == 42, "\(link)")
      #expect(navigator.state.tabs?.selected == "notes")
      #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["Notes", "Note"], "\(link)")
    }
  }

  @Test("a universal link from a host the app does not list opens nothing")
  func otherHost() async throws {
    let (app, _) = try Self.app()
    let error = await #expect(throws: RoutingError.self) {
      try await app.open("https://evil.example.com/note/42", origin: .universalLink)
    }
    #expect(error?.code == .notFound)
  }

  @Test("a signed-out settings link waits behind the login sheet and opens after sign-in")
  func signIn() async throws {
    let (app, navigator) = try Self.app()
    let parked = try await app.open("notes://settings", origin: .external())
    #expect(parked.parked?.gate == SignInGate.signIn)
    #expect(navigator.state.presented?.state.stack.map(\.target) == ["Login"])
    #expect(navigator.state.tabs?.selected == "notes", "the settings tab is not selected yet")
    let events = app.router.events()
    let opened = Task { () -> RouteEvent? in
      for await event in events where event.phase == .did && event.route?.target == "Settings" { return event }
      return nil
    }
    signedIn(app)
    #expect(await opened.value?.url == "notes://settings")
    #expect(navigator.state.tabs?.selected == "settings")
    #expect(navigator.state.presented == nil, "the settings link dismissed the login sheet")
  }

  @Test("the login route refuses a link from outside, as a route that does not exist")
  func loginIsInternal() async throws {
    let (app, navigator) = try Self.app()
    for link in ["notes://login", "https://notes.example.com/login"] {
      let error = await #expect(throws: RoutingError.self) { try await app.open(link, origin: .opened(link)) }
      #expect(error?.code == .notFound, "\(link)")
    }
    #expect(navigator.state.presented == nil)
    _ = try await app.open("notes://login")
    #expect(navigator.state.presented?.state.stack.map(\.target) == ["Login"], "the app itself may open it")
  }

  @Test("the tabs carry their titles and symbols")
  func tabItems() throws {
    let (app, _) = try Self.app()
    #expect(
      app.start.tabs?.tabs.map(\.item) == [
        TabItem(title: "Notes", image: .system("note.text")), TabItem(title: "Settings", image: .system("gear")),
      ])
  }

  @Test(
    "the row's tap opens its note over the list, the login screen's Cancel drops what waited, the settings tab is guarded"
  )
  func tapCancelAndGuardedTab() async throws {
    let (app, navigator) = try Self.app()
    // The settings tab, signed out: the login screen in Settings' place, never Settings.
    #expect(navigator.state.tabs?["settings"]?.stack.map(\.target) == ["Login"])
    // NotesController's row (UIKit) and NotesView's button (SwiftUI): openLink("/note/7").
    let tap = app.open("/note/7", fromWindow: WaypointApp.mainWindow)
    // "the note is on the stack when the call returns"
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["Notes", "Note"])
    guard case .shown = await tap.finished else {
      Issue.record("the tap: \(String(describing: tap.outcome))")
      return
    }
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["Notes", "Note"])
    // The login screen's Cancel: closeScreen() on the sheet a settings link waits behind.
    let settings = app.open("/settings", fromWindow: WaypointApp.mainWindow)
    guard case .parked = await settings.finished else {
      Issue.record("the settings link: \(String(describing: settings.outcome))")
      return
    }
    let login = try #require(navigator.state.presented?.state.stack.first)
    #expect(await app.closeScreen(login.id, inWindow: WaypointApp.mainWindow).finished == .closed)
    #expect(navigator.state.presented == nil)
    // Signed in: Settings takes its tab's first place; the cancelled link never opens.
    signedIn(app)
    await ScreenActionTests.waitFor { navigator.state.tabs?["settings"]?.stack.first?.target == "Settings" }
    #expect(navigator.state.tabs?["settings"]?.stack.map(\.target) == ["Settings"])
    #expect(navigator.state.tabs?.selected == "notes", "the cancelled link did not open")
  }
}
