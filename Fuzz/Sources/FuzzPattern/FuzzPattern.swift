import FuzzSupport
import WaypointMatching

/// Pattern parsing, compilation and printing.
///
/// The input's first line is a pattern: any text compiles or fails with `invalidPattern` and a column
/// inside the pattern, and a URL printed from the pattern alone opens it with the same parameters.
/// Every line that builds joins a table (priorities alternate 0 and 1), and a URL printed for each
/// of its routes opens, through the whole table, that route with the same parameters; a refusal
/// (`unprintableURL`) names a URL that really opens something else.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let selector = bytes.first else { return 0 }
  let options = options(from: selector, allowingRawPaths: false)
  let input = lines(of: bytes)
  let text = input.first ?? ""
  if let pattern = parsePattern(text, options: options) {
    var builder = RouteTableBuilder<Int>(options: options)
    builder.add(text, payload: 0)
    _ = builder.diagnose()
    do {
      let table = try builder.build()
      if let route = table.routes.first {
        requirePrintedURLOpens(route, in: table) { values throws(RoutingError) in try pattern.url(parameters: values) }
      }
    } catch {
      require(false, "a pattern that parses does not build: \(error)")
    }
  }
  let table = tableOfLines(input.prefix(6), options: options)
  for route in table.routes {
    guard let name = route.name else { continue }
    requirePrintedURLOpens(route, in: table) { values throws(RoutingError) in
      try table.url(for: name, parameters: values)
    }
  }
  return 0
}

/// The pattern, or `nil` after checking that its error is `invalidPattern` quoting it with a column inside it.
func parsePattern(_ text: String, options: MatchingOptions) -> RoutePattern? {
  do {
    return try RoutePattern(text, options: options)
  } catch {
    require(error, isOneOf: [.invalidPattern], input: text)
    require(error.pattern == text, "the error does not quote the pattern")
    if let column = error.column {
      require(column >= 1 && column <= text.count + 1, "column \(column) outside the pattern")
    }
    return nil
  }
}

/// A table of the lines that build together, named `r0`, `r1`, … with priorities 0, 1, 0 and so on.
func tableOfLines(_ lines: ArraySlice<String>, options: MatchingOptions) -> RouteTable<Int> {
  var accepted: [String] = []
  func builder(_ patterns: [String]) -> RouteTableBuilder<Int> {
    var builder = RouteTableBuilder<Int>(options: options)
    for (index, pattern) in patterns.enumerated() {
      builder.add(pattern, name: "r\(index)", priority: index % 2, payload: index)
    }
    return builder
  }
  for line in lines {
    do {
      _ = try builder(accepted + [line]).build()
      accepted.append(line)
    } catch {
      require(error, isOneOf: ["invalidPattern", "conflict"], input: line)
    }
  }
  guard let table = try? builder(accepted).build() else {
    fatalError("invariant broken: routes that built one by one do not build together")
  }
  return table
}
