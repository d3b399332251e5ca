public import WaypointMatching

/// Stops the run with a report libFuzzer saves as a crash, when an invariant does not hold.
public func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
  line: UInt = #line
) {
  if !condition() { fatalError("invariant broken: \(message())", file: file, line: line) }
}

/// Requires `error` to carry one of the documented `codes`.
public func require(_ error: RoutingError, isOneOf codes: [RoutingError.Code], input: String) {
  require(codes.contains(error.code), "undocumented error \(error.code) for \(input.debugDescription): \(error)")
  require(!error.message.isEmpty, "an error without a message for \(input.debugDescription)")
}

/// Requires a build error to hold at least one error, each with one of the documented `codes`
/// and a message.
public func require(_ error: BuildError, isOneOf codes: Set<String>, input: String) {
  require(!error.errors.isEmpty, "a build error without errors for \(input.debugDescription)")
  for problem in error.errors {
    let code = problem.code.rawValue
    require(codes.contains(code), "undocumented error \(code) for \(input.debugDescription): \(problem)")
    require(!problem.message.isEmpty, "an error without a message for \(input.debugDescription)")
  }
}

/// The options a fuzz input runs under, picked by its first byte so every combination is reached.
public func options(from selector: UInt8, allowingRawPaths: Bool = true) -> MatchingOptions {
  var options = MatchingOptions()
  options.host = MatchingOptions.HostMode.allCases[Int(selector & 3) % 3]
  options.caseSensitive = selector & 4 == 0
  options.trailingSlash = selector & 8 == 0 ? .ignore : .strict
  if allowingRawPaths {
    options.emptySegments = selector & 16 == 0 ? .collapse : .keep
    options.decodePath = selector & 32 == 0
  }
  options.plusAsSpace = selector & 64 == 0
  options.fragmentAsQuery = selector & 128 != 0
  return options
}

/// Values tried, in turn, for a parameter when printing a URL from a fuzzed pattern.
public let sampleValues = [
  "7", "abc", "x-1", "42", "true", "0.5", "A_b", "ff", "123e4567-e89b-12d3-a456-426614174000", "a b/c%?#", "é",
  "0", "aaaa", "Z9",
]

/// Prints a URL for `route` from sample values its constraints accept, with `print`, and requires
/// it to open that route with exactly those values through `table`; where printing refuses
/// (`unprintableURL`), requires the URL it names to open something else.
public func requirePrintedURLOpens<Payload>(
  _ route: Route<Payload>, in table: RouteTable<Payload>,
  print: ([String: ParameterValue]) throws(RoutingError) -> String
) {
  var choice: [String: Int] = [:]
  var rests: Set<String> = []
  for segment in route.pattern.segments {
    switch segment.kind {
    case .parameter(let parameter): choice[parameter.name] = 0
    case .rest(let name?):
      choice[name] = 0
      rests.insert(name)
    default: break
    }
  }
  for _ in 0..<(sampleValues.count * max(choice.count, 1) + 1) {
    var values: [String: ParameterValue] = [:]
    for (name, index) in choice {
      values[name] = rests.contains(name) ? .segments([sampleValues[index], "r 2"]) : .value(sampleValues[index])
    }
    let source = route.pattern.source
    do {
      let url = try print(values)
      let match: RouteMatch<Payload>?
      do {
        match = try table.match(url)
      } catch {
        require(false, "\(source.debugDescription) printed \(url.debugDescription), which does not parse: \(error)")
        return
      }
      require(
        match.map { $0.route.position == route.position && captured(values, by: $0) } ?? false,
        "\(source.debugDescription) printed \(url.debugDescription) from \(values), which opens "
          + (match.map { "\($0.route.pattern.source.debugDescription) with \($0.parameters)" } ?? "nothing"))
      return
    } catch  where error.code == .unprintableURL {
      let opened = error.url.flatMap { try? table.match($0) }
      require(
        opened.map { $0.route.position != route.position || !captured(values, by: $0) } ?? true,
        "printing \(source.debugDescription) with \(values) was refused, yet its URL opens it: \(error)")
      return
    } catch {
      require(error, isOneOf: [.invalidParameter], input: source)
      guard let name = error.parameter, let index = choice[name], index + 1 < sampleValues.count else { return }
      choice[name] = index + 1
    }
  }
}

/// Whether `match` captured exactly `values`.
public func captured<Payload>(_ values: [String: ParameterValue], by match: RouteMatch<Payload>) -> Bool {
  var found: [String: ParameterValue] = [:]
  for (name, value) in match.parameters { found[name] = .value(value) }
  for (name, value) in values {
    if case .segments(let segments) = value {
      guard match.rest == segments else { return false }
      found[name] = value
    }
  }
  return found == values
}

/// Lines of a fuzz input: the text after the first byte, split on newlines.
public func lines(of bytes: UnsafeBufferPointer<UInt8>) -> [String] {
  String(decoding: bytes.dropFirst(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    .map(String.init)
}
