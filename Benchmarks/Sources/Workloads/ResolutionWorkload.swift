import Swinject
import Waypoint

/// Workload 5: module resolution of the same shapes in Waypoint's registry and in Swinject:
/// transient with no dependencies, transient with three, and shared.
public protocol Service {}
public final class Leaf: Service {}
public final class DependencyA {}
public final class DependencyB {}
public final class DependencyC {}
public final class Composite: Service {
  public let a: DependencyA
  public let b: DependencyB
  public let c: DependencyC
  public init(a: DependencyA, b: DependencyB, c: DependencyC) {
    self.a = a
    self.b = b
    self.c = c
  }
}
public final class Singleton {}

public enum ResolutionWorkload {
  public static func waypointRegistry() throws -> ModuleRegistry {
    var builder = ModuleRegistryBuilder()
    builder.register(Leaf.self) { _ in Leaf() }
    builder.register(DependencyA.self) { _ in DependencyA() }
    builder.register(DependencyB.self) { _ in DependencyB() }
    builder.register(DependencyC.self) { _ in DependencyC() }
    builder.register(Composite.self) { resolver in
      Composite(
        a: try resolver.make(DependencyA.self), b: try resolver.make(DependencyB.self),
        c: try resolver.make(DependencyC.self))
    }
    builder.register(Singleton.self, scope: .shared) { _ in Singleton() }
    return try builder.build()
  }

  public static func swinjectContainer() -> Container {
    let container = Container()
    container.register(Leaf.self) { _ in Leaf() }.inObjectScope(.transient)
    container.register(DependencyA.self) { _ in DependencyA() }.inObjectScope(.transient)
    container.register(DependencyB.self) { _ in DependencyB() }.inObjectScope(.transient)
    container.register(DependencyC.self) { _ in DependencyC() }.inObjectScope(.transient)
    container.register(Composite.self) { resolver in
      Composite(
        a: resolver.resolve(DependencyA.self) ?? DependencyA(), b: resolver.resolve(DependencyB.self) ?? DependencyB(),
        c: resolver.resolve(DependencyC.self) ?? DependencyC())
    }.inObjectScope(.transient)
    container.register(Singleton.self) { _ in Singleton() }.inObjectScope(.container)
    return container
  }

  public static func resolve<T>(_ type: T.Type, in registry: ModuleRegistry, times: Int) -> Int {
    var made = 0
    for _ in 0..<times where (try? registry.make(type)) != nil { made += 1 }
    return made
  }

  public static func resolve<T>(_ type: T.Type, in container: Container, times: Int) -> Int {
    var made = 0
    for _ in 0..<times where container.resolve(type) != nil { made += 1 }
    return made
  }
}
