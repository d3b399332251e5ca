#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit
import UserNotifications
import Waypoint
import WaypointUIKit

// The notes app in UIKit: view controllers registered under the manifest's targets, shown in a tab
// bar (notes, search, settings) by the UIKitNavigator `SceneLinks` makes for each scene. Every
// door of the scene (URLs, universal links, Spotlight, quick actions), notification taps (the
// notification center's delegate, set by the app delegate before launch ends) and the app's
// intents hand their links to the app's inbox, which opens them once the tab bar is up. Links
// that name no window open in the one the user was last in; `SceneLinks` follows the scenes.

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
    guard let app = Self.app else { return }
    // What the scene was opened with waits in the app's inbox until the tab bar is up. The links
    // follow the scene: the window the user is in takes the links that name none, and a scene
    // UIKit disconnects takes no more.
    links = SceneLinks(app: app, scene: scene, options: connectionOptions) { link, error in
      print("could not open \(link): \(error)")
    }
    window = links?.uiWindow
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

/// The app delegate (`@main` in the app) and the notification center's delegate, set before
/// launch ends so the tap that launched the app is heard too: a tap while the app runs reaches
/// only this delegate; the one that launched the app reaches it and the scene's connection
/// options, and opens once, in the window the system shows it in.
final class NotesAppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
  let app = NotesSceneDelegate.app

  func application(
    _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UNUserNotificationCenter.current().delegate = self
    return true
  }

  nonisolated func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler done: @escaping @Sendable () -> Void
  ) {
    // A dismissal or a background action ("Mark as read") opens nothing.
    app?.receiveNotification(response)
    done()
  }
}
#endif
