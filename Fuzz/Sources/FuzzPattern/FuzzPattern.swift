import FuzzSupport
import WaypointMatching

/// Pattern parsing and compilation: any text compiles or fails with `invalidPattern` and a
/// column inside the pattern; a URL printed from a compiled pattern is matched by that pattern
/// with the same parameters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPattern(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let selector = bytes.first else { return 0 }
  let options = options(from: selector, allowingRawPaths: false)
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  let pattern: RoutePattern
  do {
    pattern = try RoutePattern(text, options: options)
  } catch {
    require(error, isOneOf: [.invalidPattern], input: text)
    require(error.pattern == text, "the error does not quote the pattern")
    if let column = error.column {
      require(column >= 1 && column <= text.count + 1, "column \(column) outside the pattern")
    }
    return 0
  }
  var builder = RouteTableBuilder<Int>(options: options)
  builder.add(text, payload: 0)
  let table: RouteTable<Int>
  do {
    table = try builder.build()
  } catch {
    require(false, "a pattern that parses does not build: \(error)")
    return 0
  }
  _ = builder.diagnose()
  guard let (url, values) = sampleURL(for: pattern) else { return 0 }
  do {
    let matches = try table.candidates(for: url)
    require(
      matches.contains { captured(values, by: $0) },
      "\(text.debugDescription) printed \(url.debugDescription) from \(values), which it does not match back")
  } catch {
    require(error, isOneOf: [.invalidURL], input: url)
    require(
      error.message.contains("limit"), "a printed URL is invalid for another reason than a limit: \(error)")
  }
  return 0
}
