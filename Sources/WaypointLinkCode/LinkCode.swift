/// The Swift source of a typed link's conformance, shared by the `@Routable` macro and
/// `waypoint generate`: `init(route:request:)` and `routeValues` for a list of cases.
package struct LinkCode: Sendable {
  /// One associated value of a case.
  package struct Value: Sendable {
    /// Where a value lies in its route's URL.
    package enum Source: Sendable {
      /// A parameter of the pattern (one segment, or a rest's segments).
      case path
      /// A query item (or, for a list, the query items) of its label.
      case query
    }

    /// The label, which names the value in the pattern or the query.
    package let label: String
    /// The type as written: `Int`, `String?`, `[String]`.
    package let type: String
    /// The default value's expression, when there is one.
    package let defaultValue: String?
    /// Where the value lies.
    package let source: Source

    package init(label: String, type: String, defaultValue: String? = nil, source: Source) {
      self.label = label
      self.type = type
      self.defaultValue = defaultValue
      self.source = source
    }

    /// Whether the type is `T?` or `Optional<T>`.
    package var isOptional: Bool { Self.unwrapped(type) != nil }
    /// The type without its optional: `T` for `T?`.
    package var baseType: String { Self.unwrapped(type) ?? type }
    /// Whether the type is a list of strings: a rest's segments, or a repeated query item.
    package var isList: Bool { baseType == "[String]" || baseType == "Array<String>" }

    private static func unwrapped(_ type: String) -> String? {
      if type.hasSuffix("?") { return String(type.dropLast()) }
      if type.hasPrefix("Optional<"), type.hasSuffix(">") { return String(type.dropFirst(9).dropLast()) }
      return nil
    }
  }

  /// One case: its name, its route's name and its values.
  package struct Case: Sendable {
    package let name: String
    package let routeName: String
    package let values: [Value]

    package init(name: String, routeName: String, values: [Value]) {
      self.name = name
      self.routeName = routeName
      self.values = values
    }
  }

  package let cases: [Case]
  /// `public `, `package ` or nothing.
  package let access: String

  package init(cases: [Case], access: String) {
    self.cases = cases
    self.access = access
  }

  /// `init(route:request:)`: the case for the route's name, each value read from where it lies.
  package var initializer: String {
    var branches = cases.map { linkCase in
      let reads = linkCase.values.map { "\($0.label): \(read($0))" }
      let name = Self.member(linkCase.name)
      let made = reads.isEmpty ? ".\(name)" : ".\(name)(\(reads.joined(separator: ", ")))"
      return "  case \(Self.literal(linkCase.routeName)):\n    self = \(made)"
    }
    branches.append(
      """
        default:
          throw RoutingError(.unknownRoute, "\\(Self.self) has no route named '\\(name)'", routeName: name)
      """)
    return """
      \(access)init(route name: String, request: RouteRequest) throws(RoutingError) {
        switch name {
      \(branches.joined(separator: "\n"))
        }
      }
      """
  }

  /// `var routeValues`: the route's name and each value written where it lies.
  package var routeValues: String {
    let branches = cases.map { linkCase -> String in
      let bindings = linkCase.values.indices.map { "let value\($0)" }
      let name = Self.member(linkCase.name)
      let pattern = bindings.isEmpty ? ".\(name)" : ".\(name)(\(bindings.joined(separator: ", ")))"
      let writes = linkCase.values.enumerated().map { index, value in write(value, binding: "value\(index)") }
      let route = Self.literal(linkCase.routeName)
      guard !writes.isEmpty else { return "  case \(pattern):\n    return RouteValues(\(route))" }
      return """
          case \(pattern):
            var values = RouteValues(\(route))
        \(writes.map { "    " + $0 }.joined(separator: "\n"))
            return values
        """
    }
    return """
      \(access)var routeValues: RouteValues {
        switch self {
      \(branches.joined(separator: "\n"))
        }
      }
      """
  }

  /// The expression reading `value` from a request.
  private func read(_ value: Value) -> String {
    let name = Self.literal(value.label)
    switch value.source {
    case .path:
      return "try request.linkValue(\(name), from: .path, as: (\(value.type)).self)"
    case .query:
      guard let defaultValue = value.defaultValue, !value.isOptional, !value.isList else {
        return "try request.linkValue(\(name), from: .query, as: (\(value.type)).self)"
      }
      return "try request.linkValue(\(name), from: .query, as: (\(value.type))?.self) ?? (\(defaultValue))"
    }
  }

  /// The statement writing `value`, bound as `binding`, into `values`.
  private func write(_ value: Value, binding: String) -> String {
    let name = Self.literal(value.label)
    let item = value.isOptional ? "\(binding)Value" : binding
    let statement: String
    switch value.source {
    case .path:
      statement = "values.parameters[\(name)] = ParameterValue(linkValue: \(item))"
    case .query:
      statement =
        value.isList
        ? "values.query += QueryItem.items(name: \(name), linkValues: \(item))"
        : "values.query.append(QueryItem(name: \(name), linkValue: \(item)))"
    }
    return value.isOptional ? "if let \(item) = \(binding) { \(statement) }" : statement
  }

  /// `text` as a Swift string literal.
  package static func literal(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"\(escaped)\""
  }

  /// Swift's keywords that a case name must be written in backticks as.
  package static let keywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
    "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
    "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
    "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any", "Type",
  ]

  /// A name as a member after `.` or in a declaration: keywords in backticks.
  package static func member(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }
}
