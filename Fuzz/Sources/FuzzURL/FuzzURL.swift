import FuzzSupport
import WaypointMatching

/// URL parsing: any bytes either parse or fail with `invalidURL`; a parsed URL respects the
/// limits, parses the same way twice, and its segments survive being printed and read again.
///
/// Editing any text's query (redacting sensitive items, taking campaign items out) keeps its
/// other items and leaves no sensitive value or campaign item behind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let selector = bytes.first else { return 0 }
  let options = options(from: selector)
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  checkQueryEdits(text)
  let url: ParsedURL
  do {
    url = try ParsedURL(text, options: options)
  } catch {
    require(error, isOneOf: [.invalidURL], input: text)
    return 0
  }
  require(text.utf8.count <= options.maxURLLength, "a URL over the length limit parsed")
  for segment in url.segments {
    require(segment.utf8.count <= options.maxSegmentLength, "a segment over the length limit parsed")
    require(options.emptySegments == .keep || !segment.isEmpty, "an empty segment was kept")
  }
  _ = url.queryItems
  _ = url.fragment
  guard let again = try? ParsedURL(text, options: options) else {
    require(false, "a URL parsed once and failed the second time")
    return 0
  }
  require(again.segments == url.segments && again.host == url.host, "parsing is not deterministic")
  // Printing the decoded segments and reading them back gives the same segments.
  guard options.decodePath, !url.segments.isEmpty, !url.segments.contains(where: \.isEmpty) else { return 0 }
  var plain = options
  plain.host = .host
  guard let rest = try? RoutePattern("/*rest", options: plain) else { return 0 }
  do {
    let printed = try rest.url(parameters: ["rest": .segments(url.segments.map(String.init))])
    let reread = try ParsedURL(printed, options: plain)
    require(reread.segments == url.segments, "segments \(url.segments) came back as \(reread.segments)")
  } catch {
    // A segment over the length limit once encoded is refused with a clear error, never crashes:
    // printing refuses a URL it could not read back.
    require(error, isOneOf: [.unprintableURL, .invalidParameter], input: text)
  }
  return 0
}

/// Redaction keeps every item and leaves no decodable `sig` or `token` with its value; taking
/// campaign items out leaves none.
func checkQueryEdits(_ text: String) {
  var redacted = LinkText(text)
  let count = redacted.items?.count
  redacted.redact(["sig", "token"])
  require(redacted.items?.count == count, "redaction changed the number of query items of \(text.debugDescription)")
  for raw in redacted.items ?? [] {
    guard let item = LinkText.decode(raw), item.name == "sig" || item.name == "token" else { continue }
    require(item.value == "REDACTED", "the sensitive item \(raw) of \(text.debugDescription) kept its value")
  }
  var taken = LinkText(text)
  _ = taken.remove { $0.name.hasPrefix("utm_") }
  let left = (taken.items ?? []).contains { LinkText.decode($0)?.name.hasPrefix("utm_") == true }
  require(!left, "a campaign item of \(text.debugDescription) stayed")
}
