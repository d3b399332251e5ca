// Foundation declarations that Apple platforms have and Linux Foundation lacks, which the
// UIKit and SwiftUI stubs re-export as the SDKs do; for the Linux check only.
@_exported import Foundation

/// https://developer.apple.com/documentation/foundation/nsuseractivity
open class NSUserActivity: NSObject {
  /// https://developer.apple.com/documentation/foundation/nsuseractivity/activitytype — `var activityType: String { get }`
  /// (set at initialization, never changed).
  public let activityType: String
  /// https://developer.apple.com/documentation/foundation/nsuseractivity/webpageurl
  /// `var webpageURL: URL? { get set }`
  open var webpageURL: URL?
  /// https://developer.apple.com/documentation/foundation/nsuseractivity/userinfo
  /// `var userInfo: [AnyHashable : Any]? { get set }` (optional)
  open var userInfo: [AnyHashable: Any]?
  /// https://developer.apple.com/documentation/foundation/nsuseractivity/referrerurl
  /// `var referrerURL: URL? { get set }` (iOS 11.0)
  open var referrerURL: URL?

  /// https://developer.apple.com/documentation/foundation/nsuseractivity/init(activitytype:) — `init(activityType: String)`
  public init(activityType: String) {
    self.activityType = activityType
  }
}

/// https://developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
/// `let NSUserActivityTypeBrowsingWeb: String`
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

/// https://developer.apple.com/documentation/foundation/localizedstringresource — `struct LocalizedStringResource`
/// (iOS 16): a reference to a localizable string, looked up later; a string literal makes one
/// (the App Intents pages' `static let title: LocalizedStringResource = "…"`).
public struct LocalizedStringResource: Sendable, ExpressibleByStringLiteral {
  /// Model only: the key (and default value) it was made with.
  public let _modelKey: String
  /// https://developer.apple.com/documentation/foundation/localizedstringresource/init(stringliteral:)
  /// `init(stringLiteral value: String)`: "the key to use when looking up a localized value".
  public init(stringLiteral value: String) { _modelKey = value }
}
