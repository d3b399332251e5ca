import SwiftDiagnostics
import SwiftParser
public import SwiftSyntax
import SwiftSyntaxBuilder
public import SwiftSyntaxMacros
import WaypointLinkCode
import WaypointMatching

/// `@Route`: marks a case of a `@Routable` enum with its route; it adds nothing by itself.
public struct RouteMacro: PeerMacro {
  /// Adds nothing; refuses to mark anything but a case.
  public static func expansion(
    of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if !declaration.is(EnumCaseDeclSyntax.self) {
      context.diagnose(
        Diagnostic(node: node, message: LinkDiagnostic("routeOnCase", "@Route marks a case of a @Routable enum")))
    }
    return []
  }
}

/// `@Routable`: makes an enum whose cases carry `@Route` a `RoutableLink`, after checking every
/// case against its pattern and the patterns against each other with Waypoint's own table.
public struct RoutableMacro: MemberMacro, ExtensionMacro {
  /// `routeDefinitions`, `init(route:request:)` and `routeValues`, when every case checks.
  public static func expansion(
    of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let enumDecl = declaration.as(EnumDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(
          node: node, message: LinkDiagnostic("enumOnly", "@Routable applies to an enum whose cases are routes")))
      return []
    }
    guard let cases = LinkReader(context: context).read(enumDecl) else { return [] }
    let access = accessPrefix(of: enumDecl)
    let code = LinkCode(
      cases: cases.map { LinkCode.Case(name: $0.name, routeName: $0.routeName, values: $0.values) }, access: access)
    return [
      DeclSyntax(stringLiteral: definitions(cases, access: access)), DeclSyntax(stringLiteral: code.initializer),
      DeclSyntax(stringLiteral: code.routeValues),
    ]
  }

  /// `static let routeDefinitions`: one definition per case, `@Route`'s arguments passed on.
  private static func definitions(_ cases: [LinkCase], access: String) -> String {
    let items = cases.map { linkCase in
      var given: [String: String] = [:]
      for option in linkCase.options { given[option.label?.text ?? "_"] = option.expression.trimmedDescription }
      // In the order of `RouteDefinition.init`; a tab, column and presented policy make its placement.
      var arguments = ["pattern: \(linkCase.pattern)", "name: \(LinkCode.literal(linkCase.routeName))"]
      for label in ["target", "presentation", "exposure", "priority", "defaults", "under"] {
        if let expression = given[label] { arguments.append("\(label): \(expression)") }
      }
      let placement = ["tab", "column", "presented"].compactMap { label in given[label].map { "\(label): \($0)" } }
      if !placement.isEmpty { arguments.append("placement: Placement(\(placement.joined(separator: ", ")))") }
      return "  RouteDefinition(\(arguments.joined(separator: ", ")))"
    }
    return """
      \(access)static let routeDefinitions: [RouteDefinition] = [
      \(items.joined(separator: ",\n"))
      ]
      """
  }

  /// The conformance to `RoutableLink`.
  public static func expansion(
    of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.is(EnumDeclSyntax.self), !protocols.isEmpty else { return [] }
    return [try ExtensionDeclSyntax("extension \(type.trimmed): RoutableLink {}")]
  }

  /// `public ` or `package ` when the enum is, so its members are as visible as it is.
  private static func accessPrefix(of enumDecl: EnumDeclSyntax) -> String {
    for modifier in enumDecl.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public), .keyword(.open): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}

/// Reads the cases of a `@Routable` enum and checks them, diagnosing every problem.
struct LinkReader<Context: MacroExpansionContext> {
  let context: Context

  /// The cases, or `nil` when any problem was diagnosed.
  func read(_ enumDecl: EnumDeclSyntax) -> [LinkCase]? {
    var cases: [LinkCase] = []
    var failed = false
    for member in enumDecl.memberBlock.members {
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let route = caseDecl.attributes.lazy.compactMap { $0.as(AttributeSyntax.self) }
        .first { $0.attributeName.trimmedDescription == "Route" }
      guard let route else {
        let names = caseDecl.elements.map(\.name.text).joined(separator: ", ")
        diagnose(caseDecl, "missingRoute", "case '\(names)' has no @Route: every case of a @Routable enum is a route")
        failed = true
        continue
      }
      guard caseDecl.elements.count == 1, let element = caseDecl.elements.first else {
        diagnose(caseDecl, "oneCase", "@Route marks one case; declare each case with its own @Route")
        failed = true
        continue
      }
      if let linkCase = read(element, route: route) { cases.append(linkCase) } else { failed = true }
    }
    if failed || !checkTable(cases) { return nil }
    return cases
  }

  /// One case against its pattern.
  private func read(_ element: EnumCaseElementSyntax, route: AttributeSyntax) -> LinkCase? {
    // `default` written as a case name is the name `default`.
    let caseName = element.name.text.trimmingBackticks
    let arguments = route.arguments?.as(LabeledExprListSyntax.self).map(Array.init) ?? []
    guard let first = arguments.first, first.label == nil,
      let literal = first.expression.as(StringLiteralExprSyntax.self), let pattern = literal.representedLiteralValue
    else {
      diagnose(route, "patternLiteral", "case '\(caseName)': the pattern of @Route must be a string literal")
      return nil
    }
    let options = Array(arguments.dropFirst())
    guard let (routeName, priority) = nameAndPriority(options, caseName: caseName) else { return nil }

    let parsed: RoutePattern
    do {
      parsed = try RoutePattern(pattern, parameterTypes: LinkTypes.parameterTypes(for: [pattern]))
    } catch {
      diagnose(literal, "invalidPattern", "case '\(caseName)': \(error.message)")
      return nil
    }

    var values: [LinkValue] = []
    var ok = true
    for parameter in element.parameterClause?.parameters ?? [] {
      guard let label = parameter.firstName, label.tokenKind != .wildcard else {
        diagnose(
          parameter, "unlabeledValue",
          "case '\(caseName)': every associated value needs a label, the name of its placeholder or query item")
        ok = false
        continue
      }
      values.append(
        LinkValue(
          label: label.text, type: parameter.type.trimmedDescription,
          defaultValue: parameter.defaultValue?.value.trimmedDescription, node: parameter))
    }
    guard ok else { return nil }

    guard let sources = pathSources(of: parsed, values: values, element: element, caseName: caseName, pattern: pattern)
    else { return nil }
    for value in values where sources[value.label] == nil {
      ok = checkQuery(value, caseName: caseName) && ok
    }
    guard ok else { return nil }
    return LinkCase(
      name: caseName, routeName: routeName, pattern: first.expression.trimmedDescription, priority: priority,
      options: options, values: values.map { $0.code(sources[$0.label] ?? .query) }, node: element,
      patternText: pattern)
  }

  /// Where each value the pattern names comes from (the path), each checked against its
  /// placeholder; `nil` after the diagnostics when one has no value or does not fit.
  private func pathSources(
    of parsed: RoutePattern, values: [LinkValue], element: EnumCaseElementSyntax, caseName: String, pattern: String
  ) -> [String: LinkCode.Value.Source]? {
    var sources: [String: LinkCode.Value.Source] = [:]
    var ok = true
    for segment in parsed.segments {
      switch segment.kind {
      case .literal: continue
      case .parameter(let parameter):
        guard let value = values.first(where: { $0.label == parameter.name }) else {
          diagnose(
            element, "unknownPlaceholder",
            "case '\(caseName)': the placeholder '\(parameter.name)' of '\(pattern)' has no associated value named '\(parameter.name)'"
          )
          ok = false
          continue
        }
        ok = check(value, parameter: parameter, optional: segment.group != nil, caseName: caseName) && ok
        sources[parameter.name] = .path
      case .rest(let name):
        guard let name else { continue }
        guard let value = values.first(where: { $0.label == name }) else {
          diagnose(
            element, "unknownPlaceholder",
            "case '\(caseName)': the rest '*\(name)' of '\(pattern)' has no associated value named '\(name)'")
          ok = false
          continue
        }
        ok = checkRest(value, optional: segment.group != nil, caseName: caseName) && ok
        sources[name] = .path
      }
    }
    return ok ? sources : nil
  }

  /// The route's name (the case's by default) and priority from `@Route`'s options, or `nil`
  /// after a diagnostic when one is not a literal.
  private func nameAndPriority(_ options: [LabeledExprSyntax], caseName: String) -> (String, Int)? {
    var routeName = caseName
    var priority = 0
    for option in options {
      switch option.label?.text {
      case "name":
        if let name = option.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
          routeName = name
        } else if option.expression.trimmedDescription != "nil" {
          diagnose(option, "nameLiteral", "case '\(caseName)': the route's name must be a string literal")
          return nil
        }
      case "priority":
        guard let value = Int(option.expression.trimmedDescription.filter { $0 != " " }) else {
          diagnose(option, "priorityLiteral", "case '\(caseName)': the priority must be an integer literal")
          return nil
        }
        priority = value
      default: continue
      }
    }
    return (routeName, priority)
  }

  /// A path parameter's value: its optionality and, for a typed placeholder, its type.
  private func check(_ value: LinkValue, parameter: PatternParameter, optional: Bool, caseName: String) -> Bool {
    if optional, !value.isOptional {
      diagnose(
        value.node, "optionalGroup",
        "case '\(caseName)': '\(value.label)' lies in an optional group of the pattern, so it must be optional ('\(value.type)?')",
        fixIt: (value.node.type, "\(value.type)?", "make '\(value.label)' optional"))
      return false
    }
    if !optional, value.isOptional {
      diagnose(
        value.node, "alwaysPresent",
        "case '\(caseName)': '\(value.label)' is always in the path, so it cannot be optional ('\(value.baseType)')",
        fixIt: (value.node.type, value.baseType, "make '\(value.label)' non-optional"))
      return false
    }
    if value.isList {
      diagnose(
        value.node, "listForSegment",
        "case '\(caseName)': '\(value.label)' is one path segment; only a rest ('*\(value.label)') holds [String]")
      return false
    }
    if case .type(let typeName) = parameter.constraint.kind, let accepted = LinkTypes.accepted(by: typeName),
      LinkTypes.builtIn.contains(value.baseType), !accepted.contains(value.baseType)
    {
      let wanted = accepted.sorted().first ?? value.baseType
      diagnose(
        value.node, "wrongType",
        "case '\(caseName)': the placeholder '<\(typeName):\(value.label)>' reads \(wanted) values, but '\(value.label)' is \(value.baseType)",
        fixIt: (value.node.type, optional ? "\(wanted)?" : wanted, "change the type of '\(value.label)' to \(wanted)"))
      return false
    }
    return true
  }

  /// A query value's default: a link whose value is its default must print a URL that reads back
  /// as that value, so an optional's default is `nil` and a list's `[]`.
  private func checkQuery(_ value: LinkValue, caseName: String) -> Bool {
    guard let defaultValue = value.defaultValue else { return true }
    if value.isOptional, defaultValue != "nil" {
      diagnose(
        value.node, "optionalDefault",
        "case '\(caseName)': '\(value.label)' is optional, so an absent query item is nil; its default must be nil")
      return false
    }
    if value.isList, !value.isOptional, defaultValue != "[]" {
      diagnose(
        value.node, "listDefault",
        "case '\(caseName)': '\(value.label)' is a list, so an absent query item is []; its default must be []")
      return false
    }
    return true
  }

  /// A rest's value: `[String]`, optional in an optional group.
  private func checkRest(_ value: LinkValue, optional: Bool, caseName: String) -> Bool {
    guard value.isList, value.isOptional == optional else {
      let wanted = optional ? "[String]?" : "[String]"
      diagnose(
        value.node, "restType",
        "case '\(caseName)': the rest '*\(value.label)' holds its segments, so '\(value.label)' must be \(wanted)",
        fixIt: (value.node.type, wanted, "make '\(value.label)' \(wanted)"))
      return false
    }
    return true
  }

  /// The routes as one table, built with Waypoint's own checks (conflicts, duplicate names).
  private func checkTable(_ cases: [LinkCase]) -> Bool {
    var builder = RouteTableBuilder<Int>()
    builder.parameterTypes = LinkTypes.parameterTypes(for: cases.map(\.patternText))
    for (position, linkCase) in cases.enumerated() {
      builder.add(linkCase.patternText, name: linkCase.routeName, priority: linkCase.priority, payload: position)
    }
    do {
      _ = try builder.build()
      return true
    } catch {
      for problem in error.errors(as: RoutingError.self) {
        let position = problem.routePosition.flatMap { cases.indices.contains($0) ? $0 : nil }
        let node = position.map { Syntax(cases[$0].node) }
        let name = position.map { "case '\(cases[$0].name)': " } ?? ""
        if let node {
          context.diagnose(
            Diagnostic(node: node, message: LinkDiagnostic(problem.code.rawValue, name + problem.message)))
        }
      }
      return false
    }
  }

  private func diagnose(
    _ node: some SyntaxProtocol, _ id: String, _ message: String,
    fixIt: (type: TypeSyntax, replacement: String, message: String)? = nil
  ) {
    var fixIts: [FixIt] = []
    if let fixIt {
      let replacement = TypeSyntax(stringLiteral: fixIt.replacement).with(\.trailingTrivia, fixIt.type.trailingTrivia)
        .with(\.leadingTrivia, fixIt.type.leadingTrivia)
      fixIts.append(
        FixIt(
          message: LinkFixIt(message: fixIt.message),
          changes: [.replace(oldNode: Syntax(fixIt.type), newNode: Syntax(replacement))]))
    }
    context.diagnose(Diagnostic(node: Syntax(node), message: LinkDiagnostic(id, message), fixIts: fixIts))
  }
}

extension String {
  /// The name without the backticks that let it be a keyword.
  fileprivate var trimmingBackticks: String {
    hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
  }
}
