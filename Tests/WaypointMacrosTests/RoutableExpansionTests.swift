import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import SwiftSyntaxMacrosTestSupport
import WaypointMacrosPlugin
import XCTest

/// What `@Routable` writes, and the compile errors it reports on the case at fault.
final class RoutableExpansionTests: XCTestCase {
  let macros: [String: any Macro.Type] = ["Routable": RoutableMacro.self, "Route": RouteMacro.self]

  func testExpansion() {
    assertMacroExpansion(
      """
      @Routable
      public enum Link {
        @Route("app://note/<int:id>", exposure: .public) case note(id: Int)
        @Route("app://search", name: "find") case search(query: String, page: Int = 1, tag: String?)
        @Route("app://home") case home
      }
      """,
      expandedSource: """
        public enum Link {
          case note(id: Int)
          case search(query: String, page: Int = 1, tag: String?)
          case home

            public static let routeDefinitions: [RouteDefinition] = [
              RouteDefinition(pattern: "app://note/<int:id>", name: "note", exposure: .public),
              RouteDefinition(pattern: "app://search", name: "find"),
              RouteDefinition(pattern: "app://home", name: "home")
            ]

            public init(route name: String, request: RouteRequest) throws(RoutingError) {
              switch name {
              case "note":
                self = .note(id: try request.linkValue("id", from: .path, as: (Int).self))
              case "find":
                self = .search(query: try request.linkValue("query", from: .query, as: (String).self), page: try request.linkValue("page", from: .query, as: (Int)?.self) ?? (1), tag: try request.linkValue("tag", from: .query, as: (String?).self))
              case "home":
                self = .home
              default:
                throw RoutingError(.unknownRoute, "\\(Self.self) has no route named '\\(name)'", routeName: name)
              }
            }

            public var routeValues: RouteValues {
              switch self {
              case .note(let value0):
                var values = RouteValues("note")
                values.parameters["id"] = ParameterValue(linkValue: value0)
                return values
              case .search(let value0, let value1, let value2):
                var values = RouteValues("find")
                values.query.append(QueryItem(name: "query", linkValue: value0))
                values.query.append(QueryItem(name: "page", linkValue: value1))
                if let value2Value = value2 {
                    values.query.append(QueryItem(name: "tag", linkValue: value2Value))
                }
                return values
              case .home:
                return RouteValues("home")
              }
            }
        }
        """,
      macros: macros)
  }

  /// Expands `body` inside a `@Routable enum Link`, expecting exactly `diagnostics`.
  private func assertDiagnostics(
    _ body: String, _ diagnostics: [DiagnosticSpec], file: StaticString = #filePath, line: UInt = #line
  ) {
    let source = "@Routable\nenum Link {\n\(body)\n}"
    let stripped = body.replacing(#/@Route\((?:[^()]|\([^()]*\))*\) /#, with: "")
    assertMacroExpansion(
      source, expandedSource: "enum Link {\n\(stripped)\n}", diagnostics: diagnostics, macros: macros,
      file: file, line: line)
  }

  func testPlaceholderWithoutValue() {
    assertDiagnostics(
      #"  @Route("app://note/<int:id>") case note(number: Int)"#,
      [
        DiagnosticSpec(
          message: "case 'note': the placeholder 'id' of 'app://note/<int:id>' has no associated value named 'id'",
          line: 3, column: 38)
      ])
  }

  func testUnlabeledValue() {
    assertDiagnostics(
      #"  @Route("app://note/<int:id>") case note(Int)"#,
      [
        DiagnosticSpec(
          message:
            "case 'note': every associated value needs a label, the name of its placeholder or query item",
          line: 3, column: 43)
      ])
  }

  func testWrongType() {
    assertDiagnostics(
      #"  @Route("app://note/<int:id>") case note(id: String)"#,
      [
        DiagnosticSpec(
          message: "case 'note': the placeholder '<int:id>' reads Int values, but 'id' is String", line: 3,
          column: 43, fixIts: [FixItSpec(message: "change the type of 'id' to Int")])
      ])
  }

  func testOptionalGroupNotOptional() {
    assertDiagnostics(
      #"  @Route("app://settings(/:section)") case settings(section: String)"#,
      [
        DiagnosticSpec(
          message:
            "case 'settings': 'section' lies in an optional group of the pattern, so it must be optional ('String?')",
          line: 3, column: 53, fixIts: [FixItSpec(message: "make 'section' optional")])
      ])
  }

  func testInvalidPattern() {
    assertDiagnostics(
      #"  @Route("app://note/<int:id") case note(id: Int)"#,
      [
        DiagnosticSpec(
          message: "case 'note': invalid pattern 'app://note/<int:id' at column 19: expected '>' to close '<int:id'",
          line: 3, column: 10)
      ])
  }

  func testConflict() {
    assertDiagnostics(
      """
        @Route("app://item/:id") case item(id: String)
        @Route("app://item/:key") case other(key: String)
      """,
      [
        DiagnosticSpec(
          message:
            "case 'other': routes 'app://item/:id' (item) and 'app://item/:key' (other) conflict: some URLs match both the same way, with the same priority (0), and parameter names do not tell routes apart; tell them apart with a typed parameter (such as '<int:id>'), a constraint (such as ':id([0-9]+)'), a different literal, or a higher priority for one of them",
          line: 4, column: 34)
      ])
  }

  func testCaseWithoutRoute() {
    assertDiagnostics(
      "  case note(id: Int)",
      [
        DiagnosticSpec(
          message: "case 'note' has no @Route: every case of a @Routable enum is a route", line: 3, column: 3)
      ])
  }

  func testOptionalQueryDefault() {
    assertDiagnostics(
      #"  @Route("app://search") case search(query: String? = "all")"#,
      [
        DiagnosticSpec(
          message: "case 'search': 'query' is optional, so an absent query item is nil; its default must be nil",
          line: 3, column: 38)
      ])
  }
}
