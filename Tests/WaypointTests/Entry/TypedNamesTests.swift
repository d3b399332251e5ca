import Testing
import Waypoint

/// Screens and tabs declared once as Swift values: used wherever a string name is, a misspelling
/// does not compile (`Scripts/check-link-macros.sh` checks that), and the names they spell are the
/// strings' own.
@MainActor
@Suite("Typed screen and tab names")
struct TypedNamesTests {
  enum NotesScreen: String, TargetName {
    case list = "Notes"
    case note = "Note"
    case settings = "Settings"
    case login = "Login"
  }
  enum NotesTab: String, TabName {
    case notes, settings
  }
  @MainActor final class Page {}
  @MainActor final class NotePage {
    let id: Int
    init(id: Int) { self.id = id }
  }

  static func app() throws -> WaypointApp {
    var routes = RouterBuilder()
    routes.use(SignInGate(showing: "notes://login", protecting: [NotesScreen.settings]) { false })
    routes.add("notes://note/<int:id>", target: NotesScreen.note, tab: NotesTab.notes, under: [NotesScreen.list])
    routes.add("notes://settings", target: NotesScreen.settings, tab: NotesTab.settings)
    routes.add("notes://login", target: NotesScreen.login, presentation: .sheet)
    let tabs = [
      NavigationTab(NotesTab.notes, root: NotesScreen.list, title: "Notes"),
      NavigationTab(NotesTab.settings, root: NotesScreen.settings, title: "Settings"),
    ]
    return try WaypointApp(routes: routes, tabs: tabs) { screens in
      screens.registerScreen(Page.self, target: NotesScreen.list) { Page() }
      screens.registerScreen(NotePage.self, target: NotesScreen.note) { _, link in NotePage(id: try link.int("id")) }
      screens.registerScreen(Page.self, target: NotesScreen.settings, overriding: true) { Page() }
      screens.registerScreen(Page.self, target: NotesScreen.login, overriding: true) { Page() }
    }
  }

  @Test("an app written with typed names builds, and its routes name the same strings")
  func sameStrings() throws {
    let app = try Self.app()
    let note = try #require(app.router.router.routes.first { $0.pattern == "notes://note/<int:id>" })
    #expect(note.target == "Note" && note.placement.tab == "notes" && note.underTargets == ["Notes"])
    #expect(app.start.tabs?.ids == ["notes", "settings"])
    #expect(app.registry.targets.sorted() == ["Login", "Note", "Notes", "Settings"])
  }

  @Test("a typed link opens where a string one would, and strings still work beside them")
  func opens() async throws {
    let app = try Self.app()
    let navigator = HeadlessNavigator(state: app.start)
    app.addWindow(navigator: navigator)
    app.windowIsShown()
    _ = try await app.open("notes://note/5")
    #expect(navigator.state.tabs?["notes"]?.stack.map(\.target) == ["Notes", "Note"])
    app.setBadge("2", onTab: NotesTab.settings)
    #expect(app.badge(onTab: "settings") == "2")
    let under = UnderScreen(NotesScreen.list, parameters: ["id"])
    #expect(under.target == "Notes" && under.parameters == ["id"])
  }
}
