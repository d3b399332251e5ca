import Testing
import Waypoint

struct FolderConfiguration: ModuleConfiguration {
  var folder = "All"
}

/// A list with a folder (its configuration) and a folder of its own (set when prepared): a
/// closure `{ $0.folder = … }` could mean either, which is why configuring names its type.
final class FolderList {
  let configured: String
  var folder = ""
  weak var owner: Inbox?
  init(configured: String) { self.configured = configured }
}

/// A parent that makes its child and hands it a reference back.
final class Inbox {
  var list: FolderList?
}

protocol Greeter { func greet() -> String }
struct Hello: Greeter { func greet() -> String { "hello" } }
struct Howdy: Greeter { func greet() -> String { "howdy" } }
protocol Welcomer { func welcome() -> String }
struct GreeterWelcomer: Welcomer {
  let greeter: any Greeter
  func welcome() -> String { greeter.greet() }
}

/// Records every failure, as an app's one global error hook would.
struct FailureRecorder: ModuleObserver {
  let recorder: Recorder
  func failed(_ event: ModuleEvent) {
    recorder.record(
      "\(event.phase.rawValue) \(event.key.name) \(event.target ?? "-"): \(event.error.map { "\($0)" } ?? "?")")
  }
}

struct Broken: Error, CustomStringConvertible {
  var description: String { "broken" }
}

@Suite("Modules: what a client can ask and do")
struct ModuleClientTests {
  func folderRegistry() throws -> ModuleRegistry {
    var builder = ModuleRegistryBuilder()
    builder.register(FolderList.self, configuration: FolderConfiguration.self, target: "List") { _, configuration in
      FolderList(configured: configuration.folder)
    }
    builder.register(Inbox.self, target: "Inbox") { resolver in
      let inbox = Inbox()
      inbox.list = try resolver.make(FolderList.self) { list in list.owner = inbox }
      return inbox
    }
    builder.restrict(Inbox.self, to: [.replaceRoot, .push])
    return try builder.build()
  }

  @Test("configuring names the configuration's type; a bare closure prepares the module; both compile")
  func configureOrPrepare() throws {
    let registry = try folderRegistry()
    let configured = try registry.make(FolderList.self, configuration: FolderConfiguration.self) { $0.folder = "Inbox" }
    #expect(configured.configured == "Inbox" && configured.folder == "")
    let prepared = try registry.make(FolderList.self) { $0.folder = "Inbox" }
    #expect(prepared.configured == "All" && prepared.folder == "Inbox")
    let both = try registry.make(FolderList.self, configuration: FolderConfiguration.self) {
      $0.folder = "Work"
    } prepare: {
      $0.folder = "mine"
    }
    #expect(both.configured == "Work" && both.folder == "mine")
  }

  @Test("a factory hands the dependency it makes a reference back to the module being made")
  func backReference() throws {
    let inbox = try folderRegistry().make(Inbox.self)
    #expect(inbox.list?.owner === inbox)
    #expect(inbox.list?.configured == "All")
  }

  @Test("the registry says which targets it has and which presentations a module supports")
  func questions() throws {
    let registry = try folderRegistry()
    #expect(registry.targets == ["Inbox", "List"])
    #expect(registry.contains(target: "Inbox") && !registry.contains(target: "Outbox"))
    #expect(registry.presentations(of: Inbox.self) == [.replaceRoot, .push])
    #expect(registry.presentations(of: FolderList.self) == Set(Presentation.Kind.allCases))
  }

  @Test("the resolver names the module being made; events name who asked")
  func names() throws {
    let recorder = Recorder()
    var builder = ModuleRegistryBuilder()
    builder.register(Hello.self) { resolver in
      recorder.record("making \(resolver.module.name)")
      return Hello()
    }
    builder.register(GreeterWelcomer.self) { resolver in GreeterWelcomer(greeter: try resolver.make(Hello.self)) }
    builder.observe(MakeRecorder(recorder: recorder))
    _ = try builder.build().make(GreeterWelcomer.self)
    #expect(
      recorder.all == [
        "will GreeterWelcomer by caller", "will Hello by GreeterWelcomer", "making Hello", "did Hello",
        "did GreeterWelcomer",
      ])
  }
}

@Suite("Modules: registration errors found by build()")
struct RegistrationCheckTests {
  @Test("a URL binding of another configuration type than the module's is a build error naming both")
  func bindingType() throws {
    var builder = ModuleRegistryBuilder()
    builder.register(FolderList.self, configuration: FolderConfiguration.self) { _, _ in FolderList(configured: "") }
    builder.register(Counter.self) { _ in Counter(0) }
    builder.bind(FolderList.self, configuration: EditorConfiguration.self) { _, _ in }
    builder.bind(Counter.self, configuration: FolderConfiguration.self) { _, _ in }
    let error = #expect(throws: BuildError.self) { _ = try builder.build() }
    let problems = error?.errors(as: ModuleError.self) ?? []
    #expect(problems.map(\.code) == [.typeMismatch, .typeMismatch])
    #expect(
      problems.map(\.message) == [
        "the URL binding of 'Counter' fills FolderConfiguration, but the module is registered with NoConfiguration",
        "the URL binding of 'FolderList' fills EditorConfiguration, but the module is registered with FolderConfiguration",
      ])
  }

  @Test("two adapters for one required interface is a build error naming both")
  func twoAdaptees() throws {
    var builder = ModuleRegistryBuilder()
    builder.register(Hello.self) { _ in Hello() }
    builder.register(Howdy.self) { _ in Howdy() }
    builder.adapt((any Greeter).self, to: Hello.self) { $0 }
    builder.adapt((any Greeter).self, to: Howdy.self) { $0 }
    let error = #expect(throws: BuildError.self) { _ = try builder.build() }
    #expect(error?.module?.code == .duplicateRegistration)
    #expect(error?.module?.message == "'Greeter' is adapted twice, to 'Hello' and to 'Howdy'; keep one")
  }

  @Test("a binding or a restriction for a module that is not registered is a build error")
  func unknownKeys() throws {
    var builder = ModuleRegistryBuilder()
    builder.register(Hello.self) { _ in Hello() }
    builder.adapt((any Greeter).self, to: Hello.self) { $0 }
    builder.restrict((any Greeter).self, to: [.push])
    builder.restrict(Howdy.self, to: [.push])
    builder.bind((any Greeter).self, configuration: NoConfiguration.self) { _, _ in }
    let error = #expect(throws: BuildError.self) { _ = try builder.build() }
    #expect(
      error?.errors(as: ModuleError.self).map(\.message) == [
        "presentations are restricted for 'Howdy', which is not registered",
        "a URL binding fills 'Greeter', which is not registered (bindings need a registered module)",
      ])
  }
}

@MainActor
@Suite("Modules: failures reach a hook")
struct FailureHookTests {
  @Test("one observer for all modules sees making, performing and removing fail, with error, key and target")
  func everyFailure() async throws {
    let recorder = Recorder()
    let navigator = HeadlessNavigator()
    var builder = ModuleRegistryBuilder()
    builder.observe(FailureRecorder(recorder: recorder))
    builder.register(ListScreen.self, target: "NoteList") { _ in ListScreen() }
    builder.register(Counter.self, target: "Broken") { _ in throw Broken() }
    builder.register(Hello.self) { _ in Hello() }
    builder.register(GreeterWelcomer.self) { resolver in GreeterWelcomer(greeter: try resolver.make(Howdy.self)) }
    builder.restrict(ListScreen.self, to: [.replaceRoot, .push])
    let modules = ScreenCoordinator(registry: try builder.build(), navigator: navigator)
    let root = try await modules.show(ListScreen.self, .replaceRoot)
    _ = try? await modules.show(target: "Broken", .push)
    _ = try? modules.registry.make(GreeterWelcomer.self)
    _ = try? await modules.show(ListScreen.self, .sheet)
    _ = try? await modules.show(Hello.self, .push, from: "Gone#7")
    navigator.transitionDuration = .milliseconds(100)
    let pushing = Task { try await modules.show(Hello.self, .push) }
    try await Task.sleep(for: .milliseconds(20))
    _ = try? await root.remove()
    _ = try await pushing.value
    #expect(
      recorder.all == [
        "failedToMake Counter Broken: factoryFailed: the factory of 'Counter' failed: broken",
        "failedToMake Howdy -: notRegistered: no module is registered for 'Howdy' (asked by GreeterWelcomer)",
        "failedToMake GreeterWelcomer -: notRegistered: no module is registered for 'Howdy' (asked by GreeterWelcomer)",
        "failedToShow ListScreen NoteList: unsupportedPresentation: 'ListScreen' supports push, replaceRoot, not sheet",
        "failedToShow Hello -: invalidSource: the source 'Gone#7' is not on screen",
        "failedToRemove ListScreen NoteList: unbalancedTransition: a change cannot start while another transition "
          + "is in flight",
      ])
  }
}

@MainActor
@Suite("Modules: presentations asked for by a request")
struct RequestPresentationTests {
  func router(_ modules: ScreenCoordinator) throws -> Router {
    var builder = RouterBuilder()
    modules.registerTargets(in: &builder)
    builder.add(
      try RouteManifest(
        json: #"{"routes": [{"pattern": "notes://list", "target": "NoteList", "presentation": "push"}]}"#))
    return try builder.build()
  }

  @Test("a request's presentation extra overrides the route's; an unknown one is an error naming it, never a push")
  func extras() async throws {
    let modules = try countingModules().0
    let router = try router(modules)
    _ = try await modules.show(ListScreen.self, .replaceRoot)
    let sheet = try await router.open("notes://list", extras: ["presentation": "sheet"]).value(as: ShownModule.self)
    #expect(sheet.presentation == .sheet)
    try await sheet.remove()
    let typed = try await router.open("notes://list", extras: ["presentation": Presentation.fullScreen])
    #expect(try typed.value(as: ShownModule.self).presentation == .fullScreen)
    let before = modules.navigator.state
    let unknown = await #expect(throws: RoutingError.self) {
      _ = try await router.open("notes://list", extras: ["presentation": "sideways"])
    }
    let cause = unknown?.underlying as? NavigationError
    #expect(cause?.code == .unknownPresentation)
    #expect(cause?.message.hasPrefix("unknown presentation 'sideways' (known: addChild, fullScreen") == true)
    let wrongType = await #expect(throws: RoutingError.self) {
      _ = try await router.open("notes://list", extras: ["presentation": 3])
    }
    #expect((wrongType?.underlying as? NavigationError)?.code == .unknownPresentation)
    #expect(modules.navigator.state == before)
  }
}
