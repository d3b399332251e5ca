import Testing

@testable import WaypointMatching

/// A table keeps each route's pattern as text and parses it again when asked; what it gives back
/// must be what the route was built from, custom parameter types included.
@Suite("Stored patterns")
struct StoredPatternTests {
  static let slug = ParameterType("slug") { value in
    value.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 97 && $0 <= 122) }
  }

  @Test("a route's pattern, read again, equals the pattern parsed with the table's options and types")
  func readAgain() throws {
    var options = MatchingOptions()
    options.caseSensitive = false
    var builder = RouteTableBuilder<Int>(options: options)
    builder.parameterTypes.register(Self.slug)
    let sources = [
      "myapp://User/<int:id>(/edit)", "/posts/<slug:post>", "https://example.com/a/item-:id.html", "/files/*rest",
    ]
    for (index, source) in sources.enumerated() { builder.add(source, name: "r\(index)", payload: index) }
    let table = try builder.build()
    for (route, source) in zip(table.routes, sources) {
      let expected = try RoutePattern(source, options: options, parameterTypes: builder.parameterTypes)
      #expect(route.pattern.source == source)
      #expect(route.pattern.description == expected.description)
      #expect(route.pattern.segments.map(\.description) == expected.segments.map(\.description))
      #expect(route.pattern.parameterNames == expected.parameterNames)
      #expect(route.pattern.scheme == expected.scheme && route.pattern.host == expected.host)
      #expect(route.pattern.groupCount == expected.groupCount)
    }
    // Printing reads the pattern again, with the custom type.
    #expect(try table.url(for: "r1", parameters: ["post": "hello-world"]) == "/posts/hello-world")
    #expect(throws: RoutingError.self) { try table.url(for: "r1", parameters: ["post": "Nope!"]) }
    #expect(table.routesInPrecedenceOrder.map(\.payload) == [2, 0, 1, 3])
  }

  @Test("a pattern with a custom type prints a URL on its own, without a table to read it again")
  func singlePattern() throws {
    var types = ParameterTypes()
    types.register(Self.slug)
    let pattern = try RoutePattern("/posts/<slug:post>(/:page)", parameterTypes: types)
    #expect(try pattern.url(parameters: ["post": "a-b", "page": "2"]) == "/posts/a-b/2")
  }

  @Test("typed parameters without prefix or suffix share their type's details; affixed ones do not")
  func sharedDetails() throws {
    let first = try RoutePattern("/a/<int:id>")
    let second = try RoutePattern("/b/<int:other>")
    let affixed = try RoutePattern("/c/n<int:id>")
    guard case .parameter(let one) = first.segments[1].kind, case .parameter(let two) = second.segments[1].kind,
      case .parameter(let three) = affixed.segments[1].kind
    else {
      Issue.record("expected parameters")
      return
    }
    #expect(one.hasShape(of: two))
    #expect(one.constraint.accepts("42") && !two.constraint.accepts("x"))
    #expect(!one.hasShape(of: three) && three.prefix == "n")
    #expect(one.name == "id" && two.name == "other")
  }
}
