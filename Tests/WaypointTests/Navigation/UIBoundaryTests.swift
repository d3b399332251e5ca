import Foundation
import Testing
import Waypoint
import WaypointAdapterSupport

/// A navigator that keeps the transitions it was handed, as one over real views would use them.
@MainActor
final class HandedNavigator: RebuildingNavigator {
  let inner = HeadlessNavigator()
  var transitions: [NavigationTransition] = []
  weak var destinationSource: (any DestinationSource)?
  var state: NavigationState { inner.state }

  func apply(_ transition: NavigationTransition) async throws(NavigationError) -> NavigationChange {
    transitions.append(transition)
    return try await inner.show(transition)
  }

  func revert(_ change: NavigationChange) async throws(NavigationError) { try await inner.carryOut(removing: change) }

  func reconcile(_ edit: NavigationEdit) throws(NavigationError) -> [Screen] { try inner.reconcile(edit) }

  func restore(_ target: NavigationState) { inner.showAtOnce(target) }
}

@MainActor
@Suite("The boundary to a real UI")
struct UIBoundaryTests {
  @Test("the made destination travels beside the screen to the navigator, and is not encoded")
  func destinationReachesNavigator() async throws {
    let navigator = HandedNavigator()
    let (modules, _) = try countingModules(navigator: navigator)
    #expect(navigator.destinationSource === modules, "a module navigator is the source of a navigator that rebuilds")
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let counter = try await modules.show(Counter.self, .push)
    let handed = try #require(navigator.transitions.last?.destination?.value(as: Counter.self))
    #expect(handed === counter.destination(as: Counter.self))
    #expect(navigator.transitions.last?.destination?.value(as: ListScreen.self) == nil)
    let json = String(decoding: try JSONEncoder().encode(navigator.state), as: UTF8.self)
    #expect(!json.contains("destination") && json.contains("Counted#2"))
  }

  @Test("a navigator rebuilds a screen in one call: by its target (a type name if none), bound from its parameters")
  func rebuild() throws {
    let modules = try makeModules()
    let editor = Screen(id: "NoteEditor#9", target: "NoteEditor", parameters: ["id": "42", "mode": "edit"])
    #expect(try modules.destination(for: editor).value(as: EditorScreen.self)?.title == "note 42 edit")
    let (counting, _) = try countingModules()
    #expect(
      try counting.destination(for: Screen(id: "ValueScreen#1", target: "ValueScreen")).value(as: ValueScreen.self)
        == ValueScreen())
    let error = try #require(throws: ModuleError.self) {
      try modules.destination(for: Screen(id: "X#1", target: "Nope"))
    }
    #expect(error.code == .notRegistered)
    let unbound = try #require(throws: ModuleError.self) {
      try modules.destination(for: Screen(id: "NoteEditor#2", target: "NoteEditor", parameters: ["id": "forty"]))
    }
    #expect(unbound.code == .bindingFailed)
    let linked = Screen(
      id: "NoteEditor#3", target: "NoteEditor", parameters: ["id": "7"], link: "notes://note/7?mode=edit")
    #expect(
      try modules.destination(for: linked).value(as: EditorScreen.self)?.title == "note 7 edit",
      "a screen a link opened is bound from that link: its query too")
    let garbled = Screen(id: "NoteEditor#4", target: "NoteEditor", parameters: ["id": "8"], link: "not a link %zz")
    #expect(
      try modules.destination(for: garbled).value(as: EditorScreen.self)?.title == "note 8 read",
      "a saved link that does not parse is not trusted: the screen is bound from its parameters")
  }

  @Test("a screen keeps the link that opened it, through JSON, and states saved without links still read")
  func screenLinks() async throws {
    let modules = try makeModules()
    let router = try linkRouter(modules)
    _ = try await router.open("notes://home")
    let editor = try await router.open("notes://note/42?mode=edit").value(as: ShownModule.self)
    #expect(editor.screen.link == "notes://note/42?mode=edit")
    #expect(modules.navigator.state.stack[0].link == "notes://home")
    let json = try JSONEncoder().encode(modules.navigator.state)
    #expect(try JSONDecoder().decode(NavigationState.self, from: json) == modules.navigator.state)
    let old = #"{"stack": [{"id": "List#1", "target": "NoteList"}]}"#
    #expect(try JSONDecoder().decode(NavigationState.self, from: Data(old.utf8)).stack[0].link == nil)
  }

  /// The change a user makes to take away a screen shown with `presentation`.
  private func userRemoval(of route: ShownModule, under root: ShownModule) -> NavigationEdit {
    switch route.presentation.kind {
    case .push, .show: return .poppedTo(screen: root.screen.id)
    case .addChild: return .removedChild(screen: route.screen.id)
    case .showDetail: return .replacedDetail(level: 0, screen: nil)
    case .replaceRoot: return .restored(NavigationState())
    default: return .dismissed(screen: route.screen.id)
    }
  }

  @Test(
    "a screen the user took away makes its route removed, with one didRemove, for every presentation",
    arguments: [
      Presentation.push, .present(style: "formSheet"), .sheet, .popover, .fullScreen, .replaceRoot, .addChild, .show,
      .showDetail, .custom(name: "banner"),
    ])
  func userRemovesEveryPresentation(_ presentation: Presentation) async throws {
    let recorder = Recorder()
    let (modules, _) = try countingModules(recorder)
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    let shown = try await modules.show(Counter.self, presentation)
    let gone = try modules.reconcile(userRemoval(of: shown, under: list))
    #expect(gone.map(\.id).contains(shown.screen.id))
    #expect(shown.state == .removed, "at once, not on the next turn")
    #expect(!modules.navigator.state.contains(shown.screen.id))
    #expect(recorder.all.filter { $0 == "didRemove Counter" }.count == 1)
    #expect(await #expect(throws: NavigationError.self) { try await shown.remove() }?.code == .screenGone)
    #expect(recorder.all.filter { $0 == "didRemove Counter" }.count == 1, "a failed remove sends nothing more")
    #expect(unbalancedEvents(recorder.all).isEmpty)
    #expect(shown.destination(as: Counter.self) == nil, "nothing keeps a class destination after it left")
  }

  @Test("reported on the navigator alone, the change reaches the routes through observation")
  func reportedOnNavigator() async throws {
    let (modules, _) = try countingModules()
    let navigator = try #require(modules.navigator as? HeadlessNavigator)
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    let pushed = try await modules.show(Counter.self, .push)
    try navigator.reconcile(.poppedTo(screen: list.screen.id))
    #expect(await eventually { pushed.state == .removed })
    #expect(navigator.log.last == "reconcile poppedTo \(list.screen.id)")
  }

  @Test("a headless navigator keeps only its last logLimit log entries, not every change of a long-running app")
  func boundedLog() async throws {
    let navigator = HeadlessNavigator()
    navigator.logLimit = 3
    _ = try await navigator.show(NavigationTransition(.replaceRoot, screen: Screen(id: "List#1", target: "List")))
    for number in 2...6 {
      _ = try await navigator.show(NavigationTransition(.push, screen: Screen(id: "Item#\(number)", target: "Item")))
    }
    #expect(navigator.log == ["push Item#4", "push Item#5", "push Item#6"])
  }

  @Test("dismissing a sheet with its own stack and a popover over it removes all three routes, each once")
  func nestedDismissal() async throws {
    let recorder = Recorder()
    let (modules, _) = try countingModules(recorder)
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    let sheet = try await modules.show(Counter.self, .sheet)
    let onSheet = try await modules.show(Counter.self, .push)
    let popover = try await modules.show(Counter.self, .popover)
    #expect(modules.navigator.state.levels.count == 3)
    var only = modules.navigator.state
    try only.reconcile(.dismissed(screen: popover.screen.id))
    #expect(only.levels.count == 2, "dismissing the popover alone leaves the sheet")
    let gone = try modules.reconcile(.dismissed(screen: onSheet.screen.id))
    #expect(Set(gone.map(\.id)) == [sheet.screen.id, onSheet.screen.id, popover.screen.id])
    #expect([sheet, onSheet, popover].allSatisfy { $0.state == .removed })
    #expect(list.state == .shown)
    #expect(modules.navigator.state == NavigationState(stack: [list.screen]))
    #expect(recorder.all.filter { $0 == "didRemove Counter" }.count == 3)
    #expect(unbalancedEvents(recorder.all).isEmpty)
  }

  @Test("a stack replaced by the UI: screens that left are removed, new ones are taken in, an empty one dismisses")
  func replacedStack() async throws {
    let (modules, _) = try countingModules()
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    let first = try await modules.show(Counter.self, .push)
    let second = try await modules.show(Counter.self, .push)
    let added = Screen(id: "Counted#90", target: "Counted")
    try modules.reconcile(.replacedStack(level: 0, stack: [list.screen, second.screen, added]))
    #expect(first.state == .removed)
    #expect(second.state == .shown, "a screen still in the stack keeps its route")
    #expect(modules.navigator.state.stack.map(\.id) == [list.screen.id, second.screen.id, "Counted#90"])
    let sheet = try await modules.show(Counter.self, .sheet)
    try modules.reconcile(.replacedStack(level: 1, stack: []))
    #expect(sheet.state == .removed)
    #expect(modules.navigator.state.presented == nil)
  }

  @Test("a change about what the state does not hold is refused, naming it, and changes nothing")
  func badEdits() async throws {
    let (modules, _) = try countingModules()
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    let pushed = try await modules.show(Counter.self, .push)
    let before = modules.navigator.state
    let edits: [(NavigationEdit, String)] = [
      (.poppedTo(screen: "Nope#1"), "Nope#1"), (.dismissed(screen: list.screen.id), list.screen.id),
      (.replacedStack(level: 4, stack: []), "level 4"), (.removedChild(screen: "Nope#2"), "Nope#2"),
      (.replacedStack(level: 0, stack: [list.screen, list.screen]), "two screens with one id"),
    ]
    for (edit, named) in edits {
      let error = try #require(throws: NavigationError.self) { try modules.reconcile(edit) }
      #expect(error.code == .invalidEdit)
      #expect(error.message.contains(named), "\(error.message)")
      #expect(modules.navigator.state == before)
    }
    #expect(pushed.state == .shown)
  }
}

@Suite("What apps really receive")
struct EntryPointTests {
  private func router(_ recorder: Recorder) throws -> Router {
    var builder = RouterBuilder()
    builder.add("notes://note/<int:id>", exposure: .public) { request in
      recorder.record("\(request.origin) \(try request.int("id"))")
      return try request.int("id")
    }
    builder.add("notes://admin", exposure: .internal) { _ in "admin" }
    return try builder.build()
  }

  @Test("a Foundation URL opens and answers canOpen as its string does")
  func foundationURL() async throws {
    let recorder = Recorder()
    let router = try router(recorder)
    let url = try #require(URL(string: "notes://note/42"))
    #expect(try await router.open(url).value(as: Int.self) == 42)
    #expect(router.canOpen(url))
    #expect(!router.canOpen(try #require(URL(string: "notes://admin")), origin: .external()))
    let holder = RouterHolder(router)
    #expect(try await holder.router.open(url, origin: .universalLink).value(as: Int.self) == 42)
    #expect(recorder.all == ["internal 42", "universalLink 42"])
  }

  @Test("a notification's link opens from outside, under the key the app names")
  func notification() async throws {
    let recorder = Recorder()
    let router = try router(recorder)
    let payload: [AnyHashable: Any] = ["aps": ["alert": "New note"], "link": "notes://note/7"]
    #expect(try await router.openNotification(payload).value(as: Int.self) == 7)
    let custom: [AnyHashable: Any] = ["deepLink": try #require(URL(string: "notes://note/8"))]
    #expect(try await router.openNotification(custom, key: "deepLink").value(as: Int.self) == 8)
    #expect(recorder.all == ["notification 7", "notification 8"])
    let internalOnly = await #expect(throws: RoutingError.self) {
      try await router.openNotification(["link": "notes://admin"])
    }
    #expect(internalOnly?.code == .notFound, "a notification is an external origin")
  }

  @Test("a payload without a link is a clear error naming the key and what the payload has")
  func badPayloads() async throws {
    let router = try router(Recorder())
    let cases: [([AnyHashable: Any], String)] = [
      (["aps": ["alert": "x"], "id": 3], "no link under 'link' (its keys: aps, id)"),
      ([:], "no link under 'link' (it has no keys)"),
      (["link": 42], "'link' is a Int, not a link"),
      (["link": ""], "no link under 'link'"),
    ]
    for (payload, message) in cases {
      let error = await #expect(throws: RoutingError.self) { try await router.openNotification(payload) }
      #expect(error?.code == .missingLink)
      #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }
  }
}

@MainActor
final class MainActorScreen {}

@Suite("Screens made on the main actor")
struct MainActorScreenTests {
  @Test("registerScreen makes on the main actor through the module navigator, and refuses other threads")
  @MainActor
  func mainActorOnly() async throws {
    var builder = ModuleRegistryBuilder()
    builder.registerScreen(MainActorScreen.self, target: "Main") { _ in MainActorScreen() }
    let modules = ScreenCoordinator(registry: try builder.build(), navigator: HeadlessNavigator())
    let route = try await modules.show(MainActorScreen.self, .replaceRoot)
    #expect(route.destination(as: MainActorScreen.self) != nil)
    #expect(try modules.destination(for: route.screen).value(as: MainActorScreen.self) != nil)
    let registry = modules.registry
    let task = Task.detached { () -> ModuleError? in
      do throws(ModuleError) {
        _ = try registry.make(target: "Main", as: MainActorScreen.self)
        return nil
      } catch {
        return error
      }
    }
    let error = await task.value
    #expect(error?.code == .notOnMainActor)
  }
}

@MainActor
@Suite("A screen's one identity")
struct ScreenIdentityTests {
  @Test("a screen is made again by its target alone, from its own link or its own values, never from an invented URL")
  func rebuiltByTarget() throws {
    var builder = ModuleRegistryBuilder()
    let seen = Recorder()
    builder.registerScreen(EditorScreen.self, configuration: EditorConfiguration.self, target: "NoteEditor") { _, _ in
      EditorScreen()
    }
    builder.bind(EditorScreen.self, configuration: EditorConfiguration.self) { request, configuration in
      seen.record(request.url.string)
      configuration.noteID = try request.int("id")
    }
    builder.registerScreen(ListScreen.self) { _ in ListScreen() }
    let modules = ScreenCoordinator(registry: try builder.build(), navigator: HeadlessNavigator())
    _ = try modules.destination(for: Screen(id: "NoteEditor#1", target: "NoteEditor", parameters: ["id": "4"]))
    _ = try modules.destination(
      for: Screen(id: "NoteEditor#2", target: "NoteEditor", parameters: ["id": "5"], link: "notes://note/5"))
    #expect(seen.all == ["", "notes://note/5"], "no screen is bound from a URL it did not come from")
    #expect(
      try modules.destination(for: Screen(id: "ListScreen#3", target: "ListScreen")).value(as: ListScreen.self) != nil,
      "a module registered without a target is named by its type, and that name is its screens' target")
    let error = try #require(throws: ModuleError.self) {
      try modules.destination(for: Screen(id: "EditorScreen#4", target: "EditorScreen", parameters: ["id": "1"]))
    }
    #expect(error.code == .notRegistered, "a module with a target is never found by its type name")
  }
}
