import Synchronization
public import WaypointMatching
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The route a typed link prints through: its name, the values of its pattern's parameters and
/// the query items of the link's other values.
public struct RouteValues: Sendable, Hashable {
  /// The route's name, one of the type's `routeDefinitions`.
  public var name: String
  /// The values of the pattern's parameters, by name.
  public var parameters: [String: ParameterValue]
  /// The query items, in order.
  public var query: [QueryItem]

  /// The values for the route named `name`.
  ///
  /// - Parameters:
  ///   - name: The route's name, one of the type's `routeDefinitions`.
  ///   - parameters: A value for each of the pattern's parameters, by name; a rest takes
  ///     `.segments`. Empty by default.
  ///   - query: The query items of the link's other values, printed in this order. Empty by
  ///     default.
  public init(_ name: String, parameters: [String: ParameterValue] = [:], query: [QueryItem] = []) {
    self.name = name
    self.parameters = parameters
    self.query = query
  }
}
