#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint
import WaypointAppIntents
import WaypointUIKit

// The notes app in UIKit: view controllers registered under the manifest's targets, shown by a
// UIKitNavigator in a tab bar (notes, search, settings). Every door of the scene (URLs, universal
// links, Spotlight, quick actions, notifications) and the app's intents hand their links to one
// inbox, which opens them once the tab bar is up.

final class NoteListViewController: UIViewController {}
final class LoginViewController: UIViewController {}
final class SettingsViewController: UIViewController {}
final class NoteEditorViewController: UIViewController {
  let noteID: Int
  let editing: Bool
  init(noteID: Int, editing: Bool) {
    self.noteID = noteID
    self.editing = editing
    super.init(nibName: nil, bundle: nil)
  }

  /// Editors are made in code, never from a storyboard.
  required init?(coder: NSCoder) { nil }
}

final class NotesSceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?
  private var modules: ModuleNavigator?
  private var links: SceneLinks?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    self.window = window
    let navigator = UIKitNavigator(window: window)
    do {
      let app = try makeNotesApp(navigator: navigator) { registry in
        registry.registerScreen(NoteListViewController.self, target: "NoteList") { _ in NoteListViewController() }
        registry.registerScreen(LoginViewController.self, target: "Login") { _ in LoginViewController() }
        registry.registerScreen(SettingsViewController.self, target: "Settings") { _ in SettingsViewController() }
        registry.registerScreen(
          NoteEditorViewController.self, configuration: NoteScreenConfiguration.self, target: "NoteEditor"
        ) { _, note in NoteEditorViewController(noteID: note.noteID, editing: note.editing) }
        registry.bindNoteEditor(NoteEditorViewController.self)
      }
      modules = app.modules
      let inbox = LinkInbox(router: app.router)
      LinkIntents.slot.fill(inbox)
      let links = SceneLinks(inbox: inbox) { link, error in print("could not open \(link): \(error)") }
      self.links = links
      navigator.configureTab = { id, stack in stack.tabBarItem.title = notesTabTitles[id] }
      // What the scene was opened with waits in the inbox until the tab bar is up.
      links.connect(connectionOptions)
      Task { @MainActor in
        do {
          try await navigator.restore(notesTabs)
        } catch {
          print("the notes app could not show its tabs: \(error)")
        }
        inbox.setReady(true)
      }
    } catch {
      print("the notes app could not start: \(error)")
    }
  }

  func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
    links?.open(urlContexts)
  }

  func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    links?.continue(userActivity)
  }

  func windowScene(
    _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
    completionHandler: @escaping (Bool) -> Void
  ) {
    completionHandler(links?.perform(shortcutItem) ?? false)
  }
}
#endif
