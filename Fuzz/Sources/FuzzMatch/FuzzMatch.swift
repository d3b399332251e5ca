import FuzzSupport
import Waypoint
import WaypointMatching

/// Matching: a table built from fuzzed patterns, then fuzzed URLs.
///
/// The table and ``ReferenceMatcher`` (the precedence rules written plainly) list the same
/// candidates in the same order, with the same parameters and rest; `match` is the first of the
/// candidates; and a router built from the same routes says `canOpen` exactly when `open` finds
/// the route, from inside and outside.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let selector = bytes.first else { return 0 }
  let options = options(from: selector)
  let input = lines(of: bytes)
  let patternCount = min(input.count, Int(selector % 5) + 1)
  var accepted: [String] = []
  for pattern in input.prefix(patternCount) {
    var trial = RouteTableBuilder<Int>(options: options)
    for (index, kept) in (accepted + [pattern]).enumerated() { trial.add(kept, payload: index) }
    do {
      _ = try trial.build()
      accepted.append(pattern)
    } catch {
      require(error, isOneOf: ["invalidPattern", "conflict"], input: pattern)
    }
  }
  var builder = RouteTableBuilder<Int>(options: options)
  var routerBuilder = RouterBuilder(options: options)
  for (index, pattern) in accepted.enumerated() {
    builder.add(pattern, payload: index)
    routerBuilder.add(pattern, name: "r\(index)", exposure: index.isMultiple(of: 2) ? .public : .internal) { _ in
      index
    }
  }
  guard let table = try? builder.build() else {
    require(false, "routes that built one by one do not build together")
    return 0
  }
  let router: Router
  do {
    router = try routerBuilder.build()
  } catch {
    require(false, "a router does not build from routes its table accepts: \(error)")
    return 0
  }
  let reference = ReferenceMatcher(table)
  for url in input.dropFirst(patternCount) {
    let best: RouteMatch<Int>?
    do {
      best = try table.match(url)
    } catch {
      require(error, isOneOf: [.invalidURL], input: url)
      require(!router.canOpen(url), "canOpen accepts a URL the table refuses")
      continue
    }
    if let parsed = try? table.parse(url) {
      let found = table.candidates(for: parsed).map { ReferenceMatcher.Match($0, in: table) }
      let expected = reference.candidates(for: parsed)
      require(found == expected, "for \(url.debugDescription) the table lists \(found), the reference \(expected)")
    }
    let first = try? table.candidates(for: url).first { _ in true }
    require(best?.payload == first?.payload, "match and the first candidate differ for \(url.debugDescription)")
    if let best {
      require(best.parameters.keys.allSatisfy(best.route.pattern.parameterNames.contains), "a stray parameter")
    }
    for origin in [Origin.internal, .external()] {
      let canOpen = router.canOpen(url, origin: origin)
      let outcome = blocking { try? await router.open(url, origin: origin).value(as: Int.self) }
      require(canOpen == (outcome != nil), "canOpen is \(canOpen) but open gave \(String(describing: outcome))")
      if origin == .internal { require(outcome == best?.payload, "open chose another route than match") }
    }
  }
  return 0
}
