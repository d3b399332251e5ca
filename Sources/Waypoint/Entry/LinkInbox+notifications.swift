#if canImport(FoundationEssentials)
package import FoundationEssentials
#else
package import Foundation
#endif

/// A tapped notification, read where its response arrived: the link and its origin, or why it
/// opens nothing.
package struct NotificationTap: Sendable {
  /// The link, with the notification's origin, the identifier it is opened once under, and its
  /// delivery (a notification posted again under the identifier is delivered anew).
  let opening: (link: String, origin: Origin, id: String, delivery: String?)?
  /// Why it is not opened: a dismissal, an action that opens no link, a link of the wrong kind.
  let refusal: RoutingError?

  /// Reads a notification: `nil` when its payload holds nothing under `key` (no link, no failure).
  ///
  /// - Parameters:
  ///   - payload: The notification's `userInfo`.
  ///   - key: The key its link is under.
  ///   - identifier: The request's identifier.
  ///   - action: The action the user chose.
  ///   - date: The delivery date, which tells a notification posted again from the same one.
  ///   - policy: Which actions open the link.
  package init?(
    payload: [AnyHashable: Any], key: String, identifier: String, action: String?, date: Date?,
    policy: LinkInbox.Policy
  ) {
    guard payload[key] != nil else { return nil }
    let link: String
    do {
      link = try Router.link(inNotification: payload, key: key)
    } catch {
      (opening, refusal) = (nil, error)
      return
    }
    if let reason = policy.refusal(ofNotificationAction: action) {
      (opening, refusal) = (nil, RoutingError(.dropped, "'\(link)' was not opened: \(reason)", url: link))
      return
    }
    let origin = Origin.notification(identifier: identifier, action: action, payload: payload)
    // One tap reported by the scene and by the delegate carries one notification: its
    // identifier and delivery date; a notification posted again under the identifier (a chat
    // thread's) has a new delivery date, and is a new tap.
    (opening, refusal) = ((link, origin, identifier, date.map { "\($0.timeIntervalSinceReferenceDate)" }), nil)
  }
}

extension LinkInbox {
  /// Takes a tapped notification: the one path of every notification door
  /// (`WaypointApp.receiveNotification(_:)`, `SceneLinks.open(_:)`); a refused one ends in
  /// `completion` alone.
  package func receive(
    _ tap: NotificationTap, extras: [String: any Sendable] = [:], completion: Completion? = nil
  ) {
    guard let opening = tap.opening else {
      if let refusal = tap.refusal { completion?(.failure(refusal)) }
      return
    }
    _ = accept(
      opening.link, origin: opening.origin, extras: extras, id: opening.id, delivery: opening.delivery,
      completion: completion)
  }
}
