import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import WaypointLinkCode
import WaypointMatching

/// One associated value of a link case, as written, with its syntax for diagnostics.
struct LinkValue {
  /// The label, which names the value in the pattern or the query.
  let label: String
  /// The type as written, without surrounding spaces.
  let type: String
  /// The default value's expression, when there is one.
  let defaultValue: String?
  /// The syntax, for diagnostics.
  let node: EnumCaseParameterSyntax

  /// The value for code generation, lying in `source`.
  func code(_ source: LinkCode.Value.Source) -> LinkCode.Value {
    LinkCode.Value(label: label, type: type, defaultValue: defaultValue, source: source)
  }

  var isOptional: Bool { code(.query).isOptional }
  var baseType: String { code(.query).baseType }
  var isList: Bool { code(.query).isList }
}

/// One case of a `@Routable` enum with its `@Route`, read and checked.
struct LinkCase {
  /// The case's name.
  let name: String
  /// The route's name: `name:` of `@Route`, else the case's.
  let routeName: String
  /// The pattern's string literal, as written.
  let pattern: String
  /// The priority, when `@Route` gives it as a literal.
  let priority: Int
  /// The `@Route` arguments after the pattern, as written, in order.
  let options: [LabeledExprSyntax]
  /// The associated values, each with where it lies.
  let values: [LinkCode.Value]
  /// The case, for diagnostics.
  let node: EnumCaseElementSyntax
  /// The pattern itself.
  let patternText: String
}

/// The built-in parameter types and the Swift types that hold their values.
enum LinkTypes {
  static let builtIn: Set<String> = ["Int", "Double", "Float", "Bool", "UUID", "String", "Foundation.UUID"]

  /// The Swift types a typed placeholder accepts among the built-in ones.
  static func accepted(by parameterType: String) -> Set<String>? {
    switch parameterType {
    case "int": ["Int"]
    case "double": ["Double"]
    case "float": ["Float", "Double"]
    case "uuid": ["UUID", "Foundation.UUID"]
    case "bool": ["Bool"]
    case "string": ["String"]
    default: nil
    }
  }

  /// The parameter types a pattern names (`<name:…>`), so that custom ones can be accepted while
  /// compiling: the type's own `parameterTypes` checks them when its table is built.
  static func named(in pattern: String) -> [String] {
    var names: [String] = []
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "<") {
      rest = rest[rest.index(after: open)...]
      guard let colon = rest.firstIndex(of: ":") else { break }
      let name = rest[..<colon]
      if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { names.append(String(name)) }
    }
    return names
  }

  /// The built-in types and, accepting every value, the custom ones `patterns` name.
  static func parameterTypes(for patterns: [String]) -> ParameterTypes {
    var types = ParameterTypes()
    for name in patterns.flatMap(named(in:)) where types[name] == nil && name != "path" {
      types.register(ParameterType(name) { _ in true })
    }
    return types
  }
}

/// A diagnostic of the link macros.
struct LinkDiagnostic: DiagnosticMessage {
  let message: String
  let diagnosticID: MessageID
  let severity: DiagnosticSeverity

  init(_ id: String, _ message: String, severity: DiagnosticSeverity = .error) {
    self.message = message
    self.diagnosticID = MessageID(domain: "WaypointMacros", id: id)
    self.severity = severity
  }
}

/// A fix-it's message.
struct LinkFixIt: FixItMessage {
  let message: String
  var fixItID: MessageID { MessageID(domain: "WaypointMacros", id: message) }
}
