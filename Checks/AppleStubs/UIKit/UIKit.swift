@_exported import AppleFoundation
// Interface stubs of exactly the UIKit declarations Waypoint's UIKit adapter, the example app
// and the README use, for the Linux check only: no product depends on this folder.
//
// Each declaration copies the signature, optionality, isolation and availability of the
// documentation page named beside it (see also ../../shared/reference/apple-declarations.md).
// Bodies are a model of what the pages and public threads document, as strict as UIKit where
// the adapter could be caught out: a refused presentation never completes, completions and
// appearance callbacks arrive after the animation, nested navigation controllers raise (see
// UIKitModel.swift and Checks/README.md). They are not Apple's code.
//
// Availability: `@available(tvOS, unavailable)` and `introduced:` versions are as the pages give
// them; on Linux the compiler ignores them, so `Scripts/check-adapters.sh` turns them into
// `@available(*, unavailable)` when it type-checks for a platform that lacks the declaration.
@_exported import Foundation
@_exported import UserNotifications

// MARK: - Responders and views

/// https://developer.apple.com/documentation/uikit/uiresponder — `@MainActor class UIResponder`
@available(watchOS, unavailable)
@MainActor open class UIResponder: NSObject {
  public override init() { super.init() }
}

/// https://developer.apple.com/documentation/uikit/uiview (superclass UIResponder, per the
/// UIResponder page's overview).
@available(watchOS, unavailable)
@MainActor open class UIView: UIResponder {
  /// https://developer.apple.com/documentation/uikit/uiview/frame — `var frame: CGRect { get set }`
  open var frame: CGRect = .zero
  /// https://developer.apple.com/documentation/uikit/uiview/bounds — `var bounds: CGRect { get set }`
  /// (the model keeps the size of `frame`, origin zero).
  open var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }
  /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.property
  /// `var autoresizingMask: UIView.AutoresizingMask { get set }` (default: none).
  open var autoresizingMask: UIView.AutoresizingMask = []
  /// Model only: the superview `addSubview(_:)` set.
  public private(set) weak var _modelSuperview: UIView?
  /// Model only: the subviews.
  public private(set) var _modelSubviews: [UIView] = []

  /// https://developer.apple.com/documentation/uikit/uiview/window — `var window: UIWindow? { get }`
  /// (nil until the view is in a window's hierarchy).
  open var window: UIWindow? {
    (self as? UIWindow) ?? _modelSuperview?.window
  }

  /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:) — `func addSubview(_ view: UIView)`
  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    _modelSubviews.append(view)
    view._modelSuperview = self
  }

  /// https://developer.apple.com/documentation/uikit/uiview/removefromsuperview() — `func removeFromSuperview()`
  open func removeFromSuperview() {
    _modelSuperview?._modelSubviews.removeAll { $0 === self }
    _modelSuperview = nil
  }

  /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct — `struct AutoresizingMask`
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexiblewidth
    public static var flexibleWidth: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 1) }
    /// https://developer.apple.com/documentation/uikit/uiview/autoresizingmask-swift.struct/flexibleheight
    public static var flexibleHeight: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 4) }
  }
}

/// https://developer.apple.com/documentation/uikit/uiwindow — `@MainActor class UIWindow`
@available(watchOS, unavailable)
@MainActor open class UIWindow: UIView {
  /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
  /// `var rootViewController: UIViewController? { get set }` — the model puts the root's view in
  /// the window, so its controllers are "in the window hierarchy".
  open var rootViewController: UIViewController? {
    didSet {
      oldValue?.viewIfLoaded?.removeFromSuperview()
      if let root = rootViewController { addSubview(root.view) }
    }
  }
  /// Model only: whether `makeKeyAndVisible()` was called.
  public private(set) var _modelIsKey = false
  /// https://developer.apple.com/documentation/uikit/uiwindow/windowscene
  /// `weak var windowScene: UIWindowScene? { get set }` (iOS 13): the scene containing the window.
  open weak var windowScene: UIWindowScene?

  /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:) — `init(windowScene: UIWindowScene)`
  /// ("automatically associates it with the specified scene").
  public init(windowScene: UIWindowScene) {
    super.init()
    self.windowScene = windowScene
  }

  /// https://developer.apple.com/documentation/uikit/uiwindow/makekeyandvisible() — `func makeKeyAndVisible()`
  /// Makes the window key, which posts `didBecomeKeyNotification` with the window.
  open func makeKeyAndVisible() {
    _modelIsKey = true
    NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: self)
  }

  /// https://developer.apple.com/documentation/uikit/uiwindow/didbecomekeynotification
  /// `nonisolated class let didBecomeKeyNotification: NSNotification.Name` (posted with the window
  /// as its object).
  nonisolated public static let didBecomeKeyNotification = NSNotification.Name("UIWindowDidBecomeKeyNotification")

  /// Model only: the user tapped into this window (another scene's was key), as in iPad Split
  /// View: it becomes key, and UIKit posts `didBecomeKeyNotification`.
  public func _modelUserMakesKey() {
    _modelIsKey = true
    NotificationCenter.default.post(name: UIWindow.didBecomeKeyNotification, object: self)
  }
}

/// https://developer.apple.com/documentation/uikit/uiinterfaceorientationmask —
/// `struct UIInterfaceOrientationMask` (not tvOS), an option set of orientations.
@available(tvOS, unavailable)
public struct UIInterfaceOrientationMask: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let portrait = UIInterfaceOrientationMask(rawValue: 1 << 1)
  public static let portraitUpsideDown = UIInterfaceOrientationMask(rawValue: 1 << 2)
  public static let landscapeRight = UIInterfaceOrientationMask(rawValue: 1 << 3)
  public static let landscapeLeft = UIInterfaceOrientationMask(rawValue: 1 << 4)
  public static let landscape: UIInterfaceOrientationMask = [.landscapeLeft, .landscapeRight]
  public static let all: UIInterfaceOrientationMask = [.portrait, .portraitUpsideDown, .landscape]
  public static let allButUpsideDown: UIInterfaceOrientationMask = [.portrait, .landscape]
}

/// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle — `enum UIModalPresentationStyle`
/// (`pageSheet` and `popover` are not on tvOS, per their pages).
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen, currentContext, custom, overFullScreen, overCurrentContext, none
  /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/pagesheet (not tvOS)
  @available(tvOS, unavailable) case pageSheet
  /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/formsheet (tvOS 26)
  @available(tvOS, introduced: 26.0) case formSheet
  /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/popover (not tvOS)
  @available(tvOS, unavailable) case popover
  /// https://developer.apple.com/documentation/uikit/uimodalpresentationstyle/automatic (iOS 13)
  case automatic = -2
}
