#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import UIKit

/// A view controller the navigator knows without keeping it alive.
struct WeakController {
  weak var controller: UIViewController?
  init(_ controller: UIViewController) { self.controller = controller }
}
#endif
