/// The query items whose values never reach events, logs or messages: a signature, a token, a
/// one-time code.
///
/// A router redacts its events with ``RouterBuilder/redaction`` (`sig` and `token` unless the
/// app names others), and `LoggingMiddleware` its lines:
///
/// ```swift
/// builder.redaction = LinkRedaction(["sig", "token", "otp"])
/// LinkRedaction.standard.apply(to: "myapp://reset?token=abc&x=1")  // "myapp://reset?token=REDACTED&x=1"
/// ```
///
/// Names are compared decoded and exactly (`Token` is not `token`); the value becomes
/// `REDACTED`, so a reader still sees that the item was there.
public struct LinkRedaction: Sendable, Hashable {
  /// The names of the query items to redact.
  package var names: Set<String>

  /// Redacts the items named `names`.
  public init(_ names: Set<String>) {
    self.names = names
  }

  /// `sig` and `token`.
  public static let standard = LinkRedaction(["sig", "token"])

  /// Redacts nothing.
  public static let none = LinkRedaction([])

  /// `url` with the value of each sensitive query item replaced by `REDACTED`.
  package func apply(to url: String) -> String {
    guard !names.isEmpty, url.contains("?") else { return url }
    var link = LinkText(url)
    return link.redact(names) ? link.string : url
  }

  /// `error` with its URL redacted, and every sensitive item redacted in its message (which may
  /// quote several URLs: a redirect loop's, a callback's).
  package func apply(to error: RoutingError) -> RoutingError {
    guard !names.isEmpty else { return error }
    var copy = error
    copy.url = error.url.map(apply(to:))
    copy.message = applyToText(error.message)
    return copy
  }

  /// `text` with the value after each `?name=` or `&name=` of a sensitive name replaced, up to
  /// the next `&`, `#`, quote or space.
  func applyToText(_ text: String) -> String {
    guard text.contains("=") else { return text }
    var result = text
    for name in names {
      for lead in ["?", "&"] {
        let marker = lead + name + "="
        var searchStart = result.startIndex
        while let found = result[searchStart...].firstRange(of: marker) {
          let valueEnd = result[found.upperBound...].firstIndex { "&#'\" \n".contains($0) } ?? result.endIndex
          result.replaceSubrange(found.upperBound..<valueEnd, with: "REDACTED")
          searchStart = result.index(found.upperBound, offsetBy: "REDACTED".count)
        }
      }
    }
    return result
  }
}
