// The notes app's setup for a real app: the bundled manifest `notes-app.json` and the tab bar it
// starts on, made into one `WaypointApp` with the screens each kind of app registers under the
// manifest's targets (NoteList, NoteEditor, Login, Settings). The UIKit scene delegate and the
// SwiftUI app below both use it. Copy this folder and the manifest into an Xcode project.
import Waypoint

#if canImport(AppIntents)
import WaypointAppIntents
#endif

/// The notes app around the screens `registerScreens` adds, its App Intents opening links through
/// its inbox; `nil`, with the reason printed, when the manifest and the screens do not fit.
@MainActor
func makeNotesApp(registerScreens: (inout ModuleRegistryBuilder) -> Void) -> WaypointApp? {
  do {
    var routes = RouterBuilder()
    routes.add(try RouteManifest(resource: "notes-app.json"))
    let app = try WaypointApp(routes: routes, start: notesTabs, screens: registerScreens)
    #if canImport(AppIntents)
    LinkIntents.slot.fill(app.inbox)
    #endif
    return app
  } catch {
    print("the notes app could not start: \(error)")
    return nil
  }
}

/// The app's tab bar at launch: the notes list beside its notes (a split view, which collapses
/// to one column on a narrow screen), a search tab over the same list, and settings, each with
/// its title and SF Symbol.
///
/// The navigator builds each tab's first screen through the registry; links then select their
/// tab (the manifest's `tab`), open a note in the secondary column (`column`) and dismiss a
/// sheet that is up (the app's `presentedPolicy`).
let notesTabs = NavigationState(
  tabs: TabContainer([
    NavigationTab(
      id: "notes", stack: [Screen(id: "NoteList#1", target: "NoteList")], split: SplitColumns(),
      item: TabItem(title: "Notes", image: .system("note.text"))),
    NavigationTab("search", root: "NoteList", title: "Search", systemImage: "magnifyingglass"),
    NavigationTab("settings", root: "Settings", title: "Settings", systemImage: "gear"),
  ]))
