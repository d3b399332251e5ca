import Testing
import Waypoint

protocol ModuleA: Sendable {}
protocol ModuleB: Sendable {}
struct ImplA: ModuleA {}
struct ImplB: ModuleB {}

@Suite("Module registry: dependencies and adapters")
struct ModuleGraphTests {
  @Test("a cycle A → B → A throws and names A, B, A", arguments: [ModuleScope.transient, .shared])
  func cycle(_ scope: ModuleScope) throws {
    var builder = ModuleRegistryBuilder()
    builder.register((any ModuleA).self, scope: scope) { resolver in
      _ = try resolver.make((any ModuleB).self)
      return ImplA()
    }
    builder.register((any ModuleB).self, scope: scope) { resolver in
      _ = try resolver.make((any ModuleA).self)
      return ImplB()
    }
    let registry = try builder.build()
    let error = #expect(throws: ModuleError.self) { _ = try registry.make((any ModuleA).self) }
    #expect(error?.code == .dependencyCycle)
    #expect(error?.message == "making 'ModuleA' needs 'ModuleA' itself: ModuleA → ModuleB → ModuleA")
  }

  @Test("a shared cycle asked from many tasks at once throws everywhere and never deadlocks")
  func sharedCycleConcurrently() async throws {
    var builder = ModuleRegistryBuilder()
    builder.register((any ModuleA).self, scope: .shared) { resolver in
      _ = try resolver.make((any ModuleB).self)
      return ImplA()
    }
    builder.register((any ModuleB).self, scope: .shared) { resolver in
      _ = try resolver.make((any ModuleA).self)
      return ImplB()
    }
    let registry = try builder.build()
    let codes = await withTaskGroup(of: ModuleError.Code?.self) { group in
      for index in 0..<40 {
        group.addTask {
          #expect(throws: ModuleError.self) {
            if index.isMultiple(of: 2) {
              _ = try registry.make((any ModuleA).self)
            } else {
              _ = try registry.make((any ModuleB).self)
            }
          }?.code
        }
      }
      var codes: [ModuleError.Code?] = []
      for await code in group { codes.append(code) }
      return codes
    }
    #expect(codes.count == 40)
    #expect(codes.allSatisfy { $0 == .dependencyCycle })
  }

  @Test("factories make their dependencies through the resolver, which knows the requester")
  func injection() throws {
    let recorder = Recorder()
    var builder = ModuleRegistryBuilder()
    builder.register((any LoginService).self, scope: .shared) { resolver in
      recorder.record("service for \(resolver.module.name)")
      return FakeLoginService(accepts: true)
    }
    builder.register(Counter.self, dependencies: [ModuleKey((any LoginService).self)]) { resolver in
      Counter(try resolver.make((any LoginService).self).signIn("ann") ? 1 : 0)
    }
    let registry = try builder.build()
    #expect(try registry.make(Counter.self).number == 1)
    #expect(recorder.all == ["service for LoginService"])
  }

  protocol NoteListLoginInput: Sendable {
    func signIn(_ user: String) -> Bool
  }

  struct LoginAdapter: NoteListLoginInput {
    let service: any LoginService
    func signIn(_ user: String) -> Bool { service.signIn(user) }
  }

  @Test("adapters serve a required interface with a provided module, with a closure or as it is; chains are followed")
  func adapters() throws {
    var builder = ModuleRegistryBuilder()
    builder.register((any LoginService).self) { _ in FakeLoginService(accepts: true) }
    builder.adapt((any NoteListLoginInput).self, to: (any LoginService).self) { LoginAdapter(service: $0) }
    builder.register(FakeLoginService.self) { _ in FakeLoginService(accepts: false) }
    builder.adapt((any ModuleA).self, to: ImplA.self) { $0 }
    builder.register(ImplA.self) { _ in ImplA() }
    builder.adapt((any ModuleB).self, to: (any NoteListLoginInput).self) { _ in ImplB() }
    let registry = try builder.build()
    #expect(try registry.make((any NoteListLoginInput).self).signIn("ann"))
    #expect(try registry.make((any ModuleA).self) is ImplA)
    #expect(try registry.make((any ModuleB).self) is ImplB)
  }

  @Test("an adapter without a closure casts when made, and names both types when the cast fails")
  func castingAdapter() throws {
    var builder = ModuleRegistryBuilder()
    builder.register(ImplA.self) { _ in ImplA() }
    builder.adapt((any ModuleA).self, to: ImplA.self)
    builder.adapt((any ModuleB).self, to: ImplA.self)
    let registry = try builder.build()
    #expect(try registry.make((any ModuleA).self) is ImplA)
    let error = #expect(throws: ModuleError.self) { _ = try registry.make((any ModuleB).self) }
    #expect(error?.code == .typeMismatch)
    #expect(error?.message == "the module made for 'ImplA' is a ImplA, which does not conform to 'ModuleB'")
  }

  @Test("build reports every problem at once, each naming the registrations involved")
  func validation() {
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self, target: "C") { _ in Counter(0) }
    builder.register(Counter.self) { _ in Counter(1) }
    builder.register(String.self, target: "C") { _ in "" }
    builder.register(Int.self, dependencies: [ModuleKey(Double.self)]) { _ in 0 }
    builder.adapt((any ModuleA).self, to: (any ModuleB).self) { _ in ImplA() }
    builder.adapt((any ModuleB).self, to: (any ModuleA).self) { _ in ImplB() }
    builder.adapt((any LoginService).self, to: Float.self) { _ in FakeLoginService(accepts: true) }
    let problems = builder.diagnose().compactMap { $0.error(as: ModuleError.self) }
    #expect(
      problems.map(\.code) == [
        .duplicateRegistration, .duplicateRegistration, .notRegistered, .adapterCycle, .missingDependency,
      ])
    #expect(
      problems.map(\.message) == [
        "the key 'Counter' is registered twice; pass overriding: true to replace it",
        "the target 'C' names both 'Counter' and 'String'",
        "the adapter from 'LoginService' leads to 'Float', which is not registered",
        "adapters go round in a circle: ModuleA → ModuleB → ModuleA",
        "'Int' depends on 'Double', which is not registered",
      ])
    let error = #expect(throws: BuildError.self) { _ = try builder.build() }
    #expect(error?.errors(as: ModuleError.self) == problems)
    #expect(error?.message.hasPrefix("5 problems:\n- duplicateRegistration: the key 'Counter'") == true)
  }

  @Test("overriding replaces a registration without a duplicate error")
  func overriding() throws {
    var builder = ModuleRegistryBuilder()
    builder.register(Counter.self, target: "C") { _ in Counter(0) }
    builder.register(Counter.self, target: "C", overriding: true) { _ in Counter(1) }
    #expect(try builder.build().make(Counter.self).number == 1)
  }
}

@Suite("Module registry: preparation, observers, overrides")
struct ModulePreparationTests {
  final class Screen {
    var steps: [String] = []
  }

  @Test("factory → module's prepare → caller's prepare → didMake, after willMake")
  func order() throws {
    let recorder = Recorder()
    var builder = ModuleRegistryBuilder()
    builder.observe(MakeRecorder(recorder: recorder))
    builder.register(
      Screen.self,
      prepare: { screen, _ in
        screen.steps.append("module prepare")
        recorder.record("module prepare")
      },
      factory: { _ in
        recorder.record("factory")
        return Screen()
      })
    let registry = try builder.build()
    let screen = try registry.make(Screen.self) { screen in
      screen.steps.append("caller prepare")
      recorder.record("caller prepare")
    }
    #expect(screen.steps == ["module prepare", "caller prepare"])
    #expect(recorder.all == ["will Screen by caller", "factory", "module prepare", "caller prepare", "did Screen"])
  }

  @Test("observers for one key see only that key, with the requester")
  func observers() throws {
    let all = Recorder()
    let one = Recorder()
    var builder = ModuleRegistryBuilder()
    builder.observe(MakeRecorder(recorder: all))
    builder.observe(MakeRecorder(recorder: one), for: ModuleKey((any LoginService).self))
    builder.register((any LoginService).self) { _ in FakeLoginService(accepts: true) }
    builder.register(Counter.self) { resolver in
      _ = try resolver.make((any LoginService).self)
      return Counter(0)
    }
    _ = try builder.build().make(Counter.self)
    #expect(all.all == ["will Counter by caller", "will LoginService by Counter", "did LoginService", "did Counter"])
    #expect(one.all == ["will LoginService by Counter", "did LoginService"])
  }

  @Test("a copy with replaced registrations has its own instances and does not touch the original")
  func replacing() throws {
    var builder = ModuleRegistryBuilder()
    builder.register((any LoginService).self, scope: .shared) { _ in FakeLoginService(accepts: true) }
    let app = try builder.build()
    let test = try app.replacing {
      $0.register((any LoginService).self, scope: .shared, overriding: true) { _ in FakeLoginService(accepts: false) }
    }
    #expect(try app.make((any LoginService).self).signIn("ann"))
    #expect(try !test.make((any LoginService).self).signIn("ann"))
    #expect(try app.make((any LoginService).self).signIn("ann"))
  }

  @Test("two parallel users with different overrides never see each other's fakes", arguments: [true, false])
  func parallelOverrides(_ accepts: Bool) async throws {
    var builder = ModuleRegistryBuilder()
    builder.register((any LoginService).self, scope: .shared) { _ in FakeLoginService(accepts: true) }
    let app = try builder.build()
    let registry = try app.replacing {
      $0.register((any LoginService).self, scope: .shared, overriding: true) { _ in FakeLoginService(accepts: accepts) }
    }
    await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<50 { group.addTask { (try? registry.make((any LoginService).self).signIn("x")) == accepts } }
      for await sameAsOverride in group { #expect(sameAsOverride) }
    }
  }
}
