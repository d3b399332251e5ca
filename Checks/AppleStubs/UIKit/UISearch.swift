// The search controller and the navigation item that holds it (a model, not Apple's code).

/// https://developer.apple.com/documentation/uikit/uinavigationitem — `@MainActor class UINavigationItem`
@available(watchOS, unavailable)
@MainActor open class UINavigationItem: NSObject {
  /// Model only: the view controller the item belongs to.
  weak var _modelOwner: UIViewController?
  /// Model only: the bar button item on the leading side.
  var _modelLeftItem: UIBarButtonItem?

  /// https://developer.apple.com/documentation/uikit/uinavigationitem/searchcontroller
  /// `var searchController: UISearchController? { get set }` (iOS 11): the search bar shown in the
  /// owner's navigation bar; its search interface is presented on the owner's behalf.
  open var searchController: UISearchController? {
    didSet { searchController?._modelHost = _modelOwner }
  }
}

extension UIViewController {
  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/navigationitem
  /// `var navigationItem: UINavigationItem { get }` (made on first use).
  @available(watchOS, unavailable)
  public var navigationItem: UINavigationItem {
    if let item = _modelNavigationItem { return item }
    let item = UINavigationItem()
    item._modelOwner = self
    _modelNavigationItem = item
    return item
  }
}

/// https://developer.apple.com/documentation/uikit/uisearchcontroller — `@MainActor class UISearchController : UIViewController`
///
/// While it is active UIKit presents it: "when the user taps in the search field of a managed
/// search bar, the search controller automatically displays the search results controller"
/// (the `isActive` page). The presentation is a context one: from the nearest controller up the
/// hierarchy whose `definesPresentationContext` is `true`, else from the window's root
/// (the `definesPresentationContext` page; Thomas Denney, "UISearchController and
/// definesPresentationContext"), so a search screen that does not define the context covers the
/// whole window, tab bar included.
@available(watchOS, unavailable)
@MainActor open class UISearchController: UIViewController {
  /// Model only: the controller whose navigation item holds it.
  weak var _modelHost: UIViewController?

  /// https://developer.apple.com/documentation/uikit/uisearchcontroller/init(searchresultscontroller:)
  /// `init(searchResultsController: UIViewController?)`
  public init(searchResultsController: UIViewController?) {
    super.init(nibName: nil, bundle: nil)
    modalPresentationStyle = .overCurrentContext
  }

  /// https://developer.apple.com/documentation/uikit/uiviewcontroller/init(coder:) —
  /// `init?(coder: NSCoder)`, required of every view controller subclass.
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// https://developer.apple.com/documentation/uikit/uisearchcontroller/isactive — `var isActive: Bool { get set }`
  /// ("the presented state of the search interface"; `false` by default): `true` presents it,
  /// `false` dismisses it.
  open var isActive: Bool {
    get { _modelPresenter != nil && !isBeingDismissed }
    set {
      guard newValue != isActive else { return }
      if newValue {
        guard let host = _modelHost else {
          UIKitModel.log("\(self) has no navigation item to search from")
          return
        }
        host.present(self, animated: true)
      } else {
        _modelPresenter?.dismiss(animated: true)
      }
    }
  }

  /// Model only: the user taps in the search field.
  public func _modelUserBeginsSearch() {
    isActive = true
  }
}
