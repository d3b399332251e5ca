#if canImport(SwiftUI)
import SwiftUI
import Waypoint
import WaypointSwiftUI

// The notes app in SwiftUI: view models registered under the manifest's targets, drawn by a
// WaypointHost over a HeadlessNavigator. Mark `NotesSwiftUIApp` with `@main` in your project.

/// What a notes screen shows; one class per target, as the registry keys modules by type.
@MainActor
class NotesScreenModel {
  let title: String
  init(_ title: String) { self.title = title }
}
final class NoteListModel: NotesScreenModel {}
final class LoginModel: NotesScreenModel {}
final class SettingsModel: NotesScreenModel {}
final class NoteEditorModel: NotesScreenModel {}

struct NotesScreenView: View {
  let model: NotesScreenModel?
  var body: some View {
    Text(verbatim: model?.title ?? "This screen could not be made")
  }
}

/// The notes app in one window: each window of the app makes its own, so each has its own
/// navigation state.
struct NotesWindow: View {
  @State private var app = makeNotesSwiftUIApp()

  var body: some View {
    if let app {
      WaypointHost(modules: app.modules, router: app.router) { _, destination in
        NotesScreenView(model: destination?.value(as: NotesScreenModel.self))
      }
    } else {
      Text(verbatim: "The notes app could not start")
    }
  }
}

struct NotesSwiftUIApp: App {
  var body: some Scene {
    WindowGroup {
      NotesWindow()
    }
  }
}

/// The notes app's modules over a navigator that starts on the note list, so a normal launch
/// shows it; links then open over it.
@MainActor
func makeNotesSwiftUIApp() -> (modules: ModuleNavigator, router: RouterHolder)? {
  let start = NavigationState(stack: [Screen(id: "NoteList#1", target: "NoteList")])
  return try? makeNotesApp(navigator: HeadlessNavigator(state: start)) { registry in
    registry.registerScreen(NoteListModel.self, target: "NoteList") { _ in NoteListModel("Notes") }
    registry.registerScreen(LoginModel.self, target: "Login") { _ in LoginModel("Sign in") }
    registry.registerScreen(SettingsModel.self, target: "Settings") { _ in SettingsModel("Settings") }
    registry.registerScreen(
      NoteEditorModel.self, configuration: NoteScreenConfiguration.self, target: "NoteEditor"
    ) { _, note in NoteEditorModel("Note \(note.noteID)" + (note.editing ? " (editing)" : "")) }
    registry.bindNoteEditor(NoteEditorModel.self)
  }
}
#endif
