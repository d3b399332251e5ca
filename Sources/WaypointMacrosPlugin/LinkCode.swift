import SwiftSyntax
import SwiftSyntaxBuilder

/// The members `@Routable` adds for checked cases: `routeDefinitions`, `init(route:request:)` and
/// `routeValues`.
struct LinkCode {
  let cases: [LinkCase]
  /// `public `, `package ` or nothing.
  let access: String

  var members: [DeclSyntax] {
    [DeclSyntax(stringLiteral: definitions), DeclSyntax(stringLiteral: initializer), DeclSyntax(stringLiteral: values)]
  }

  /// `static let routeDefinitions`: one definition per case, `@Route`'s arguments passed on.
  var definitions: String {
    let items = cases.map { linkCase in
      var arguments = ["pattern: \(linkCase.pattern)", "name: \(literal(linkCase.routeName))"]
      for option in linkCase.options where option.label?.text != "name" {
        arguments.append("\(option.label?.text ?? "_"): \(option.expression.trimmedDescription)")
      }
      return "  RouteDefinition(\(arguments.joined(separator: ", ")))"
    }
    return """
      \(access)static let routeDefinitions: [RouteDefinition] = [
      \(items.joined(separator: ",\n"))
      ]
      """
  }

  /// `init(route:request:)`: the case for the route's name, each value read from where it lies.
  var initializer: String {
    var branches = cases.map { linkCase in
      let reads = linkCase.values.map { value, source in "\(value.label): \(read(value, from: source))" }
      let made = reads.isEmpty ? ".\(escaped(linkCase.name))" : ".\(escaped(linkCase.name))(\(reads.joined(separator: ", ")))"
      return "  case \(literal(linkCase.routeName)):\n    self = \(made)"
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
  var values: String {
    let branches = cases.map { linkCase -> String in
      let bindings = linkCase.values.indices.map { "let value\($0)" }
      let pattern =
        bindings.isEmpty ? ".\(escaped(linkCase.name))" : ".\(escaped(linkCase.name))(\(bindings.joined(separator: ", ")))"
      let writes = linkCase.values.enumerated().map { index, entry in
        write(entry.value, from: entry.source, binding: "value\(index)")
      }
      let name = literal(linkCase.routeName)
      guard !writes.isEmpty else { return "  case \(pattern):\n    return RouteValues(\(name))" }
      return """
          case \(pattern):
            var values = RouteValues(\(name))
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
  private func read(_ value: LinkValue, from source: LinkSource) -> String {
    let name = literal(value.label)
    switch source {
    case .path:
      return "try request.linkValue(\(name), from: .path, as: (\(value.type)).self)"
    case .query:
      if value.isOptional || value.isList || value.defaultValue == nil {
        return "try request.linkValue(\(name), from: .query, as: (\(value.type)).self)"
      }
      return "try request.linkValue(\(name), from: .query, as: (\(value.type))?.self) ?? (\(value.defaultValue ?? ""))"
    }
  }

  /// The statement writing `value`, bound as `binding`, into `values`.
  private func write(_ value: LinkValue, from source: LinkSource, binding: String) -> String {
    let name = literal(value.label)
    let item = value.isOptional ? "\(binding)Value" : binding
    let statement: String
    switch source {
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
  private func literal(_ text: String) -> String {
    var escapedText = ""
    for character in text.unicodeScalars {
      switch character {
      case "\\": escapedText += "\\\\"
      case "\"": escapedText += "\\\""
      case "\n": escapedText += "\\n"
      case "\r": escapedText += "\\r"
      case "\t": escapedText += "\\t"
      default: escapedText.unicodeScalars.append(character)
      }
    }
    return "\"\(escapedText)\""
  }

  /// A case name usable after `.`: keywords in backticks.
  private func escaped(_ name: String) -> String {
    let keywords: Set<String> = ["default", "self", "init", "Type", "case", "switch", "in", "is", "as", "class", "enum"]
    return keywords.contains(name) ? "`\(name)`" : name
  }
}
