/// A screen's request to close itself (`closeScreen()` in SwiftUI, the same from a view
/// controller): returned at once, its ``outcome`` resolves exactly once.
///
/// A pushed screen pops with what is above it; the root of a presented stack dismisses it; the
/// first screen of a tab or of the window has nothing to close it to and changes nothing
/// (``Outcome/atRoot``).
@MainActor
public final class ScreenClosing {
  /// How a screen's close ended.
  public enum Outcome: Sendable, Equatable, CustomStringConvertible {
    /// The screen left: popped with what was above it, or dismissed with its presented stack.
    case closed
    /// Nothing changed: the screen is the first of a tab, a column or the window.
    case atRoot
    /// Nothing changed: the screen is no longer shown (closed already, or its window is gone).
    case notShown
    /// The navigator refused (the app presents something of its own over the window, a
    /// transition could not end); the screen stays.
    case failed(NavigationError)

    /// `closed`, `at a root: nothing to close`, `not shown`, `failed: …`.
    public var description: String {
      switch self {
      case .closed: "closed"
      case .atRoot: "at a root: nothing to close"
      case .notShown: "not shown"
      case .failed(let error): "failed: \(error.message)"
      }
    }
  }

  /// The screen's id.
  public let screen: String
  /// The window it is in.
  public let window: String?
  private let ending = Ending<Outcome>()

  /// A close of `screen` in `window`.
  package init(_ screen: String, window: String?) {
    self.screen = screen
    self.window = window
  }

  /// How it ended; `nil` while it is under way.
  public var outcome: Outcome? { ending.value }

  /// Calls `hear` once with how it ended: at once when it has ended, else when it ends.
  ///
  /// - Parameter hear: Hears the outcome, on the main actor.
  public func whenFinished(_ hear: @escaping @MainActor (Outcome) -> Void) {
    ending.hear(hear)
  }

  /// How it ended, once it has.
  public var finished: Outcome {
    get async { await ending.value() }
  }

  /// Ends it with `outcome`; a second end is ignored.
  package func finish(_ outcome: Outcome) {
    ending.end(outcome)
  }
}

/// A value that is set once, and the listeners that wait for it: each hears it exactly once (a
/// listener may ask to hear it again, and hears it at once).
@MainActor
final class Ending<Value: Sendable> {
  private(set) var value: Value?
  private var listeners: [@MainActor (Value) -> Void] = []

  init() {}

  func hear(_ hear: @escaping @MainActor (Value) -> Void) {
    if let value { return hear(value) }
    listeners.append(hear)
  }

  /// The value, once it is set.
  func value() async -> Value {
    await withCheckedContinuation { waiter in hear { waiter.resume(returning: $0) } }
  }

  func end(_ value: Value) {
    guard self.value == nil else { return }
    self.value = value
    let heard = listeners
    listeners = []
    for listener in heard { listener(value) }
  }
}

extension ScreenCoordinator {
  /// Closes the screen `id` of this window, as the screen itself asks (`closeScreen()`).
  ///
  /// See ``ScreenClosing``. The outcome of a screen at a root or not shown is there at once; a
  /// removal ends once the navigator carried it out.
  ///
  /// A live module showing the screen is removed as ``ShownModule/remove()`` removes it, so its
  /// observers hear it; a screen no module holds (restored, pushed by SwiftUI) is taken off the
  /// state with the change ``NavigationState/closing(_:)`` finds.
  ///
  /// - Parameters:
  ///   - id: The screen's id.
  ///   - window: The window's id, which the closing reports.
  /// - Returns: The close, whose outcome resolves once.
  package func close(_ id: String, window: String?) -> ScreenClosing {
    let closing = ScreenClosing(id, window: window)
    let change: NavigationChange
    switch navigator.state.closing(id) {
    case .atRoot:
      closing.finish(.atRoot)
      return closing
    case .notShown:
      closing.finish(.notShown)
      return closing
    case .change(let found):
      change = found
    }
    let module = liveModules.first { $0.screen.id == id && $0.state == .shown && !$0.isMakeOnly }
    closesUnderWay += 1
    Task { @MainActor in
      defer { closesUnderWay -= 1 }
      do throws(NavigationError) {
        if let module {
          try await module.remove()
        } else {
          try await navigator.carryOut(removing: change)
          refreshShownModules()
        }
        closing.finish(.closed)
      } catch  where error.code == .screenGone || error.code == .notShown {
        closing.finish(.notShown)
      } catch {
        closing.finish(.failed(error))
      }
    }
    return closing
  }
}
