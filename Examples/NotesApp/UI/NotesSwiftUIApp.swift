#if canImport(SwiftUI)
import SwiftUI
import Waypoint
import WaypointAppIntents
import WaypointSwiftUI

// The notes app in SwiftUI: view models registered under the manifest's targets, drawn by a
// WaypointHost over a HeadlessNavigator. Links from `onOpenURL`, universal links, Spotlight and
// the app's intents go to one inbox, ready once the window is up. Mark `NotesSwiftUIApp` with
// `@main` in your project.

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

/// The notes app in one window.
///
/// Each window of the app makes its own, so each has its own navigation state. It is made once, when the window first appears (before its first frame),
/// not in the property's default value, which SwiftUI evaluates each time it makes the view.
struct NotesWindow: View {
  @State private var app: (modules: ModuleNavigator, inbox: LinkInbox)? = nil
  @State private var couldNotStart = false

  var body: some View {
    content.onAppear {
      guard app == nil, !couldNotStart else { return }
      guard let made = makeNotesSwiftUIApp() else {
        couldNotStart = true
        return
      }
      let inbox = LinkInbox(router: made.router)
      LinkIntents.slot.fill(inbox)
      app = (made.modules, inbox)
      // The tab bar is the navigator's first state: links can open from now on.
      inbox.setReady(true)
    }
  }

  /// Never empty: SwiftUI calls no `onAppear` on empty content.
  @ViewBuilder private var content: some View {
    if let app {
      WaypointHost(modules: app.modules, inbox: app.inbox, tabTitles: notesTabTitles) { _, destination in
        NotesScreenView(model: destination?.value(as: NotesScreenModel.self))
      }
    } else {
      Text(verbatim: couldNotStart ? "The notes app could not start" : "")
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

/// The notes app's modules over a navigator that starts on its tab bar (notes, search,
/// settings), so a normal launch shows it; links then select their tab.
@MainActor
func makeNotesSwiftUIApp() -> (modules: ModuleNavigator, router: RouterHolder)? {
  try? makeNotesApp(navigator: HeadlessNavigator(state: notesTabs)) { registry in
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
