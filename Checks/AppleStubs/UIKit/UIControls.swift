// The controls the README's Quick start and the UIKit article use to open a screen and to close
// one: a table view controller's row selection, a bar button item with its action. Declarations
// as the pages named beside each give them (reduced where marked); bodies are a model.

/// https://developer.apple.com/documentation/uikit/uiactionhandler — `typealias UIActionHandler = (UIAction) -> Void`
@available(watchOS, unavailable)
public typealias UIActionHandler = (UIAction) -> Void

/// https://developer.apple.com/documentation/uikit/uiaction — `@MainActor class UIAction`
/// (a UIMenuElement; the model keeps only its title and handler).
@available(watchOS, unavailable)
@MainActor open class UIAction: NSObject {
  /// Model only: what the action does.
  private let handler: UIActionHandler
  /// https://developer.apple.com/documentation/uikit/uiaction/title — `var title: String { get set }`
  open var title: String

  /// https://developer.apple.com/documentation/uikit/uiaction/init(title:image:identifier:discoverabilitytitle:attributes:state:handler:)
  /// `@MainActor @preconcurrency convenience init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil, discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off, handler: @escaping UIActionHandler)`
  /// — reduced to the title and the handler.
  public init(title: String = "", handler: @escaping UIActionHandler) {
    self.title = title
    self.handler = handler
    super.init()
  }

  /// Model only: the user triggers the action.
  public func _modelPerform() { handler(self) }
}

/// https://developer.apple.com/documentation/uikit/uimenu — `@MainActor class UIMenu` (the model
/// makes none; bar button items take one as an optional parameter).
@available(watchOS, unavailable)
@MainActor open class UIMenu: NSObject {}

/// https://developer.apple.com/documentation/uikit/uibarbuttonitem — `@MainActor class UIBarButtonItem`
@available(watchOS, unavailable)
@MainActor open class UIBarButtonItem: NSObject {
  /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem — `enum SystemItem`
  /// (the cases the documentation uses).
  public enum SystemItem: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem/done — `case done`
    case done = 0
    /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/systemitem/cancel — `case cancel`
    case cancel = 1
  }

  /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/primaryaction
  /// `@NSCopying var primaryAction: UIAction? { get set }` (iOS 14)
  open var primaryAction: UIAction?

  /// Model only: the system item it shows.
  public let _modelSystemItem: SystemItem?

  public override init() {
    _modelSystemItem = nil
    super.init()
  }

  /// https://developer.apple.com/documentation/uikit/uibarbuttonitem/init(systemitem:primaryaction:menu:)
  /// `@MainActor @preconcurrency convenience init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil)` (iOS 14)
  public init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: UIMenu? = nil) {
    _modelSystemItem = systemItem
    self.primaryAction = primaryAction
    super.init()
  }

  /// Model only: the user taps the item.
  public func _modelTap() { primaryAction?._modelPerform() }
}

extension UINavigationItem {
  /// https://developer.apple.com/documentation/uikit/uinavigationitem/leftbarbuttonitem
  /// `var leftBarButtonItem: UIBarButtonItem? { get set }`
  public var leftBarButtonItem: UIBarButtonItem? {
    get { _modelLeftItem }
    set { _modelLeftItem = newValue }
  }
}

/// https://developer.apple.com/documentation/uikit/uitableview — `@MainActor class UITableView`
/// (a UIScrollView; the model keeps its style alone).
@available(watchOS, unavailable)
@MainActor open class UITableView: UIView {
  /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum — `enum Style`
  public enum Style: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum/plain — `case plain`
    case plain = 0
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum/grouped — `case grouped`
    case grouped = 1
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum/insetgrouped — `case insetGrouped` (iOS 13)
    case insetGrouped = 2
  }

  /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.property — `var style: UITableView.Style { get }`
  public let style: Style

  /// https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
  /// `init(frame: CGRect, style: UITableView.Style)`
  public init(frame: CGRect, style: UITableView.Style) {
    self.style = style
    super.init()
    self.frame = frame
  }
}

/// https://developer.apple.com/documentation/uikit/uitableviewcontroller — `@MainActor class UITableViewController`
/// (it adopts UITableViewDelegate and UITableViewDataSource, and implements their methods, which
/// a subclass overrides).
@available(watchOS, unavailable)
@MainActor open class UITableViewController: UIViewController {
  /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/tableview — `var tableView: UITableView! { get set }`
  open var tableView: UITableView!

  /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(style:) — `init(style: UITableView.Style)`
  public init(style: UITableView.Style) {
    super.init(nibName: nil, bundle: nil)
    tableView = UITableView(frame: .zero, style: style)
  }

  /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(nibname:bundle:)
  /// `init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?)`
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    tableView = UITableView(frame: .zero, style: .plain)
  }

  /// https://developer.apple.com/documentation/uikit/uitableviewcontroller/init(coder:) — `init?(coder: NSCoder)`
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  /// https://developer.apple.com/documentation/uikit/uitableviewdelegate/tableview(_:didselectrowat:)
  /// `optional func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)`:
  /// the user selected the row.
  open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}

  /// Model only: the user taps row `row` of section 0.
  public func _modelUserSelects(row: Int) {
    tableView(tableView, didSelectRowAt: IndexPath(row: row, section: 0))
  }
}

extension IndexPath {
  /// https://developer.apple.com/documentation/foundation/indexpath/row — `var row: Int { get set }`
  /// (UIKit's addition to IndexPath).
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// https://developer.apple.com/documentation/foundation/indexpath/init(row:section:)
  /// `init(row: Int, section: Int)` (UIKit's addition to IndexPath).
  public init(row: Int, section: Int) {
    self.init(indexes: [section, row])
  }
}

/// https://developer.apple.com/documentation/uikit/uiuserinterfaceactiveappearance — `enum UIUserInterfaceActiveAppearance` (iOS 14)
@available(watchOS, unavailable)
public enum UIUserInterfaceActiveAppearance: Int, Sendable {
  /// https://developer.apple.com/documentation/uikit/uiuserinterfaceactiveappearance/unspecified — `case unspecified`
  case unspecified = -1
  /// https://developer.apple.com/documentation/uikit/uiuserinterfaceactiveappearance/inactive — `case inactive`
  case inactive = 0
  /// https://developer.apple.com/documentation/uikit/uiuserinterfaceactiveappearance/active — `case active`
  case active = 1
}

/// https://developer.apple.com/documentation/uikit/uitraitcollection — `@MainActor class UITraitCollection`
/// (the model keeps its active appearance alone).
@available(watchOS, unavailable)
@MainActor open class UITraitCollection: NSObject {
  /// https://developer.apple.com/documentation/uikit/uitraitcollection/activeappearance
  /// `var activeAppearance: UIUserInterfaceActiveAppearance { get }` (iOS 14): "whether a scene is
  /// frontmost; it doesn't describe a scene's life-cycle state".
  public let activeAppearance: UIUserInterfaceActiveAppearance

  /// https://developer.apple.com/documentation/uikit/uitraitcollection/init(activeappearance:)
  /// `init(activeAppearance userInterfaceActiveAppearance: UIUserInterfaceActiveAppearance)`
  public init(activeAppearance userInterfaceActiveAppearance: UIUserInterfaceActiveAppearance) {
    activeAppearance = userInterfaceActiveAppearance
    super.init()
  }
}

extension UIView {
  /// https://developer.apple.com/documentation/uikit/uitraitenvironment/traitcollection
  /// `var traitCollection: UITraitCollection { get }` (UITraitEnvironment): the model's carries
  /// the active appearance of the view's window's scene.
  public var traitCollection: UITraitCollection {
    UITraitCollection(activeAppearance: window?.windowScene?._modelActiveAppearance ?? .unspecified)
  }
}
