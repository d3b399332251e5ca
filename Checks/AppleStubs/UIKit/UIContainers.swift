// The split view and tab bar controllers (a model, not Apple's code).

/// https://developer.apple.com/documentation/uikit/uisplitviewcontroller — `@MainActor class UISplitViewController`
@available(watchOS, unavailable)
@MainActor open class UISplitViewController: UIViewController {
  private var columns: [UISplitViewController.Column: UIViewController] = [:]
  private var collapsed = false
  /// Model only: the secondary column's stack as UIKit holds it (what Back goes through).
  public private(set) var _modelSecondaryStack: [UIViewController] = []
  /// Model only: the column a collapsed split view shows: the later column whose controller
  /// UIKit put on the primary navigation controller's stack (the top one), else the primary.
  /// Without a primary navigation controller to nest in, the column last shown.
  public var _modelShownColumn: UISplitViewController.Column {
    guard collapsed, let primary = columns[.primary] as? UINavigationController else { return shownWithoutNesting }
    let top = primary.viewControllers.last
    for column in [UISplitViewController.Column.secondary, .supplementary] where columns[column] != nil {
      if columns[column] === top { return column }
    }
    return columns[.secondary] == nil && columns[.supplementary] == nil ? shownWithoutNesting : .primary
  }
  private var shownWithoutNesting: UISplitViewController.Column = .primary

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
    case primary, supplementary, secondary, compact
    /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/column/inspector (iOS 26 only; not tvOS)
    @available(iOS, introduced: 26.0) @available(tvOS, unavailable) @available(visionOS, introduced: 26.0)
    case inspector
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
    if column == .secondary {
      // Apple's reply to FB8640357 (quoted in https://zhaoxin.pro/technology/15993960076329.html):
      // a non-navigation controller set for the secondary column when it already has one in the
      // navigation controller UIKit made for it "is pushed onto the nav stack"; setting nil
      // clears it first.
      let stacked = columns[.secondary].map { !($0 is UINavigationController) } ?? false
      if let vc, !(vc is UINavigationController) {
        _modelSecondaryStack = stacked ? _modelSecondaryStack + [vc] : [vc]
      } else {
        _modelSecondaryStack = vc.map { [$0] } ?? []
      }
    }
    if let old = columns[column], column != .primary { unnest(old) }
    columns[column]?.viewIfLoaded?.removeFromSuperview()
    columns[column]?.removeFromParent()
    columns[column] = vc
    if let vc {
      addChild(vc)
      view.addSubview(vc.view)
    }
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/viewcontroller(for:)
  /// `func viewController(for column: UISplitViewController.Column) -> UIViewController?`
  open func viewController(for column: UISplitViewController.Column) -> UIViewController? { columns[column] }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/show(_:) — `func show(_ column: UISplitViewController.Column)`
  /// (iOS 14): makes the column visible; when collapsed, it becomes the one shown.
  ///
  /// Collapsed, UIKit shows a later column by putting its controller on the primary navigation
  /// controller's stack, over the primary's screens (the supplementary before the secondary), as
  /// the UIKit article of Waypoint and the third adapter review (B8) describe the collapsed layout.
  open func show(_ column: UISplitViewController.Column) {
    guard style != .unspecified else { return }
    guard collapsed else { return }
    shownWithoutNesting = column
    if column == .primary {
      for later in [UISplitViewController.Column.secondary, .supplementary] {
        if let shown = columns[later] { unnest(shown) }
      }
      return
    }
    let chain: [UISplitViewController.Column] = column == .secondary ? [.supplementary, .secondary] : [.supplementary]
    for later in chain {
      if let shown = columns[later] { nest(shown) }
    }
  }

  /// Model only: the user taps Back in a collapsed split view showing a later column. UIKit pops
  /// that column's controller off the primary navigation controller's stack, through the primary
  /// navigation controller's `popViewController(animated:)` (the back button's way: see
  /// `UINavigationController.popViewController(animated:)`); it leaves the screen, not being
  /// dismissed, while the split view stays.
  public func _modelUserGoesBackToPrimary() {
    guard collapsed, _modelShownColumn != .primary else { return }
    if let primary = columns[.primary] as? UINavigationController {
      // The column on top is the primary stack's root when the primary column is empty: it has
      // no Back button.
      guard primary.viewControllers.count > 1 else {
        UIKitModel.log("the collapsed column has nothing under it to go back to")
        return
      }
      _ = primary.popViewController(animated: true)
      return
    }
    guard let leaving = columns[_modelShownColumn] else { return }
    shownWithoutNesting = .primary
    leaving._modelAppearance(.willDisappear, true)
    leaving.viewIfLoaded?.removeFromSuperview()
    leaving._modelAppearance(.didDisappear, true)
  }

  /// Puts `column`'s controller on the primary navigation controller's stack (collapsed), as UIKit
  /// does for a later column it shows: it leaves its column's place and appears on the stack.
  private func nest(_ controller: UIViewController) {
    guard let primary = columns[.primary] as? UINavigationController,
      !primary.viewControllers.contains(where: { $0 === controller })
    else { return }
    controller._modelAppearance(.willDisappear, false)
    controller.viewIfLoaded?.removeFromSuperview()
    controller._modelAppearance(.didDisappear, false)
    primary._modelNest(controller)
  }

  /// Takes `controller` off the primary navigation controller's stack, back to its column.
  private func unnest(_ controller: UIViewController) {
    guard let primary = columns[.primary] as? UINavigationController,
      primary.viewControllers.contains(where: { $0 === controller })
    else { return }
    primary._modelUnnest(controller)
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
  /// column, or expands again (the `isCollapsed` page); a column-style split then tells its
  /// delegate.
  ///
  /// Collapsing, the column on top goes onto the primary navigation controller's stack (and the
  /// supplementary under a secondary on top); expanding, UIKit takes them off it and back into
  /// their columns. The columns disappear from where they were and appear where they go; the
  /// order of those callbacks against `isCollapsed` is not documented, so the model takes the one
  /// that catches an adapter reading a column's disappearance as the user going back (third
  /// adapter review, B9): expanding, they leave the stack while `isCollapsed` is still `true`.
  public func _modelSetCollapsed(_ collapsed: Bool) {
    guard self.collapsed != collapsed else { return }
    guard style != .unspecified else {
      self.collapsed = collapsed
      shownWithoutNesting = .primary
      return
    }
    if collapsed {
      self.collapsed = true
      shownWithoutNesting = .primary
      // Collapsing, UIKit proposes the secondary column and asks the delegate (its default is the
      // proposal): see `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)`.
      let top =
        delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: .secondary) ?? .secondary
      // The columns not on top leave the screen.
      for column in [UISplitViewController.Column.supplementary, .secondary] where !nests(column, under: top) {
        if let hidden = columns[column], hidden.viewIfLoaded?._modelSuperview != nil {
          hidden._modelAppearance(.willDisappear, false)
          hidden.viewIfLoaded?.removeFromSuperview()
          hidden._modelAppearance(.didDisappear, false)
        }
      }
      show(top)
      delegate?.splitViewControllerDidCollapse(self)
    } else {
      for column in [UISplitViewController.Column.secondary, .supplementary] {
        if let nested = columns[column] { unnest(nested) }
      }
      self.collapsed = false
      shownWithoutNesting = .primary
      for column in [UISplitViewController.Column.supplementary, .secondary] {
        guard let shown = columns[column], shown.viewIfLoaded?._modelSuperview == nil else { continue }
        shown._modelAppearance(.willAppear, false)
        view.addSubview(shown.view)
        shown._modelAppearance(.didAppear, false)
      }
      delegate?.splitViewControllerDidExpand(self)
    }
  }

  /// Whether `column` goes on the primary stack when `top` is the column on top.
  private func nests(_ column: UISplitViewController.Column, under top: UISplitViewController.Column) -> Bool {
    switch top {
    case .secondary: column == .secondary || column == .supplementary
    case .supplementary: column == .supplementary
    default: false
    }
  }

  /// https://developer.apple.com/documentation/uikit/uisplitviewcontroller/delegate
  /// `weak var delegate: (any UISplitViewControllerDelegate)? { get set }`
  open weak var delegate: (any UISplitViewControllerDelegate)?
}

/// https://developer.apple.com/documentation/uikit/uitabbarcontroller — `@MainActor class UITabBarController`
/// (the page: a tab bar interface is installed as the window's root, never as a child). It is
/// its tab bar's delegate (`UITabBarController : UIViewController <UITabBarDelegate>` in the SDK
/// header), so a subclass overrides `tabBar(_:didSelect:)` and calls `super`.
///
/// The model shows the selected controller's view in its own view, with the appearance
/// callbacks, and `_modelUserTaps(_:)` is the user tapping a tab: the selection changes, or,
/// for the selected tab whose controller is a navigation controller, that stack pops to its
/// root (the View Controller Catalog's "Tab Bar Controllers" chapter,
/// https://developer.apple.com/library/ios/documentation/WindowsViews/Conceptual/ViewControllerCatalog/Chapters/TabBarControllers.html;
/// `tabBarController(_:didSelect:)` is called "regardless of whether the selected view
/// controller changed", its page says).
@available(watchOS, unavailable)
@MainActor open class UITabBarController: UIViewController, UITabBarDelegate {
  private var controllers: [UIViewController]?
  private var selected = 0

  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/tabbar — `var tabBar: UITabBar { get }`
  open private(set) var tabBar = UITabBar()

  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/viewcontrollers
  /// `var viewControllers: [UIViewController]? { get set }` (optional array)
  open var viewControllers: [UIViewController]? {
    get { controllers }
    set { setViewControllers(newValue, animated: false) }
  }

  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/setviewcontrollers(_:animated:)
  /// `func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool)` — the
  /// controllers become its children; the selection is kept when it still has a tab.
  open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
    let shown = selectedViewController
    for child in controllers ?? [] where !(viewControllers ?? []).contains(where: { $0 === child }) {
      child.viewIfLoaded?.removeFromSuperview()
      child.removeFromParent()
    }
    controllers = viewControllers
    customizable = viewControllers
    for child in viewControllers ?? [] where child._modelParent !== self { addChild(child) }
    tabBar._modelOwner = self
    tabBar._modelControllerSets = true
    tabBar.items = viewControllers?.map(\.tabBarItem)
    tabBar._modelControllerSets = false
    if selected >= (viewControllers?.count ?? 0) { selected = 0 }
    show(from: shown, animated: animated)
  }

  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/selectedindex — `var selectedIndex: Int { get set }`
  /// (the page: `NSNotFound` when the More navigation controller is selected; the model has no
  /// More tab).
  open var selectedIndex: Int {
    get { controllers?.isEmpty == false ? selected : NSNotFound }
    set {
      guard let controllers, controllers.indices.contains(newValue) else {
        UIKitModel.log("selectedIndex \(newValue) is not a tab")
        return
      }
      let shown = selectedViewController
      selected = newValue
      show(from: shown, animated: false)
    }
  }

  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/selectedviewcontroller
  /// `unowned(unsafe) var selectedViewController: UIViewController? { get set }`
  open var selectedViewController: UIViewController? {
    get { controllers.flatMap { $0.indices.contains(selected) ? $0[selected] : nil } }
    set {
      guard let index = controllers?.firstIndex(where: { $0 === newValue }) else { return }
      selectedIndex = index
    }
  }

  override var _modelShownChildren: [UIViewController] {
    guard let selected = selectedViewController else { return [] }
    return isUnderMore(selected) ? [more] : [selected]
  }

  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/morenavigationcontroller
  /// `var moreNavigationController: UINavigationController { get }` — "the More controller is
  /// displayed automatically by the tab bar controller as it is needed", and is never in
  /// `viewControllers`.
  open var moreNavigationController: UINavigationController { more }
  private lazy var more: UINavigationController = {
    let more = UINavigationController(rootViewController: UIViewController())
    more.title = "More"
    return more
  }()

  /// Model only: how many items the tab bar has room for. With more tabs than that, its last
  /// item is More and the tabs from that position on are listed under it (iPhone's tab bar has
  /// five: the moreNavigationController page, and the tab bar item count of every public account
  /// of it, such as luugiathuy/GTScrollNavigationBar#4).
  public var _modelItemLimit = 5

  /// Model only: whether `controller` is a tab the tab bar lists under More.
  public func _modelIsUnderMore(_ controller: UIViewController) -> Bool { isUnderMore(controller) }

  private func isUnderMore(_ controller: UIViewController) -> Bool {
    guard let controllers, controllers.count > _modelItemLimit,
      let index = controllers.firstIndex(where: { $0 === controller })
    else { return false }
    return index >= _modelItemLimit - 1
  }

  /// The tab under More that UIKit shows, in the More navigation controller: pushed onto it. A
  /// split view cannot be pushed: UIKit raises "Split View Controllers cannot be pushed to a
  /// Navigation Controller" (grgcombs/IntelligentSplitViewController#11, the third adapter
  /// review's B1). A navigation controller's screens are shown inside the More navigation
  /// controller, whose bar and Back button they take: later pushes and pops on the tab's own
  /// navigation controller are not on screen (openradar 22878083, as
  /// lionheart/openradar-mirror#6216 keeps it).
  private func showUnderMore(_ controller: UIViewController) -> Bool {
    if controller is UISplitViewController {
      UIKitModel.raise(
        "Split View Controllers cannot be pushed to a Navigation Controller <UIMoreNavigationController> (\(controller))"
      )
      return false
    }
    if controller is UINavigationController {
      UIKitModel.log("\(controller) is shown inside the More navigation controller; its own pushes are not on screen")
    }
    return true
  }

  /// https://developer.apple.com/documentation/uikit/uitabbardelegate/tabbar(_:didselect:)
  /// `optional func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)` — the tab bar
  /// controller's own implementation selects the item's controller, or pops the selected
  /// navigation controller to its root when its tab is tapped again.
  open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
    guard let index = tabBar.items?.firstIndex(where: { $0 === item }) else { return }
    if index == selected, let stack = selectedViewController as? UINavigationController {
      _ = stack.popToRootViewController(animated: true)
    } else {
      selectedIndex = index
    }
  }

  /// https://developer.apple.com/documentation/uikit/uitabbarcontroller/customizableviewcontrollers
  /// `var customizableViewControllers: [UIViewController]? { get set }` — the tabs the user may
  /// move from the More screen's Edit; setting `viewControllers` makes it all of them (the page:
  /// "the default value of this property is the same as the viewControllers property").
  open var customizableViewControllers: [UIViewController]? {
    get { customizable }
    set { customizable = newValue }
  }
  private var customizable: [UIViewController]?

  /// Model only: the user moves the tab at `from` to `to` on the More screen's Edit, which
  /// UIKit allows for a customizable tab; the selection follows its controller.
  public func _modelUserMovesTab(from: Int, to: Int) {
    guard var tabs = controllers, tabs.indices.contains(from), tabs.indices.contains(to),
      customizable?.contains(where: { $0 === tabs[from] }) == true
    else {
      UIKitModel.log("the tab at \(from) is not customizable: the More screen's Edit does not move it")
      return
    }
    let shown = selectedViewController
    tabs.insert(tabs.remove(at: from), at: to)
    controllers = tabs
    tabBar._modelControllerSets = true
    tabBar.items = tabs.map(\.tabBarItem)
    tabBar._modelControllerSets = false
    selected = tabs.firstIndex { $0 === shown } ?? 0
  }

  /// Model only: the user taps the tab at `index`.
  public func _modelUserTaps(_ index: Int) {
    guard let item = tabBar.items?[index] else { return }
    tabBar.selectedItem = item
    tabBar(tabBar, didSelect: item)
  }

  /// Model only: the user taps the tab at `index` in the iPadOS 18 floating tab bar (or a
  /// visionOS ornament), which does not select through the `UITabBar` and so never calls
  /// `tabBar(_:didSelect:)`: a tab is selected, or the selected one, when it is a navigation
  /// controller, pops to its root (whether these paths call the delegate method is not on Apple's
  /// pages; the third adapter review's B14 suspects they do not, and the model takes that).
  public func _modelUserTapsFloatingTab(_ index: Int) {
    guard let controllers, controllers.indices.contains(index) else { return }
    if index == selected, let stack = controllers[index] as? UINavigationController {
      _ = stack.popToRootViewController(animated: true)
    } else {
      selectedIndex = index
    }
  }

  /// Shows the selected controller's view instead of `old`'s; a tab under More is shown in the
  /// More navigation controller, or, when UIKit raises for it, not at all.
  private func show(from old: UIViewController?, animated: Bool) {
    let new = selectedViewController
    tabBar.selectedItem = new?.tabBarItem
    guard old !== new else { return }
    if let new, isUnderMore(new), !showUnderMore(new) {
      selected = old.flatMap { old in controllers?.firstIndex { $0 === old } } ?? 0
      tabBar.selectedItem = selectedViewController?.tabBarItem
      return
    }
    // What the tab bar shows for a tab: the tab, or the More navigation controller holding it.
    let leaving = old.map { isUnderMore($0) ? more : $0 }
    let coming = new.map { isUnderMore($0) ? more : $0 }
    if let new, coming === more, !(new is UINavigationController) {
      more._modelShowUnderMore(new)
    }
    leaving?._modelAppearance(.willDisappear, animated)
    coming?._modelAppearance(.willAppear, animated)
    leaving?.viewIfLoaded?.removeFromSuperview()
    if let coming { view.addSubview(coming.view) }
    leaving?._modelAppearance(.didDisappear, animated)
    coming?._modelAppearance(.didAppear, animated)
  }
}

/// https://developer.apple.com/documentation/uikit/uitabbardelegate — `@MainActor protocol UITabBarDelegate : NSObjectProtocol`
/// (its methods are optional; the model gives them empty defaults).
@available(watchOS, unavailable)
@MainActor public protocol UITabBarDelegate: NSObjectProtocol {
  /// https://developer.apple.com/documentation/uikit/uitabbardelegate/tabbar(_:didselect:)
  func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

/// https://developer.apple.com/documentation/uikit/uitabbar — `@MainActor class UITabBar : UIView`
@available(watchOS, unavailable)
@MainActor open class UITabBar: UIView {
  private var storedItems: [UITabBarItem]?
  /// Model only: set while the tab bar controller that owns the bar changes its items.
  var _modelControllerSets = false
  /// Model only: the tab bar controller that owns the bar.
  weak var _modelOwner: UITabBarController?

  /// https://developer.apple.com/documentation/uikit/uitabbar/items — `var items: [UITabBarItem]? { get set }`
  /// — "You must not modify this property if the tab bar is managed by a UITabBarController
  /// object, and doing so raises an exception."
  open var items: [UITabBarItem]? {
    get { storedItems }
    set {
      guard _modelOwner == nil || _modelControllerSets else {
        UIKitModel.raise("Directly modifying a tab bar managed by a tab bar controller is not allowed")
        return
      }
      storedItems = newValue
    }
  }
  /// https://developer.apple.com/documentation/uikit/uitabbar/selecteditem
  /// `weak var selectedItem: UITabBarItem? { get set }`
  open weak var selectedItem: UITabBarItem?
}

/// https://developer.apple.com/documentation/uikit/uibaritem — `@MainActor class UIBarItem : NSObject`
@available(watchOS, unavailable)
@MainActor open class UIBarItem: NSObject {
  /// https://developer.apple.com/documentation/uikit/uibaritem/title — `var title: String? { get set }`
  open var title: String?
  /// https://developer.apple.com/documentation/uikit/uibaritem/image — `var image: UIImage? { get set }`
  /// (default `nil`)
  open var image: UIImage?
}

/// https://developer.apple.com/documentation/uikit/uitabbaritem — `@MainActor class UITabBarItem : UIBarItem`
@available(watchOS, unavailable)
@MainActor open class UITabBarItem: UIBarItem {
  /// https://developer.apple.com/documentation/uikit/uitabbaritem/badgevalue — `var badgeValue: String? { get set }`
  /// ("The default value is `nil`")
  open var badgeValue: String?
}

/// https://developer.apple.com/documentation/uikit/uiimage — `class UIImage` (no actor on the
/// page). The model keeps the name an image was made from.
open class UIImage: NSObject, @unchecked Sendable {
  /// Model only: `system:NAME` or `named:NAME`.
  public let _modelName: String

  /// https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)
  /// `init?(systemName name: String)` (iOS 13): a system symbol, `nil` when there is none of
  /// that name; the model has every name but the empty one.
  public init?(systemName name: String) {
    guard !name.isEmpty else { return nil }
    _modelName = "system:\(name)"
  }

  /// https://developer.apple.com/documentation/uikit/uiimage/init(named:) — `init?(named name: String)`:
  /// an image of the app's asset catalog, `nil` when there is none of that name; the model has
  /// every name but the empty one.
  public init?(named name: String) {
    guard !name.isEmpty else { return nil }
    _modelName = "named:\(name)"
  }
}

/// https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate
/// `@MainActor protocol UISplitViewControllerDelegate` (its methods are optional; the model
/// gives them empty defaults).
@available(watchOS, unavailable)
@MainActor public protocol UISplitViewControllerDelegate: AnyObject {
  /// https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontrollerdidcollapse(_:)
  /// `optional func splitViewControllerDidCollapse(_ svc: UISplitViewController)` (iOS 14):
  /// called after the interface collapsed (`isCollapsed` is `true`), for column-style splits.
  func splitViewControllerDidCollapse(_ svc: UISplitViewController)
  /// https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontrollerdidexpand(_:)
  /// `optional func splitViewControllerDidExpand(_ svc: UISplitViewController)` (iOS 14)
  func splitViewControllerDidExpand(_ svc: UISplitViewController)
  /// https://developer.apple.com/documentation/uikit/uisplitviewcontrollerdelegate/splitviewcontroller(_:topcolumnforcollapsingtoproposedtopcolumn:)
  /// `optional func splitViewController(_ svc: UISplitViewController, topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column) -> UISplitViewController.Column`
  /// (iOS 14, column-style splits): the column on top once collapsed. The model proposes the
  /// secondary column, the default public code overrides ("Forces to show primary view
  /// controller on compact width"; woocommerce/woocommerce-ios#6424), and a delegate that does
  /// not implement it keeps the proposal.
  func splitViewController(
    _ svc: UISplitViewController,
    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
  ) -> UISplitViewController.Column
}

@available(watchOS, unavailable)
extension UISplitViewControllerDelegate {
  public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {}
  public func splitViewControllerDidExpand(_ svc: UISplitViewController) {}
  public func splitViewController(
    _ svc: UISplitViewController,
    topColumnForCollapsingToProposedTopColumn proposedTopColumn: UISplitViewController.Column
  ) -> UISplitViewController.Column { proposedTopColumn }
}
