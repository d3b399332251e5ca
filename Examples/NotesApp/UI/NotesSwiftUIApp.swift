#if canImport(SwiftUI)
import SwiftUI
import Waypoint
import WaypointSwiftUI

// The notes app in SwiftUI: view models registered under the manifest's targets, drawn by a
// WaypointHost over the window's HeadlessNavigator. Links from `onOpenURL`, universal links,
// Spotlight and the app's intents go to the app's inbox, ready once the window is up. Mark
// `NotesSwiftUIApp` with `@main` in your project.

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
    // `nil` until the host has made the screen's model (a moment, for a restored screen).
    Text(verbatim: model?.title ?? "")
  }
}

/// The notes app, made once: the screens are view models.
@MainActor let notesSwiftUIApp = makeNotesApp { screens in
  screens.registerScreen(NoteListModel.self, target: "NoteList") { _ in NoteListModel("Notes") }
  screens.registerScreen(LoginModel.self, target: "Login") { _ in LoginModel("Sign in") }
  screens.registerScreen(SettingsModel.self, target: "Settings") { _ in SettingsModel("Settings") }
  screens.registerScreen(NoteEditorModel.self, target: "NoteEditor") { _, link in
    NoteEditorModel("Note \(try link.int("id"))" + (link["mode"] == "edit" ? " (editing)" : ""))
  }
}

struct NotesSwiftUIApp: App {
  var body: some Scene {
    WindowGroup {
      if let app = notesSwiftUIApp {
        // Each window its own navigator, on the tab bar; the app is ready once one appears.
        WaypointHost(app: app) { _, destination in
          NotesScreenView(model: destination?.value(as: NotesScreenModel.self))
        }
      } else {
        Text(verbatim: "The notes app could not start")
      }
    }
  }
}
#endif
