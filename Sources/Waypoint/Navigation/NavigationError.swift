/// The error of navigation: carrying out plans and steps, and showing and removing
/// modules.
///
/// Showing a module can also fail while making it: ``ScreenCoordinator`` and ``ShownModule`` then
/// throw `moduleFailed` with the registry's ``ModuleError`` as ``underlying``, so every way of
/// showing a module throws this one type.
///
/// ```swift
/// do {
///   try await shown.remove()
/// } catch where error.code == .screenGone {
///   // the user already closed it
/// }
/// ```
public struct NavigationError: WaypointError {
  /// What kind of navigation failure an error is.
  public struct Code: ErrorCode {
    /// The code's stable name.
    public var rawValue: String

    /// Makes a code from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The source screen is not on screen, is covered, or cannot show the destination that way.
    public static let invalidSource: Code = "invalidSource"
    /// The module does not support the presentation asked for.
    public static let unsupportedPresentation: Code = "unsupportedPresentation"
    /// A request asked for a presentation by a string that names none.
    public static let unknownPresentation: Code = "unknownPresentation"
    /// A transition started while another was still in flight.
    public static let unbalancedTransition: Code = "unbalancedTransition"
    /// A route was shown while it was already routing.
    public static let inTransition: Code = "inTransition"
    /// A route was shown twice without being removed in between.
    public static let alreadyShown: Code = "alreadyShown"
    /// A route was removed before it was shown.
    public static let notShown: Code = "notShown"
    /// A route was removed after its screen had already gone.
    public static let screenGone: Code = "screenGone"
    /// A UI reported a change the state cannot take: a screen or level it does not hold, or a
    /// new screen whose id is already shown.
    public static let invalidEdit: Code = "invalidEdit"
    /// A navigator cannot show what was made for a screen (a UIKit navigator needs a view
    /// controller), or has no way to make it.
    public static let unshowableDestination: Code = "unshowableDestination"
    /// A plan step does not fit the state it is applied to.
    public static let invalidStep: Code = "invalidStep"
    /// The UI would refuse the change, so nothing was changed.
    ///
    /// Something the navigator did not show (an alert, a share sheet, the app's own modal)
    /// covers the screen to present from, or that screen is not in a window.
    public static let presentationBlocked: Code = "presentationBlocked"
    /// The UI did not finish a transition in the time the navigator waits.
    ///
    /// A completion never came, or the user held a back swipe; the state says what the UI
    /// shows once the wait is over.
    public static let transitionTimedOut: Code = "transitionTimedOut"
    /// A link did not open because something is presented: its route's presented policy is
    /// `refuse`, or the policy is `dismiss` and a presentation is held as not dismissible.
    public static let coveredByPresentation: Code = "coveredByPresentation"
    /// A link names a tab the window's tab bar does not have.
    public static let unknownTab: Code = "unknownTab"
    /// Making the module to show failed; ``NavigationError/underlying`` is the registry's error
    /// (`notRegistered`, `bindingFailed`, `factoryFailed`…).
    public static let moduleFailed: Code = "moduleFailed"
  }

  /// What kind of failure this is.
  public var code: Code
  /// A sentence for people that names the screen at fault.
  public var message: String
  /// The id of the screen at fault, when there is one.
  public var screen: String?
  /// For `moduleFailed`, the registry's error.
  public var underlying: ModuleError?
  /// Why a sign-in gate refused a link's screen in the navigator's turn (the user signed out
  /// after it let the link through); the window gives the link a `rejected` error with it.
  package var gateRefusal: String?

  /// Makes an error.
  ///
  /// - Parameters:
  ///   - code: What kind of failure it is.
  ///   - message: A sentence for people that names the screen at fault.
  ///   - screen: The id of the screen at fault; `nil` (the default) when there is none.
  ///   - underlying: For `moduleFailed`, the registry's error; `nil` by default.
  public init(_ code: Code, _ message: String, screen: String? = nil, underlying: ModuleError? = nil) {
    self.code = code
    self.message = message
    self.screen = screen
    self.underlying = underlying
  }

  /// `error` as a navigation error: itself, or `moduleFailed` around a ``ModuleError`` (or around
  /// anything else a module's making threw, described).
  static func showing(_ error: any Error, screen: String? = nil) -> NavigationError {
    switch error {
    case let error as NavigationError:
      return error
    case let error as ModuleError:
      return NavigationError(.moduleFailed, error.message, screen: screen, underlying: error)
    default:
      return NavigationError(.moduleFailed, "making the module failed: \(error)", screen: screen)
    }
  }
}
