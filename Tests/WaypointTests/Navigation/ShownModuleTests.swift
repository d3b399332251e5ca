import Testing
import Waypoint

final class ListScreen {}
final class EditorScreen {
  var title = ""
}

struct EditorConfiguration: ModuleConfiguration {
  @Required var noteID: Int?
  var mode = "read"
}

struct PhaseRecorder: ModuleObserver {
  let recorder: Recorder
  func willMake(_ event: ModuleEvent) { recorder.record("willMake \(event.key.name)") }
  func didMake(_ event: ModuleEvent) { recorder.record("didMake \(event.key.name)") }
  func observe(_ event: ModuleEvent) { recorder.record("\(event.phase.rawValue) \(event.key.name)") }
  func failed(_ event: ModuleEvent) { recorder.record("\(event.phase.rawValue) \(event.key.name)") }
}

/// The note list (`NoteList`) and the editor (`NoteEditor`, titled from its configuration).
func registerNoteScreens(in builder: inout ModuleRegistryBuilder) {
  builder.register(ListScreen.self, target: "NoteList") { _ in ListScreen() }
  builder.register(EditorScreen.self, configuration: EditorConfiguration.self, target: "NoteEditor") {
    _, configuration in
    let editor = EditorScreen()
    editor.title = "note \(configuration.noteID ?? 0) \(configuration.mode)"
    return editor
  }
}

@MainActor
func makeModules(_ recorder: Recorder = Recorder(), navigator: any Navigator = HeadlessNavigator()) throws
  -> ScreenCoordinator
{
  var builder = ModuleRegistryBuilder()
  builder.observe(PhaseRecorder(recorder: recorder))
  registerNoteScreens(in: &builder)
  builder.bind(EditorScreen.self, configuration: EditorConfiguration.self) { request, configuration in
    configuration.noteID = try request.int("id")
    configuration.mode = request["mode"] ?? "read"
  }
  builder.restrict(EditorScreen.self, to: [.push, .sheet, .replaceRoot, .show])
  return ScreenCoordinator(registry: try builder.build(), navigator: navigator)
}

@MainActor
@Suite("Shown modules")
struct ShownModuleTests {
  @Test("perform → routed, remove → removed, with the inverse of what was done")
  func lifecycle() async throws {
    let modules = try makeModules()
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    let editor = try await modules.show(
      EditorScreen.self, .push, parameters: ["id": "42"], configuration: EditorConfiguration.self
    ) { $0.noteID = 42 }
    #expect(list.state == .shown && editor.state == .shown)
    #expect(editor.parameters == ["id": "42"])
    #expect(editor.destination(as: EditorScreen.self)?.title == "note 42 read")
    #expect(modules.navigator.state.stack.map(\.id) == ["NoteList#1", "NoteEditor#2"])
    #expect(editor.canRemove)
    try await editor.remove()
    #expect(editor.state == .removed)
    #expect(modules.navigator.state.stack.map(\.id) == ["NoteList#1"])
    try await editor.show()
    #expect(editor.state == .shown)
    #expect(modules.navigator.state.stack.map(\.id) == ["NoteList#1", "NoteEditor#2"])
  }

  @Test("a presented module is dismissed and a new root restores the previous one, without the caller knowing which")
  func inverse() async throws {
    let modules = try makeModules()
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let before = modules.navigator.state
    let sheet = try await modules.show(target: "NoteList", .sheet)
    #expect(modules.navigator.state.presented?.presentation == .sheet)
    try await sheet.remove()
    #expect(modules.navigator.state == before)
    let root = try await modules.show(target: "NoteList", .replaceRoot)
    #expect(modules.navigator.state.stack.map(\.id) == ["NoteList#3"], "numbers are never reused")
    try await root.remove()
    #expect(modules.navigator.state == before)
    #expect(!sheet.canRemove)
  }

  @Test("state-machine errors: perform twice, remove before perform or twice, remove after the screen is gone")
  func errors() async throws {
    let modules = try makeModules()
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    let twice = await #expect(throws: NavigationError.self) { try await list.show() }
    #expect(twice?.code == .alreadyShown)
    let pushed = try await modules.show(target: "NoteList", .push)
    try await pushed.remove()
    #expect(await #expect(throws: NavigationError.self) { try await pushed.remove() }?.code == .notShown)
    let again = try await modules.show(target: "NoteList", .push)
    _ = try await modules.show(target: "NoteList", .replaceRoot)
    #expect(!again.canRemove)
    #expect(await #expect(throws: NavigationError.self) { try await again.remove() }?.code == .screenGone)
    #expect(again.state == .removed)
  }

  @Test("a route performed while routing is inTransition; a transition during another is unbalancedTransition")
  func inFlight() async throws {
    let navigator = HeadlessNavigator()
    let modules = try makeModules(navigator: navigator)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    navigator.transitionDuration = .milliseconds(100)
    let slow = Task { try await modules.show(target: "NoteList", .push) }
    try await Task.sleep(for: .milliseconds(20))
    let unbalanced = await #expect(throws: NavigationError.self) {
      _ = try await modules.show(target: "NoteList", .sheet)
    }
    #expect(unbalanced?.code == .unbalancedTransition, "a second transition started while one was in flight")
    let route = try await slow.value
    navigator.transitionDuration = .milliseconds(100)
    let removing = Task { try await route.remove() }
    try await Task.sleep(for: .milliseconds(20))
    #expect(route.state == .removing)
    let over = await #expect(throws: NavigationError.self) { try await route.show() }
    #expect(over?.code == .inTransition)
    try await removing.value
    #expect(route.state == .removed)
  }

  @Test("unsupported presentations and invalid sources are refused before anything is shown")
  func refused() async throws {
    let recorder = Recorder()
    let modules = try makeModules(recorder)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let popover = await #expect(throws: NavigationError.self) {
      _ = try await modules.show(EditorScreen.self, .popover, configuration: EditorConfiguration.self) {
        $0.noteID = 1
      }
    }
    #expect(popover?.code == .unsupportedPresentation)
    #expect(popover?.message == "'EditorScreen' supports push, replaceRoot, sheet, show, not popover")
    let nowhere = await #expect(throws: NavigationError.self) {
      _ = try await modules.show(ListScreen.self, .push, from: "Nowhere#9")
    }
    #expect(nowhere?.code == .invalidSource)
    #expect(modules.navigator.state.stack.count == 1)
  }

  @Test("observers see make, then perform, then remove, in order")
  func observerOrder() async throws {
    let recorder = Recorder()
    let modules = try makeModules(recorder)
    let list = try await modules.show(ListScreen.self, .replaceRoot)
    try await list.remove()
    #expect(
      recorder.all == [
        "willMake ListScreen", "didMake ListScreen", "willShow ListScreen", "didShow ListScreen",
        "willRemove ListScreen", "didRemove ListScreen",
      ])
  }

  @Test("an unregistered key sends its failure as the lone make event, and an instance of one is not shown")
  func unregistered() async throws {
    let recorder = Recorder()
    let modules = try makeModules(recorder)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let before = recorder.all.count
    let unknown = await #expect(throws: NavigationError.self) { _ = try await modules.show(String.self, .push) }
    #expect(unknown?.code == .moduleFailed)
    #expect(unknown?.underlying?.code == .notRegistered, "the registry's error, whole")
    #expect(Array(recorder.all.dropFirst(before)) == ["failedToMake String"], "no willMake for what nothing can make")
    let refused = await #expect(throws: NavigationError.self) {
      _ = try await modules.show("a string", as: String.self, .push)
    }
    #expect(refused?.underlying?.code == .notRegistered)
    #expect(modules.navigator.state.stack.count == 1, "nothing was shown")
    #expect(
      Array(recorder.all.dropFirst(before + 1)) == ["failedToShow String"],
      "the observers hear the refused instance too: its key is known")
  }

  @Test("a refusal by a shown module's own state, or of a link's presentation, reaches the observers alone")
  func loneRefusals() async throws {
    let recorder = Recorder()
    let modules = try makeModules(recorder)
    let router = try linkRouter(modules)
    _ = try await router.open("notes://home")
    let editor = try await router.open("notes://note/1").value(as: ShownModule.self)
    let count = recorder.all.count
    await #expect(throws: NavigationError.self) { try await editor.show() }
    #expect(Array(recorder.all.dropFirst(count)) == ["failedToShow EditorScreen"])
    await #expect(throws: RoutingError.self) {
      _ = try await router.open("notes://note/2", extras: ["presentation": "sideways"])
    }
    #expect(Array(recorder.all.dropFirst(count + 1)) == ["failedToShow EditorScreen"])
    #expect(unbalancedEvents(recorder.all).isEmpty)
  }
}
