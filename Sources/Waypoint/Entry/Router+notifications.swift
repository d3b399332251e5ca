#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// A notification's payload, one of the doors a link comes in by.

extension Router {
  /// Opens the link a notification carries, as an external open from ``Origin/notification``.
  ///
  /// ```swift
  /// // userInfo: ["aps": […], "link": "notes://note/42"]
  /// try await router.openNotification(response.notification.request.content.userInfo)
  /// ```
  ///
  /// - Parameters:
  ///   - payload: The notification's `userInfo`.
  ///   - key: The key the link is under (`link` by default); its value is a string or a `URL`.
  ///   - extras: In-process values for the handler.
  /// - Returns: The route that handled the link and the handler's value.
  /// - Throws: `missingLink` naming the key and the keys the payload has, when there is no link
  ///   under `key`; otherwise what ``open(_:origin:extras:)-(String,_,_)`` throws.
  public func openNotification(
    _ payload: [AnyHashable: Any], key: String = "link", extras: [String: any Sendable] = [:]
  ) async throws(RoutingError) -> RouteResult {
    let link = try Self.link(inNotification: payload, key: key)
    return try await open(link, origin: .notification, extras: extras)
  }

  /// The link a notification payload holds under `key`.
  ///
  /// - Parameters:
  ///   - payload: The notification's `userInfo`.
  ///   - key: The key the link is under (`link` by default); its value is a string or a `URL`.
  /// - Returns: The string, or the `URL`'s absolute string.
  /// - Throws: `missingLink` when there is none, or it is neither a string nor a `URL`.
  public static func link(inNotification payload: [AnyHashable: Any], key: String = "link") throws(RoutingError)
    -> String
  {
    switch payload[key] {
    case let text as String where !text.isEmpty:
      return text
    case let url as URL:
      return url.absoluteString
    case nil, "" as String:
      let keys = payload.keys.map { "\($0)" }.sorted()
      throw RoutingError(
        .missingLink,
        "the notification has no link under '\(key)'"
          + (keys.isEmpty ? " (it has no keys)" : " (its keys: \(keys.joined(separator: ", ")))"))
    case let other?:
      throw RoutingError(
        .missingLink, "the notification's '\(key)' is a \(type(of: other)), not a link (a string or a URL)")
    }
  }
}
