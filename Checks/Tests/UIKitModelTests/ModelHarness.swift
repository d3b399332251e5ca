// What the model tests share: a small app of screens over a UIKitNavigator, and waiting for
// what the model of UIKit delivers on a later turn of the main actor.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

final class ListController: UIViewController {
  /// How many times UIKit said it appeared.
  var appeared = 0
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    appeared += 1
  }
}
final class EditorController: UIViewController {
  var noteID = 0
}
final class NotAController {}
/// A screen that is itself a navigation controller, as UIImagePickerController and
/// MFMailComposeViewController are.
final class PickerController: UINavigationController {}
/// A screen that is a navigation controller of the app's own kind: a flow it built on
/// `WaypointNavigationController`.
final class FlowController: WaypointNavigationController {}
/// A screen that is a split view controller.
final class SplitScreen: UISplitViewController {}
/// Something the app presents on its own (an alert, a share sheet).
final class AlertController: UIViewController {}

/// A navigation delegate of the app's own, counting what it hears.
final class AppNavigationDelegate: NSObject, UINavigationControllerDelegate {
  var shown = 0
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
  ) {
    shown += 1
  }
}

/// A presentation delegate of the app's own (a "discard changes?" sheet).
final class AppPresentationDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
  var dismissed = 0
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
    dismissed += 1
  }
}

struct EditorConfiguration: ModuleConfiguration {
  var noteID = 0
  init() {}
}

/// An app over the model: a navigator in a window and the module navigator over it.
@MainActor
struct ModelApp {
  let navigator: UIKitNavigator
  let modules: ScreenCoordinator
  let window: UIWindow

  /// The root navigation controller.
  var root: WaypointNavigationController { navigator.rootController }

  /// A router of `manifest`'s routes, each opening its target's module here.
  func router(_ manifest: String) throws -> Router {
    var builder = RouterBuilder()
    modules.registerTargets(in: &builder)
    builder.add(try RouteManifest(json: manifest))
    return try builder.build()
  }
}

/// Starts from a clean model: nothing held, raised or logged.
@MainActor
func makeApp(timeout: Duration = .milliseconds(400)) throws -> ModelApp {
  UIKitModel.reset()
  let window = UIWindow(windowScene: UIWindowScene())
  let navigator = UIKitNavigator(window: window)
  navigator.transitionTimeout = timeout
  let modules = ScreenCoordinator(registry: try makeRegistry(), navigator: navigator)
  return ModelApp(navigator: navigator, modules: modules, window: window)
}

/// The screens of the model tests' app: a list, an editor of a note, and screens that are
/// themselves containers.
@MainActor
func makeRegistry() throws -> ModuleRegistry {
  var builder = ModuleRegistryBuilder()
  builder.registerScreen(ListController.self, target: "List") { _ in ListController() }
  builder.registerScreen(EditorController.self, configuration: EditorConfiguration.self, target: "Editor") {
    _, configuration in
    let editor = EditorController()
    editor.noteID = configuration.noteID
    return editor
  }
  builder.bind(EditorController.self, configuration: EditorConfiguration.self) { request, configuration in
    configuration.noteID = try request.int("id")
  }
  builder.registerScreen(PickerController.self, target: "Picker") { _ in PickerController(nibName: nil, bundle: nil) }
  builder.registerScreen(SplitScreen.self, target: "Split") { _ in SplitScreen(style: .doubleColumn) }
  builder.registerScreen(FlowController.self, target: "Flow") {
    _ in FlowController(rootViewController: ListController())
  }
  builder.register(NotAController.self, target: "Plain") { _ in NotAController() }
  return try builder.build()
}

/// Waits until `condition` holds, letting the main actor run what the model scheduled.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<400 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// Lets the model end what it is animating.
@MainActor
func settle() async {
  for _ in 0..<20 { await Task.yield() }
  UIKitModel.finishAnimations()
}

/// UIKit would have crashed the app if the model recorded an exception.
@MainActor
func expectNoException(sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(UIKitModel.raised.isEmpty, "UIKit would raise: \(UIKitModel.raised)", sourceLocation: sourceLocation)
}

/// Every model test, one at a time: the model of UIKit is one shared run loop.
@MainActor
@Suite("UIKit adapters against a model of UIKit as strict as UIKit", .serialized, .failsOnUIKitExceptions)
struct ModelChecks {}

/// Fails the running test at once when the model records an exception UIKit would raise (the
/// app would crash there), whatever the test checks; a test that means to provoke one runs it
/// inside `UIKitModel.provoking(_:)`.
struct FailsOnUIKitExceptions: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await MainActor.run {
      UIKitModel.onRaise = { reason in
        Issue.record("UIKit would raise this exception, and the app would crash: \(reason)")
      }
    }
    do {
      try await function()
    } catch {
      await MainActor.run { UIKitModel.onRaise = nil }
      throw error
    }
    await MainActor.run { UIKitModel.onRaise = nil }
  }
}

extension Trait where Self == FailsOnUIKitExceptions {
  /// Fails a model test at once when UIKit would raise (`FailsOnUIKitExceptions`).
  static var failsOnUIKitExceptions: Self { Self() }
}

/// A window scene of the model whose session is `id`, as UIKit connects one; kept alive for the
/// rest of the run, as UIKit keeps a connected scene (a window holds its scene only weakly).
@MainActor
func modelScene(_ id: String) -> UIWindowScene {
  let scene = UIWindowScene()
  scene._modelSetSession(UISceneSession(_modelIdentifier: id))
  connectedScenes.append(scene)
  return scene
}

/// The scenes the model connected.
@MainActor private var connectedScenes: [UIWindowScene] = []

/// The links of a scene UIKit connects with the session `id`, as a scene delegate makes them
/// (`SceneLinks(app:scene:options:)`), and the window they made.
@MainActor
func connect(
  _ app: WaypointApp, scene id: String, options: UIScene.ConnectionOptions? = nil, savedState: Data? = nil,
  failed: @escaping @MainActor (String, RoutingError) -> Void = { _, _ in }
) -> (links: SceneLinks, window: UIWindow, scene: UIWindowScene) {
  let scene = modelScene(id)
  // A window scene always makes links.
  let links = SceneLinks(app: app, scene: scene, options: options, savedState: savedState, failed: failed)!
  return (links, links.uiWindow!, scene)
}

/// A banner over everything, presented and dismissed through UIKit, as the UIKit article writes it.
@MainActor
let bannerTransition = CustomTransition(
  present: { banner, source, animated in
    banner.modalPresentationStyle = .overFullScreen
    source.present(banner, animated: animated)
  },
  dismiss: { banner, animated in banner.presentingViewController?.dismiss(animated: animated) })
