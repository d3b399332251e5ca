// Tests of UIKitNavigator against a model of UIKit: the stubs in AppleStubs/UIKit keep a
// navigation controller's `viewControllers`, presented view controllers and delegate calls as
// UIKit's documentation describes them. They show the adapter does what its plan says with
// those calls; they are not tests on iOS.
import Foundation
import Testing
import UIKit
import Waypoint
import WaypointUIKit

final class ListController: UIViewController {}
final class EditorController: UIViewController {
  var noteID = 0
}
final class NotAController {}

/// Records what the app's own navigation delegate heard.
final class AppNavigationDelegate: NSObject, UINavigationControllerDelegate {}

struct EditorConfiguration: ModuleConfiguration {
  var noteID = 0
  init() {}
}

@MainActor
func makeApp() throws -> (UIKitNavigator, ModuleNavigator, UIWindow) {
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
  builder.register(NotAController.self, target: "Plain") { _ in NotAController() }
  let window = UIWindow(windowScene: UIWindowScene())
  let navigator = UIKitNavigator(window: window)
  let modules = ModuleNavigator(registry: try builder.build(), navigator: navigator)
  return (navigator, modules, window)
}

@MainActor
@Suite("UIKitNavigator against a model of UIKit")
struct UIKitNavigatorModelTests {
  @Test("push and remove: the navigation controller's stack follows, and nothing is kept after removal")
  func pushAndRemove() async throws {
    let (navigator, modules, window) = try makeApp()
    #expect(window.rootViewController === navigator.rootController)
    let list = try await modules.route(ListController.self, .replaceRoot)
    let editor = try await modules.route(EditorController.self, .push)
    let listController = try #require(list.destination(as: ListController.self))
    weak let editorController = editor.destination(as: EditorController.self)
    #expect(navigator.rootController.viewControllers.map { ObjectIdentifier($0) } == [
      ObjectIdentifier(listController), ObjectIdentifier(try #require(editorController)),
    ])
    try await editor.remove()
    #expect(navigator.rootController.viewControllers.count == 1)
    #expect(editorController == nil, "the editor's view controller is released once it left")
    #expect(navigator.state.stack.map(\.id) == [list.screen.id])
  }

  @Test("the user going back (the navigation controller pops itself) removes the route")
  func userBack() async throws {
    let (navigator, modules, _) = try makeApp()
    _ = try await modules.route(ListController.self, .replaceRoot)
    let editor = try await modules.route(EditorController.self, .push)
    #expect(navigator.rootController.delegate != nil, "the navigator hears the stack")
    _ = navigator.rootController.popViewController(animated: true)
    #expect(await eventually { editor.state == .removed })
    #expect(navigator.state.stack.count == 1)
    #expect(await #expect(throws: NavigationError.self) { try await editor.remove() }?.code == .screenGone)
  }

  @Test("a sheet: presented in its own navigation controller with detents, and pulled down by the user")
  func sheet() async throws {
    let (navigator, modules, _) = try makeApp()
    let list = try await modules.route(ListController.self, .replaceRoot)
    let sheet = try await modules.route(EditorController.self, .sheet)
    let presented = try #require(navigator.rootController.presentedViewController as? UINavigationController)
    #expect(presented.viewControllers.first === sheet.destination(as: EditorController.self))
    #expect(presented.modalPresentationStyle == .pageSheet)
    #expect(presented.sheetPresentationController?.detents.map(\._modelName) == ["medium", "large"])
    let onSheet = try await modules.route(EditorController.self, .push)
    #expect(presented.viewControllers.count == 2, "a sheet has its own stack")
    // The user pulls the sheet down: UIKit dismisses it, then tells the presentation's delegate.
    navigator.rootController.dismiss(animated: true)
    let presentation = try #require(presented.presentationController)
    presentation.delegate?.presentationControllerDidDismiss(presentation)
    #expect(await eventually { sheet.state == .removed && onSheet.state == .removed })
    #expect(navigator.state == NavigationState(stack: [list.screen]))
  }

  @Test("a popover is anchored to its source's view; present styles map to UIKit's; unknown ones are refused")
  func popoverAndStyles() async throws {
    let (navigator, modules, _) = try makeApp()
    let list = try await modules.route(ListController.self, .replaceRoot)
    let popover = try await modules.route(EditorController.self, .popover)
    let shown = try #require(navigator.rootController.presentedViewController)
    #expect(shown === popover.destination(as: EditorController.self))
    #expect(shown.popoverPresentationController?.sourceView === list.destination(as: ListController.self)?.view)
    try await popover.remove()
    #expect(navigator.rootController.presentedViewController == nil)
    let form = try await modules.route(EditorController.self, .present(style: "formSheet"))
    #expect(navigator.rootController.presentedViewController?.modalPresentationStyle == .formSheet)
    try await form.remove()
    let error = await #expect(throws: NavigationError.self) {
      try await modules.route(EditorController.self, .present(style: "sideways"))
    }
    #expect(error?.code == .unsupportedPresentation)
    #expect(error?.message.contains("formSheet") == true)
    #expect(navigator.state.stack.count == 1 && navigator.state.presented == nil, "nothing half applied")
  }

  @Test("custom presentations run the transition the app registered by name, and are refused without one")
  func custom() async throws {
    let (navigator, modules, _) = try makeApp()
    _ = try await modules.route(ListController.self, .replaceRoot)
    let missing = await #expect(throws: NavigationError.self) {
      try await modules.route(EditorController.self, .custom(name: "banner"))
    }
    #expect(missing?.code == .unsupportedPresentation)
    var calls: [String] = []
    navigator.register(
      custom: "banner",
      CustomTransition(
        present: { _, _, _ in calls.append("present") }, dismiss: { _, _ in calls.append("dismiss") }))
    let banner = try await modules.route(EditorController.self, .custom(name: "banner"))
    try await banner.remove()
    #expect(calls == ["present", "dismiss"])
  }

  @Test("addChild: containment into the source, undone by removal")
  func child() async throws {
    let (_, modules, _) = try makeApp()
    let list = try await modules.route(ListController.self, .replaceRoot)
    let child = try await modules.route(EditorController.self, .addChild)
    let parent = try #require(list.destination(as: ListController.self))
    let childController = try #require(child.destination(as: EditorController.self))
    #expect(parent.children.first === childController)
    #expect(childController.view._modelSuperview === parent.view)
    try await child.remove()
    #expect(parent.children.isEmpty)
    #expect(childController.view._modelSuperview == nil)
  }

  @Test("restoring a saved state builds only what is missing, from the module registry")
  func restore() async throws {
    let (navigator, modules, _) = try makeApp()
    let list = try await modules.route(ListController.self, .replaceRoot)
    let saved = NavigationState(
      stack: [list.screen, Screen(id: "Editor#40", target: "Editor", parameters: ["id": "42"])],
      presented: PresentedState(
        presentation: .sheet, source: "Editor#40",
        state: NavigationState(stack: [Screen(id: "Editor#41", target: "Editor", parameters: ["id": "7"])])))
    let listController = try #require(list.destination(as: ListController.self))
    try await navigator.restore(saved)
    #expect(navigator.state == saved)
    #expect(navigator.rootController.viewControllers.first === listController, "the list stays")
    #expect((navigator.rootController.viewControllers.last as? EditorController)?.noteID == 42)
    let sheet = try #require(navigator.rootController.presentedViewController as? UINavigationController)
    #expect((sheet.viewControllers.first as? EditorController)?.noteID == 7)
  }

  @Test("a destination that is not a view controller is a clear error, and changes nothing")
  func unshowable() async throws {
    let (navigator, modules, _) = try makeApp()
    _ = try await modules.route(ListController.self, .replaceRoot)
    let error = await #expect(throws: NavigationError.self) { try await modules.route(NotAController.self, .push) }
    #expect(error?.code == .unshowableDestination)
    #expect(error?.message.contains("NotAController") == true)
    #expect(navigator.state.stack.count == 1)
    #expect(navigator.rootController.viewControllers.count == 1)
  }

  @Test("the app's own navigation delegate is kept behind the navigator's")
  func appDelegateKept() async throws {
    let stack = UINavigationController(nibName: nil, bundle: nil)
    let appDelegate = AppNavigationDelegate()
    stack.delegate = appDelegate
    let navigator = UIKitNavigator(navigationController: stack)
    #expect(stack.delegate !== appDelegate, "the navigator listens")
    #expect(stack.delegate != nil)
    _ = navigator
  }
}

@MainActor
@Suite("SceneLinks against a model of UIKit")
struct SceneLinksModelTests {
  final class Opened: @unchecked Sendable {
    // Safety: written and read on the main actor only (handlers hop there).
    var lines: [String] = []
  }

  @Test("URLs, universal links and notification responses reach the router with their origins")
  func origins() async throws {
    let opened = Opened()
    var builder = RouterBuilder()
    builder.add("notes://note/<int:id>", exposure: .public) { request in
      let line = "\(request.origin.kind) \(try request.int("id"))"
      await MainActor.run { opened.lines.append(line) }
      return 0
    }
    builder.add("https://notes.example/note/<int:id>", exposure: .public) { request in
      let line = "\(request.origin.kind) \(try request.int("id"))"
      await MainActor.run { opened.lines.append(line) }
      return 0
    }
    var failures: [String] = []
    let links = SceneLinks(router: RouterHolder(try builder.build())) { link, error in
      failures.append("\(link): \(error.code)")
    }
    let content = UNNotificationContent(_model: ["link": "notes://note/3"])
    let response = UNNotificationResponse(_model: UNNotification(_model: UNNotificationRequest(_model: content)))
    links.connect(
      UIScene.ConnectionOptions(
        _modelURLContexts: [UIOpenURLContext(_modelURL: URL(string: "notes://note/1")!)],
        activities: [NSUserActivity(_model: URL(string: "https://notes.example/note/2"))], response: response))
    let bare = UNNotificationResponse(
      _model: UNNotification(_model: UNNotificationRequest(_model: UNNotificationContent(_model: ["aps": 1]))))
    links.open(bare)
    links.open([UIOpenURLContext(_modelURL: URL(string: "notes://nowhere")!)])
    #expect(await eventually { opened.lines.count == 3 && failures.count == 2 })
    #expect(Set(opened.lines) == ["external 1", "universalLink 2", "notification 3"])
    #expect(Set(failures) == ["notification: missingLink", "notes://nowhere: notFound"])
  }
}

/// Waits until `condition` holds, letting the main actor run what it scheduled.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<200 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
