#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import Waypoint
import WaypointUIKit

// The notes app in UIKit: view controllers registered under the manifest's targets, shown in a tab
// bar (notes, search, settings) by the UIKitNavigator `SceneLinks` makes for each scene. Every
// door of the scene (URLs, universal links, Spotlight, quick actions, notifications) and the
// app's intents hand their links to the app's inbox, which opens them once the tab bar is up.

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
  /// The app, made once for every scene: the screens are view controllers.
  static let app = makeNotesApp { screens in
    screens.registerScreen(NoteListViewController.self, target: "NoteList") { _ in NoteListViewController() }
    screens.registerScreen(LoginViewController.self, target: "Login") { _ in LoginViewController() }
    screens.registerScreen(SettingsViewController.self, target: "Settings") { _ in SettingsViewController() }
    screens.registerScreen(NoteEditorViewController.self, target: "NoteEditor") { _, link in
      NoteEditorViewController(noteID: try link.int("id"), editing: link["mode"] == "edit")
    }
  }

  var window: UIWindow?
  private var links: SceneLinks?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene, let app = Self.app else { return }
    let window = UIWindow(windowScene: windowScene)
    self.window = window
    // What the scene was opened with waits in the app's inbox until the tab bar is up.
    links = SceneLinks(
      app: app, window: window, session: session, options: connectionOptions, tabTitles: notesTabTitles
    ) { link, error in print("could not open \(link): \(error)") }
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
