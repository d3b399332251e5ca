import Synchronization

/// A table's routes by name, for ``RouteTable/route(named:)`` and URL generation.
///
/// Made with the table when routes are compiled (which checks names for repeats anyway), and on
/// first use for a table read from a compiled table: a launch that never asks for a route by
/// name does not hash every name. Either way a name finds the first route that has it.
final class RouteNames: Sendable {
  private let made: [String: Int]?
  private let infos: [RouteInfo]
  private let onFirstUse = Mutex<[String: Int]?>(nil)

  /// The names the compiler collected.
  init(_ names: [String: Int]) {
    made = names
    infos = []
  }

  /// The names of `infos`, made when first asked for.
  init(lazilyFrom infos: [RouteInfo]) {
    made = nil
    self.infos = infos
  }

  /// The position of the first route named `name`.
  subscript(name: String) -> Int? {
    if let made { return made[name] }
    return onFirstUse.withLock { names in
      if let names { return names[name] }
      var made: [String: Int] = [:]
      made.reserveCapacity(infos.count)
      for info in infos {
        if let name = info.name, let earlier = made.updateValue(info.position, forKey: name) { made[name] = earlier }
      }
      names = made
      return made[name]
    }
  }
}
