import Synchronization
import Testing
import Waypoint

@Suite("Module registry: making modules")
struct ModuleRegistryTests {
  @Test("a protocol key or a concrete type gives the destination typed as the key")
  func make() throws {
    var builder = ModuleRegistryBuilder()
    builder.register((any LoginService).self) { _ in FakeLoginService(accepts: true) }
    builder.register(Counter.self) { _ in Counter(1) }
    let registry = try builder.build()
    let service: any LoginService = try registry.make((any LoginService).self)
    #expect(service.signIn("ann"))
    #expect(try registry.make(Counter.self).number == 1)
    #expect(registry.contains((any LoginService).self))
    #expect(!registry.contains(String.self))
  }

  @Test("an unregistered key is notRegistered, naming the key and who asked")
  func notRegistered() throws {
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self) { resolver in
      _ = try resolver.make((any LoginService).self)
      return Counter(0)
    }
    let registry = try builder.build()
    let direct = #expect(throws: ModuleError.self) { _ = try registry.make(String.self) }
    #expect(direct?.code == .notRegistered)
    #expect(direct?.message == "no module is registered for 'String'")
    let nested = #expect(throws: ModuleError.self) { _ = try registry.make(Counter.self) }
    #expect(nested?.message == "no module is registered for 'LoginService' (asked by Counter)")
  }

  @Test("lookups by target return the requested type, Sendable or not")
  func targets() throws {
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self, target: "Counter") { _ in Counter(5) }
    builder.register((any LoginService).self, target: "Login") { _ in FakeLoginService(accepts: false) }
    builder.register(NotSendableView.self, target: "View") { _ in NotSendableView() }
    let registry = try builder.build()
    #expect(try registry.make(target: "Counter", as: Counter.self).number == 5)
    #expect(try !registry.make(target: "Login", as: (any LoginService).self).signIn("x"))
    #expect(try registry.make(target: "View", as: NotSendableView.self).title == "view")
    #expect(
      #expect(throws: ModuleError.self) { _ = try registry.make(target: "Counter", as: String.self) }?.code
        == .typeMismatch)
    let unknown = #expect(throws: ModuleError.self) { _ = try registry.make(target: "Nope", as: Counter.self) }
    #expect(unknown?.code == .notRegistered)
    #expect(unknown?.module == "Nope")
  }

  @Test("a factory error is factoryFailed naming the key; a ModuleError passes through")
  func factoryFailed() throws {
    struct Broken: Error {}
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self) { _ in throw Broken() }
    builder.register(String.self) { _ in throw ModuleError(.missingConfiguration, "no strings today") }
    let registry = try builder.build()
    let failed = #expect(throws: ModuleError.self) { _ = try registry.make(Counter.self) }
    #expect(failed?.code == .factoryFailed)
    #expect(failed?.message.hasPrefix("the factory of 'Counter' failed") == true)
    #expect(#expect(throws: ModuleError.self) { _ = try registry.make(String.self) }?.message == "no strings today")
  }
}

@Suite("Module registry: configuration")
struct ModuleConfigurationTests {
  struct EditorConfiguration: ModuleConfiguration {
    @Required var noteID: Int?
    @Required var folder: String?
    var mode = "read"
  }

  struct Editor: Sendable, Equatable {
    let noteID: Int
    let folder: String
    let mode: String
  }

  func registry() throws -> ModuleRegistry {
    var builder = ModuleRegistryBuilder()
    builder.register(Editor.self, configuration: EditorConfiguration.self) { _, configuration in
      Editor(
        noteID: try configuration.require(\.noteID, "noteID"), folder: try configuration.require(\.folder, "folder"),
        mode: configuration.mode)
    }
    return try builder.build()
  }

  @Test("the caller fills the configuration; defaults stay")
  func filled() throws {
    let editor = try registry().make(Editor.self, configuration: EditorConfiguration.self) {
      $0.noteID = 42
      $0.folder = "inbox"
    }
    #expect(editor == Editor(noteID: 42, folder: "inbox", mode: "read"))
  }

  @Test("a missing required value is missingConfiguration naming every missing value, before the factory runs")
  func missing() throws {
    let registry = try registry()
    let error = #expect(throws: ModuleError.self) {
      _ = try registry.make(Editor.self, configuration: EditorConfiguration.self) { $0.mode = "edit" }
    }
    #expect(error?.code == .missingConfiguration)
    #expect(error?.message.contains("needs 'noteID', 'folder' in its configuration") == true)
    let message = error?.message ?? ""
    #expect(
      message.contains("make(_:configuration:_:)") && !message.contains("make(_:configure:)"),
      "the message names the call that exists")
    #expect(#expect(throws: ModuleError.self) { _ = try registry.make(Editor.self) }?.code == .missingConfiguration)
    #expect(EditorConfiguration().missingValues() == ["noteID", "folder"])
  }

  @Test("configuring with another configuration type is typeMismatch")
  func wrongType() throws {
    let error = #expect(throws: ModuleError.self) {
      _ = try registry().make(Editor.self, configuration: NoConfiguration.self) { _ in }
    }
    #expect(error?.code == .typeMismatch)
  }
}

@Suite("Module registry: scopes")
struct ModuleScopeTests {
  @Test("transient makes a new instance each time; shared makes one")
  func transientAndShared() throws {
    let tally = Tally()
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self) { _ in Counter(tally.increment()) }
    builder.register(String.self, scope: .shared) { _ in "shared \(tally.increment())" }
    let registry = try builder.build()
    #expect(try registry.make(Counter.self) !== registry.make(Counter.self))
    #expect(try registry.make(String.self) == registry.make(String.self))
  }

  @Test("concurrent first use of a shared module creates it exactly once")
  func sharedOnce() async throws {
    let tally = Tally()
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self, scope: .shared) { resolver in
      Counter(tally.increment() + (try resolver.make(Int.self)))
    }
    builder.register(Int.self, scope: .shared) { _ in
      _ = tally.increment()
      return 1000
    }
    let registry = try builder.build()
    let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
      for _ in 0..<200 { group.addTask { (try? registry.make(Counter.self)).map(ObjectIdentifier.init) } }
      var seen = Set<ObjectIdentifier?>()
      for await identity in group { seen.insert(identity) }
      return seen
    }
    #expect(identities.count == 1)
    #expect(!identities.contains(nil))
    #expect(tally.value == 2, "Counter and Int were each made once")
  }

  @Test("weak is shared while someone holds it and made again after")
  func weak() throws {
    let tally = Tally()
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self, scope: .weak) { _ in Counter(tally.increment()) }
    builder.register(String.self, scope: .weak) { _ in "not a class" }
    let registry = try builder.build()
    var held: Counter? = try registry.make(Counter.self)
    #expect(try registry.make(Counter.self) === held)
    #expect(held?.number == 1)
    held = nil
    #expect(try registry.make(Counter.self).number == 2)
    #expect(#expect(throws: ModuleError.self) { _ = try registry.make(String.self) }?.code == .typeMismatch)
  }
}

enum FeatureA {
  struct Screen: Sendable { let owner = "A" }
}

enum FeatureB {
  struct Screen: Sendable { let owner = "B" }
}

@Suite("Module registry: keys")
struct ModuleKeyTests {
  @Test("keys compare by ObjectIdentifier, never by type name: two types printed the same stay apart")
  func sameNameDifferentTypes() throws {
    #expect(String(describing: FeatureA.Screen.self) == String(describing: FeatureB.Screen.self))
    #expect(ModuleKey(FeatureA.Screen.self) != ModuleKey(FeatureB.Screen.self))
    var builder = ModuleRegistryBuilder()
    builder.register(FeatureA.Screen.self) { _ in FeatureA.Screen() }
    builder.register(FeatureB.Screen.self) { _ in FeatureB.Screen() }
    let registry = try builder.build()
    #expect(try registry.make(FeatureA.Screen.self).owner == "A")
    #expect(try registry.make(FeatureB.Screen.self).owner == "B")
  }
}

@Suite("The typed path for transient modules")
struct DirectPathTests {
  struct Silent: ModuleObserver {}
  struct Broken: Error {}

  /// A registry whose `make(_:)` takes the typed path, and a copy with an observer, which takes
  /// the general one.
  static func registries() throws -> (direct: ModuleRegistry, general: ModuleRegistry) {
    var builder = ModuleRegistryBuilder()
    builder.register(
      Counter.self, prepare: { counter, _ in counter = Counter(counter.number + 1) }, factory: { _ in Counter(1) })
    builder.register(String.self) { _ in throw Broken() }
    builder.register(Int.self) { _ in throw ModuleError(.missingConfiguration, "no numbers today") }
    builder.register(Double.self) { resolver in Double(try resolver.make(Counter.self).number) }
    let direct = try builder.build()
    return (direct, try direct.replacing { $0.observe(Silent()) })
  }

  @Test("the typed path and the general path make the same modules and throw the same errors")
  func samePaths() throws {
    let (direct, general) = try Self.registries()
    #expect(try direct.make(Counter.self).number == 2)
    #expect(try general.make(Counter.self).number == 2)
    #expect(try direct.make(Double.self) == 2)
    #expect(try general.make(Double.self) == 2)
    for registry in [direct, general] {
      let failed = #expect(throws: ModuleError.self) { _ = try registry.make(String.self) }
      #expect(failed?.code == .factoryFailed)
      #expect(failed?.module == "String")
      #expect(failed?.message.hasPrefix("the factory of 'String' failed") == true)
      #expect(#expect(throws: ModuleError.self) { _ = try registry.make(Int.self) }?.message == "no numbers today")
    }
  }

  class Shape: @unchecked Sendable {}
  final class Square: Shape, @unchecked Sendable {}

  @Test(
    "a subclass's metatype in a superclass variable keys the subclass: making it refuses, never hands over the superclass"
  )
  func subclassKeyedThroughSuperclassVariable() throws {
    // The key is the metatype's value (`Square`), the factory makes its static type (`Shape`).
    let type: Shape.Type = Square.self
    var builder = ModuleRegistryBuilder()
    builder.register(type) { _ in Shape() }
    let registry = try builder.build()
    let error = #expect(throws: ModuleError.self) { _ = try registry.make(Square.self) }
    #expect(error?.code == .typeMismatch)
  }
}
