// The general pasteboard, as far as the deferred token's reader uses it (a model, not Apple's
// code).

/// https://developer.apple.com/documentation/uikit/uipasteboard — `class UIPasteboard : NSObject`
/// (unavailable on tvOS and watchOS).
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class UIPasteboard: NSObject {
  /// https://developer.apple.com/documentation/uikit/uipasteboard/general — `class var general:
  /// UIPasteboard { get }`
  open class var general: UIPasteboard { UIPasteboard._modelGeneral }
  nonisolated(unsafe) private static let _modelGeneral = UIPasteboard()

  /// https://developer.apple.com/documentation/uikit/uipasteboard/string — `var string: String?
  /// { get set }`. Reading it shows the paste prompt (iOS 16), which the model counts.
  open var string: String? {
    get {
      _modelPromptsShown += 1
      return _modelString
    }
    set { _modelString = newValue }
  }

  /// Model only: the text on the pasteboard, set without a prompt.
  public var _modelString: String?
  /// Model only: how many times reading showed the paste prompt.
  public var _modelPromptsShown = 0

  /// https://developer.apple.com/documentation/uikit/uipasteboard/detectedvalues — `struct
  /// DetectedValues` (iOS 15; not on Mac Catalyst or visionOS); only the member the reader uses.
  @available(visionOS, unavailable)
  public struct DetectedValues {
    /// https://developer.apple.com/documentation/uikit/uipasteboard/detectedvalues/probableweburl
    /// — `var probableWebURL: String { get }`
    public var probableWebURL: String { "" }
  }

  /// https://developer.apple.com/documentation/uikit/uipasteboard/detectedpatterns(for:) —
  /// `func detectedPatterns(for keyPaths: Set<PartialKeyPath<UIPasteboard.DetectedValues>>)
  /// async throws -> Set<PartialKeyPath<UIPasteboard.DetectedValues>>` (iOS 15; not on Mac
  /// Catalyst or visionOS). It shows no prompt: the model finds a web URL when the text, the
  /// spaces and newlines around it aside (a link copied as selected text), starts with `http://`
  /// or `https://` and has no space inside.
  @available(visionOS, unavailable)
  open func detectedPatterns(
    for keyPaths: Set<PartialKeyPath<UIPasteboard.DetectedValues>>
  ) async throws -> Set<PartialKeyPath<UIPasteboard.DetectedValues>> {
    guard keyPaths.contains(\UIPasteboard.DetectedValues.probableWebURL),
      let text = _modelString?.trimmingCharacters(in: .whitespacesAndNewlines),
      text.hasPrefix("http://") || text.hasPrefix("https://"), !text.contains(" ")
    else { return [] }
    return [\UIPasteboard.DetectedValues.probableWebURL]
  }
}
