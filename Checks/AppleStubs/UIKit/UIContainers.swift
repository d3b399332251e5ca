// The split view and tab bar controllers (a model, not Apple's code).

/// https://developer.apple.com/documentation/uikit/uisplitviewcontroller — `@MainActor class UISplitViewController`
@available(watchOS, unavailable)
@MainActor open class UISplitViewController: UIViewController {
  private var columns: [UISplitViewController.Column: UIViewController] = [:]
  private var collapsed = false
  /// Model only: the column a collapsed split view shows.
  public private(set) var _modelShownColumn: UISplitViewController.Column = .primary

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/style-swift.property
  /// `var style: UISplitViewController.Style { get }` (iOS 14)
  open private(set) var style: UISplitViewController.Style = .unspecified

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/init(style:)
  /// `init(style: UISplitViewController.Style)` — "any … values except `.unspecified`" (iOS 14).
  public init(style: UISplitViewController.Style) {
    super.init(nibName: nil, bundle: nil)
    if style == .unspecified {
      UIKitModel.raise("init(style:) takes a column style, not .unspecified")
    }
    self.style = style
  }

  /// A classic split view controller (style `.unspecified`, the Style page: "created using any
  /// other approach than init(style:)").
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }

  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/style-swift.enum — `enum Style`
  public enum Style: Int, Sendable {
    case unspecified, doubleColumn, tripleColumn
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/column — `enum Column`
  public enum Column: Int, Sendable {
    case primary, supplementary, secondary, compact, inspector
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/iscollapsed — `var isCollapsed: Bool { get }`
  open var isCollapsed: Bool { collapsed }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/setviewcontroller(_:for:)
  /// `func setViewController(_ vc: UIViewController?, for column: UISplitViewController.Column)`
  /// (iOS 14) — classic split views "don't support any column-style APIs" (the `.unspecified`
  /// page): the model ignores the call for them. Setting a column does not show it when
  /// collapsed; `show(_:)` does.
  open func setViewController(_ vc: UIViewController?, for column: UISplitViewController.Column) {
    guard style != .unspecified else {
      UIKitModel.log("setViewController(_:for:) is not supported by a classic split view controller")
      return
    }
    columns[column] = vc
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/viewcontroller(for:)
  /// `func viewController(for column: UISplitViewController.Column) -> UIViewController?`
  open func viewController(for column: UISplitViewController.Column) -> UIViewController? { columns[column] }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/show(_:) — `func show(_ column: UISplitViewController.Column)`
  /// (iOS 14): makes the column visible; when collapsed, it becomes the one shown.
  open func show(_ column: UISplitViewController.Column) {
    guard style != .unspecified else { return }
    if collapsed { _modelShownColumn = column }
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/showdetailviewcontroller(_:sender:)
  /// `func showDetailViewController(_ vc: UIViewController, sender: Any?)` — installs `vc` as the
  /// secondary controller.
  open override func showDetailViewController(_ vc: UIViewController, sender: Any?) {
    if style == .unspecified {
      columns[.secondary] = vc
    } else {
      setViewController(vc, for: .secondary)
      show(.secondary)
    }
  }

  /// Model only: whether `column` is on screen (every set column when expanded; the one shown
  /// when collapsed).
  public func _modelIsShowing(_ column: UISplitViewController.Column) -> Bool {
    guard columns[column] != nil else { return false }
    return !collapsed || _modelShownColumn == column
  }

  /// Model only: the size class turns compact and the split view collapses to its primary
  /// column, or expands again (the `isCollapsed` page).
  public func _modelSetCollapsed(_ collapsed: Bool) {
    self.collapsed = collapsed
    _modelShownColumn = .primary
  }
}

/// https://developer.apple.com/documentation/uikit/uitabbarcontroller — `@MainActor class UITabBarController`
/// (the page: a tab bar interface is installed as the window's root, never as a child).
@available(watchOS, unavailable)
@MainActor open class UITabBarController: UIViewController {
  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers
  /// `var viewControllers: [UIViewController]? { get set }` (optional array)
  open var viewControllers: [UIViewController]?
  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/selectedindex — `var selectedIndex: Int { get set }`
  open var selectedIndex: Int = 0
}
