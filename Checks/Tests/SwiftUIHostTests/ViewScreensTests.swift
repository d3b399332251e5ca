import SwiftUI
import Testing
import Waypoint
import WaypointSwiftUI

/// `WaypointApp.swiftUI(routes:start:policy:views:)` against the SwiftUI stub: every target's screen is a view,
/// or the app is not built.
@MainActor
@Suite("An app of views")
struct ViewScreensTests {
  struct NoteView: View {
    let id: Int
    var body: some View { Text("Note \(id)") }
  }
  struct ListView: View {
    var body: some View { Text("Notes") }
  }
  /// A model registered where a view belongs.
  final class SettingsModel {}

  static func routes() -> RouterBuilder {
    var routes = RouterBuilder()
    routes.add("notes://list", target: "List")
    routes.add("notes://note/<int:id>", target: "Note")
    return routes
  }

  @Test("screens that are views build; a link shows the view its factory made")
  func views() async throws {
    let app = try WaypointApp.swiftUI(routes: Self.routes()) { views in
      views.registerScreen(ListView.self, target: "List") { _ in ListView() }
      views.registerScreen(NoteView.self, target: "Note") { _, link in NoteView(id: try link.int("id")) }
    }
    let window = app.addWindow(navigator: HeadlessNavigator())
    app.windowIsShown()
    _ = try await app.open("notes://note/7")
    let shown = try #require(window.navigator.state.topScreen)
    #expect(shown.target == "Note")
  }

  @Test("A5: the host's window takes the links sent to the app, instead of SwiftUI opening a new window for each")
  func handlesExternalEvents() throws {
    let app = try WaypointApp.swiftUI(routes: Self.routes()) { views in
      views.registerScreen(ListView.self, target: "List") { _ in ListView() }
      views.registerScreen(NoteView.self, target: "Note") { _, link in NoteView(id: try link.int("id")) }
    }
    let host = WaypointHost(app: app)
    #expect(_modelModifiers(of: host.body).contains(#"handlesExternalEvents(preferring: ["*"], allowing: ["*"])"#))
  }

  @Test("a target whose screen is not a view fails the build, named")
  func notAView() throws {
    do {
      var routes = Self.routes()
      routes.add("notes://settings", target: "Settings")
      _ = try WaypointApp.swiftUI(routes: routes) { views in
        views.registerScreen(ListView.self, target: "List") { _ in ListView() }
        views.registerScreen(NoteView.self, target: "Note") { _, link in NoteView(id: try link.int("id")) }
        views.registerScreen(SettingsModel.self, target: "Settings") { _ in SettingsModel() }
      }
      Issue.record("an app with a screen that is not a view was built")
    } catch {
      #expect(error.errors.count == 1)
      let problem = try #require(error.errors.first as? ModuleError)
      #expect(problem.code == .typeMismatch)
      #expect(problem.message.contains("the screen of the target 'Settings' is a SettingsModel, not a SwiftUI view"))
    }
  }
}
