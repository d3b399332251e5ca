#if canImport(AppIntents)
import AppIntents
import Waypoint
import WaypointAppIntents

// The notes app's App Intents and App Shortcuts: each opens one of the app's public links through
// its inbox (`LinkIntents.slot`, filled by the scene delegate or the SwiftUI window), so Siri,
// Shortcuts and Spotlight reach the same screens as links do.

/// Opens a note by its number.
struct OpenNoteIntent: LinkIntent {
  static let title: LocalizedStringResource = "Open Note"
  static let description: IntentDescription? = "Opens a note in Notes."
  static let openAppWhenRun = true
  @Parameter(title: "Note number") var id: Int
  var link: NotesAppLink { .note(id: id) }
}

/// Opens the notes list.
struct OpenNotesIntent: LinkIntent {
  static let title: LocalizedStringResource = "Open Notes"
  static let openAppWhenRun = true
  var link: NotesAppLink { .home }
}

struct NotesShortcuts: AppShortcutsProvider {
  static var appShortcuts: [AppShortcut] {
    AppShortcut(
      intent: OpenNotesIntent(), phrases: ["Show my notes in \(.applicationName)"], shortTitle: "Notes",
      systemImageName: "note.text")
  }
}
#endif
