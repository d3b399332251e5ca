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
// that name no window open in the one the user was last in.

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

  func sceneDidBecomeActive(_ scene: UIScene) {
    // A notification tap or an App Intent names no window: it opens in the one the user is in.
    Self.app?.activateWindow(scene.session.persistentIdentifier)
  }

  func sceneDidDisconnect(_ scene: UIScene) {
    // UIKit let the window go (it may connect the session again later): links no longer open there.
    Self.app?.closeWindow(scene.session.persistentIdentifier)
  }
}

/// The app delegate (`@main` in the app): it sets the notification center's delegate before
/// launch ends, so the tap that launched the app is heard too.
final class NotesAppDelegate: UIResponder, UIApplicationDelegate {
  static let taps = NotesSceneDelegate.app.map { NotesNotificationTaps(app: $0) }

  func application(
    _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
  ) -> Bool {
    UNUserNotificationCenter.current().delegate = Self.taps
    return true
  }
}

/// Notification taps, to the app's inbox: a tap while the app runs reaches only this delegate; the
/// one that launched the app reaches it and the scene's connection options, and opens once.
final class NotesNotificationTaps: NSObject, UNUserNotificationCenterDelegate {
  let app: WaypointApp
  init(app: WaypointApp) { self.app = app }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler done: @escaping @Sendable () -> Void
  ) {
    let request = response.notification.request
    let link = request.content.userInfo["link"] as? String
    let id = request.identifier
    let action = response.actionIdentifier
    // The window the system shows the response in, with several (iPad); `nil` on the Mac.
    let scene = response.targetScene
    let app = app
    Task { @MainActor in
      // A dismissal or a background action ("Mark as read") opens nothing.
      app.receiveNotification(link: link, identifier: id, action: action, window: scene?.session.persistentIdentifier)
      done()
    }
  }
}
#endif
