import Synchronization
public import WaypointMatching

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

// MARK: - Values of typed links

extension RouteRequest {
  /// The value named `name` in `source` (the path for a pattern's parameter, the query for a
  /// link's other values), converted as a typed link reads it; a query value falls back to the
  /// route's default for `name`.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: The type the text converts to, through its `init?(_:)`.
  /// - Returns: The converted value.
  /// - Throws: `invalidParameter` naming the value when it is missing or does not convert.
  public func linkValue<Value: LosslessStringConvertible>(
    _ name: String, from source: RequestValue.Source, as type: Value.Type
  ) throws(RoutingError) -> Value {
    try present(name, source, try linkValue(name, from: source, as: Value?.self))
  }

  /// The value named `name` in `source`, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: The optional type the text converts to, through the wrapped type's `init?(_:)`.
  /// - Returns: The converted value, or `nil` when `source` has no value named `name`.
  /// - Throws: `invalidParameter` when the value is there and does not convert.
  public func linkValue<Value: LosslessStringConvertible>(
    _ name: String, from source: RequestValue.Source, as type: Value?.Type
  ) throws(RoutingError) -> Value? {
    try converted(name, source, "\(Value.self)") { Value($0) }
  }

  /// The `Bool` named `name` in `source`: `true`/`false`, `1`/`0` or `yes`/`no`, in any case.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `Bool.self`, read with the words above rather than `Bool`'s own `init?(_:)`
  ///     (only `true` and `false`).
  /// - Returns: The value read.
  /// - Throws: `invalidParameter` naming the value when it is missing or is none of those words.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: Bool.Type) throws(RoutingError)
    -> Bool
  {
    try present(name, source, try linkValue(name, from: source, as: Bool?.self))
  }

  /// The `Bool` named `name` in `source`, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `Bool?.self`, which reads `true`/`false`, `1`/`0` or `yes`/`no`, in any case.
  /// - Returns: The value read, or `nil` when `source` has no value named `name`.
  /// - Throws: `invalidParameter` when the value is there and is none of those words.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: Bool?.Type) throws(RoutingError)
    -> Bool?
  {
    try converted(name, source, "Bool") { text in
      switch text.lowercased() {
      case "true", "1", "yes": true
      case "false", "0", "no": false
      default: nil
      }
    }
  }

  /// The `UUID` named `name` in `source`.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `UUID.self`; the text is read with `UUID(uuidString:)`.
  /// - Returns: The UUID read.
  /// - Throws: `invalidParameter` naming the value when it is missing or is not a UUID.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: UUID.Type) throws(RoutingError)
    -> UUID
  {
    try present(name, source, try linkValue(name, from: source, as: UUID?.self))
  }

  /// The `UUID` named `name` in `source`, or `nil` when there is none.
  ///
  /// - Parameters:
  ///   - name: The name of the path parameter, query item, extra or default to read.
  ///   - source: Where to read it: `.path` for a pattern's parameter, `.query` for a link's
  ///     other values (the first item of that name, else the route's default), `.extra` or
  ///     `.default`.
  ///   - type: `UUID?.self`; the text is read with `UUID(uuidString:)`.
  /// - Returns: The UUID read, or `nil` when `source` has no value named `name`.
  /// - Throws: `invalidParameter` when the value is there and is not a UUID.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: UUID?.Type) throws(RoutingError)
    -> UUID?
  {
    try converted(name, source, "UUID") { UUID(uuidString: $0) }
  }

  /// The segments the pattern's rest named `name` matched (`*path`), or the query values of
  /// `name` in order.
  ///
  /// - Parameters:
  ///   - name: The name of the rest (`path` for `*path`) or of the query items.
  ///   - source: `.path` for the pattern's rest, `.query` for every query item of that name
  ///     (the route's default is not read); `.extra` and `.default` hold no list.
  ///   - type: `[String].self`, for a rest or a query item that repeats.
  /// - Returns: The rest's segments, or the query values in order (empty when the link has no
  ///   item of that name).
  /// - Throws: `invalidParameter` naming the value when `source` is `.path` and the pattern's
  ///   rest named `name` matched nothing (or there is none), or when `source` is `.extra` or
  ///   `.default`.
  public func linkValue(_ name: String, from source: RequestValue.Source, as type: [String].Type) throws(RoutingError)
    -> [String]
  {
    switch source {
    case .path: return try present(name, source, try linkValue(name, from: source, as: [String]?.self))
    case .query: return queryValues(name)
    case .extra, .default: throw absent(name, source)
    }
  }

  /// The segments of the rest named `name` or the query values of `name`, or `nil` when there
  /// are none (a rest in an optional group that is absent, no query item of that name).
  ///
  /// - Parameters:
  ///   - name: The name of the rest (`path` for `*path`) or of the query items.
  ///   - source: `.path` for the pattern's rest, `.query` for every query item of that name
  ///     (the route's default is not read); `.extra` and `.default` give `nil`.
  ///   - type: `[String]?.self`, for a rest or a query item that repeats.
  /// - Returns: The rest's segments or the query values in order, or `nil` when there are none.
  /// - Throws: Nothing: a list that is not there is `nil`.
  public func linkValue(
    _ name: String, from source: RequestValue.Source, as type: [String]?.Type
  ) throws(RoutingError) -> [String]? {
    switch source {
    case .path: return parameters.restName == name ? parameters.rest : nil
    case .query:
      let values = queryValues(name)
      return values.isEmpty ? nil : values
    case .extra, .default: return nil
    }
  }

  /// The text of `name` in `source` through `convert`, `nil` when there is none.
  private func converted<Value>(
    _ name: String, _ source: RequestValue.Source, _ typeName: String, _ convert: (String) -> Value?
  ) throws(RoutingError) -> Value? {
    let text: String?
    switch source {
    case .path: text = parameters[name]
    case .query: text = query.first { $0.name == name }?.value ?? route?.defaults[name]
    case .extra: text = extras[name].map { ($0 as? String) ?? String(describing: $0) }
    case .default: text = route?.defaults[name]
    }
    guard let text else { return nil }
    guard let value = convert(text) else {
      throw RoutingError(
        .invalidParameter, "the value '\(name)' of '\(url.string)' is '\(text)', which does not convert to \(typeName)",
        url: url.string, pattern: route?.pattern, parameter: name)
    }
    return value
  }

  /// `value`, or the error that says it is not in `source`.
  private func present<Value>(_ name: String, _ source: RequestValue.Source, _ value: Value?) throws(RoutingError)
    -> Value
  {
    guard let value else { throw absent(name, source) }
    return value
  }

  private func absent(_ name: String, _ source: RequestValue.Source) -> RoutingError {
    RoutingError(
      .invalidParameter, "'\(url.string)' has no \(source.rawValue) value '\(name)'", url: url.string,
      pattern: route?.pattern, parameter: name)
  }
}

extension ParameterValue {
  /// A typed link's value as its pattern's parameter: its text (`description`).
  public init<Value: LosslessStringConvertible>(linkValue value: Value) {
    self = .value(value.description)
  }

  /// A UUID as its pattern's parameter: `uuidString`.
  public init(linkValue value: UUID) {
    self = .value(value.uuidString)
  }

  /// The segments of a pattern's rest.
  public init(linkValue value: [String]) {
    self = .segments(value)
  }
}

extension QueryItem {
  /// A typed link's value as a query item: its text (`description`).
  ///
  /// - Parameters:
  ///   - name: The item's name, the one the link type reads the value by.
  ///   - value: The value, written as its `description`.
  public init<Value: LosslessStringConvertible>(name: String, linkValue value: Value) {
    self.init(name: name, value: value.description)
  }

  /// A UUID as a query item: `uuidString`.
  ///
  /// - Parameters:
  ///   - name: The item's name, the one the link type reads the value by.
  ///   - value: The UUID, written as its `uuidString`.
  public init(name: String, linkValue value: UUID) {
    self.init(name: name, value: value.uuidString)
  }

  /// One query item per value, in order: `name=a&name=b`.
  ///
  /// - Parameters:
  ///   - name: The name every item gets.
  ///   - values: The values, one item each; empty gives no item.
  /// - Returns: The items, in the order of `values`.
  public static func items(name: String, linkValues values: [String]) -> [QueryItem] {
    values.map { QueryItem(name: name, value: $0) }
  }
}
