#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint
import WaypointUIKit

// The notes app in UIKit: view controllers registered under the manifest's targets, shown by a
// UIKitNavigator in a tab bar (notes, search, settings), with links from the scene going to the
// router.

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
      let links = SceneLinks(router: app.router) { link, error in print("could not open \(link): \(error)") }
      self.links = links
      navigator.configureTab = { id, stack in stack.tabBarItem.title = notesTabTitles[id] }
      // The tab bar first, so a normal launch shows it; then what the scene was opened with.
      Task { @MainActor in
        do {
          try await navigator.restore(notesTabs)
        } catch {
          print("the notes app could not show its tabs: \(error)")
        }
        links.connect(connectionOptions)
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
}
#endif
