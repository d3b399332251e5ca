#if canImport(UIKit) && !os(watchOS) && !os(tvOS) && !os(visionOS) && !targetEnvironment(macCatalyst)
import UIKit

/// The deferred token the link service's preview page copied, read from the general pasteboard
/// on the app's first launch, for ``DeferredTokenSource`` (iOS and iPadOS: the pattern detection
/// it needs is not on Mac Catalyst or visionOS).
///
/// It first asks whether the pasteboard holds a web URL at all
/// (`detectedPatterns(for: [\.probableWebURL])`, which shows the user nothing), and reads the
/// text only then: reading shows iOS's paste prompt, which an app should not raise for a
/// pasteboard with no link on it. A text that is not a link of `service` is ignored.
///
/// To read without the prompt, put a `UIPasteControl` on the first screen instead and hand
/// the pasted text to the source's `token` closure.
///
/// ```swift
/// let source = DeferredTokenSource(service: "https://notes.example.com") {
///   await PasteboardToken.read(service: "https://notes.example.com")
/// } post: { url, body in try await redeem(url, body) }
/// ```
public enum PasteboardToken {
  /// The general pasteboard's text, trimmed, when it is a link of `service`; `nil` otherwise,
  /// and when the pasteboard holds no web URL (then nothing is read and no prompt is shown).
  ///
  /// - Parameter service: The link service's origin (`https://notes.example.com`).
  /// - Returns: The text, a token for ``DeferredTokenSource`` to check and redeem.
  public static func read(service: String) async -> String? {
    let pasteboard = UIPasteboard.general
    guard let found = try? await pasteboard.detectedPatterns(for: [\.probableWebURL]),
      found.contains(\UIPasteboard.DetectedValues.probableWebURL)
    else { return nil }
    let origin = service.hasSuffix("/") ? String(service.dropLast()) : service
    // Copied as selected text, the link may carry a newline or spaces around it (fourth
    // adapter review, E11): trimmed before it is judged, as the source trims it.
    guard let text = pasteboard.string?.trimmingCharacters(in: .whitespacesAndNewlines), text.hasPrefix(origin + "/")
    else { return nil }
    return text
  }
}
#endif
