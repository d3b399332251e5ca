// Foundation declarations that Apple platforms have and Linux Foundation lacks, which the
// UIKit and SwiftUI stubs re-export as the SDKs do; for the Linux check only.
@_exported import Foundation

/// https://developer.apple.com/documentation/foundation/nsuseractivity
open class NSUserActivity: NSObject {
  /// https://developer.apple.com/documentation/foundation/nsuseractivity/webpageurl
  /// `var webpageURL: URL? { get set }`
  open var webpageURL: URL?
  /// Model only.
  public init(_model url: URL?) { webpageURL = url }
}

/// https://developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
/// `let NSUserActivityTypeBrowsingWeb: String`
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"

