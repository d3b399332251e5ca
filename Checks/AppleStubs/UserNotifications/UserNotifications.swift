// Interface stubs of the UserNotifications declarations Waypoint's adapters use, for the Linux
// check only (no product depends on this folder). Each declaration copies the page named beside
// it; bodies are a model, not Apple's code.
@_exported import Foundation

/// https://developer.apple.com/documentation/usernotifications/unnotificationresponse
/// `class UNNotificationResponse` (no `@MainActor` on the page; the page lists no tvOS).
@available(tvOS, unavailable)
open class UNNotificationResponse: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/notification
  /// `@NSCopying var notification: UNNotification { get }`
  public var notification: UNNotification { storedNotification }
  /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/actionidentifier
  /// `var actionIdentifier: String { get }` (not tvOS): an action's identifier, or
  /// `UNNotificationDefaultActionIdentifier` for a plain tap.
  @available(tvOS, unavailable)
  public var actionIdentifier: String { storedAction }
  private let storedAction: String
  private let storedNotification: UNNotification
  /// Model only: apps never make responses.
  @available(tvOS, unavailable)
  public init(_model notification: UNNotification, action: String = "com.apple.UNNotificationDefaultActionIdentifier") {
    storedNotification = notification
    storedAction = action
  }
}

/// https://developer.apple.com/documentation/usernotifications/unnotification
open class UNNotification: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotification/request
  /// `@NSCopying var request: UNNotificationRequest { get }`
  public var request: UNNotificationRequest { storedRequest }
  /// https://developer.apple.com/documentation/usernotifications/unnotification/date
  /// `var date: Date { get }`: "The delivery date of the notification." A notification posted
  /// again under the same identifier is delivered again, with a new date.
  public var date: Date { storedDate }
  private let storedRequest: UNNotificationRequest
  private let storedDate: Date
  /// Model only: a notification delivered at `date`.
  public init(_model request: UNNotificationRequest, date: Date = Date()) {
    storedRequest = request
    storedDate = date
  }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationrequest
/// `class UNNotificationRequest`
open class UNNotificationRequest: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/identifier
  /// `var identifier: String { get }`
  public var identifier: String { storedIdentifier }
  private let storedIdentifier: String
  /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/content
  /// `@NSCopying var content: UNNotificationContent { get }`
  public var content: UNNotificationContent { storedContent }
  private let storedContent: UNNotificationContent
  /// Model only.
  public init(_model content: UNNotificationContent, identifier: String = UUID().uuidString) {
    storedContent = content
    storedIdentifier = identifier
  }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationcontent
/// `class UNNotificationContent`
open class UNNotificationContent: NSObject {
  /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo
  /// `var userInfo: [AnyHashable : Any] { get }` (non-optional, get-only)
  public var userInfo: [AnyHashable: Any] { storedUserInfo }
  private let storedUserInfo: [AnyHashable: Any]
  /// Model only.
  public init(_model userInfo: [AnyHashable: Any]) { storedUserInfo = userInfo }
}

/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
/// `class UNUserNotificationCenter` (apps never make one: `current()`).
open class UNUserNotificationCenter: NSObject {
  private override init() {}

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
  /// `class func current() -> UNUserNotificationCenter`
  open class func current() -> UNUserNotificationCenter { UNUserNotificationCenter() }

  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
  /// `weak var delegate: (any UNUserNotificationCenterDelegate)? { get set }`
  open weak var delegate: (any UNUserNotificationCenterDelegate)?
}

/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
/// `protocol UNUserNotificationCenterDelegate : NSObjectProtocol` — no `@MainActor`; its
/// requirements are `optional`, modelled as plain requirements with empty defaults.
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
  /// `optional func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping @Sendable () -> Void)`
  /// (not tvOS; a Swift protocol cannot mark a requirement unavailable, so it is left out there)
  #if !os(tvOS)
  func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void)
  #endif
}

#if !os(tvOS)
extension UNUserNotificationCenterDelegate {
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
    withCompletionHandler completionHandler: @escaping @Sendable () -> Void
  ) {}
}
#endif

/// https://developer.apple.com/documentation/usernotifications/unnotificationdismissactionidentifier
/// `let UNNotificationDismissActionIdentifier: String` (not tvOS): the action of a response whose
/// notification the user dismissed, delivered when its category has `customDismissAction`
@available(tvOS, unavailable)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

/// https://developer.apple.com/documentation/usernotifications/unnotificationdefaultactionidentifier
/// `let UNNotificationDefaultActionIdentifier: String` (not tvOS)
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"
