// The notes app's setup for a real app: the bundled manifest `notes-app.json`, a module
// registry whose targets are the manifest's (NoteList, NoteEditor, Login, Settings), and a
// router that opens them. The UIKit scene delegate and the SwiftUI app below both use it; each
// registers its own kind of screen under the same targets. Copy this folder and the manifest
// into an Xcode project.
import Foundation
import Waypoint

/// What the note editor is opened with; the manifest's `note` routes fill it.
struct NoteScreenConfiguration: ModuleConfiguration {
  var noteID = 0
  var editing = false
  init() {}
}

/// Builds the notes app around `navigator`, with the screens `registerScreens` adds.
@MainActor
func makeNotesApp(
  navigator: any Navigator, registerScreens: (inout ModuleRegistryBuilder) -> Void
) throws -> (modules: ModuleNavigator, router: RouterHolder) {
  var registry = ModuleRegistryBuilder()
  registerScreens(&registry)
  let modules = ModuleNavigator(registry: try registry.build(), navigator: navigator)
  var routes = RouterBuilder()
  routes.add(try RouteManifest(resource: "notes-app.json"))
  modules.registerTargets(in: &routes)
  modules.presentedPolicy = .dismiss
  return (modules, RouterHolder(try routes.build()))
}

/// The app's tab bar at launch: the notes list beside its notes (a split view, which collapses
/// to one column on a narrow screen), a search tab over the same list, and settings.
///
/// The navigator builds each tab's first screen through the registry; links then select their
/// tab (the manifest's `tab`), open a note in the secondary column (`column`) and dismiss a
/// sheet that is up (`presentedPolicy`).
let notesTabs = NavigationState(
  tabs: TabContainer([
    NavigationTab(id: "notes", stack: [Screen(id: "NoteList#1", target: "NoteList")], split: SplitColumns()),
    NavigationTab(id: "search", stack: [Screen(id: "NoteList#2", target: "NoteList")]),
    NavigationTab(id: "settings", stack: [Screen(id: "Settings#3", target: "Settings")]),
  ]))

/// The tabs' titles.
let notesTabTitles = ["notes": "Notes", "search": "Search", "settings": "Settings"]

extension ModuleRegistryBuilder {
  /// Fills the note editor's configuration from the link that opens it.
  mutating func bindNoteEditor<Key>(_ key: Key.Type) {
    bind(key, configuration: NoteScreenConfiguration.self) { request, configuration in
      configuration.noteID = try request.int("id")
      configuration.editing = request["mode"] == "edit"
    }
  }
}
