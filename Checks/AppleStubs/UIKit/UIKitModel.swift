// Model only: what stands in for UIKit's run loop, its animations and its Objective-C exceptions.
// Nothing here is an SDK declaration; every name starts with `UIKitModel` or `_model`.

/// The model's clock and its record of what UIKit would have said or done.
///
/// - Animations never end inside the call that starts them: a push, pop, present or dismiss
///   (animated or not) ends on a later turn of the main actor, and only then do completions,
///   `viewDidAppear`/`viewDidDisappear` and the navigation delegate's `didShow` arrive. UIKit
///   documents `present`'s completion as running "after the presentation finishes"
///   (https://developer.apple.com/documentation/uikit/uiviewcontroller/present(_:animated:completion:)).
/// - While ``holdsAnimations`` is set, they wait for ``finishAnimations()``, so a test can act in
///   the middle of a transition (a user pop while the navigator waits).
/// - What UIKit raises as an exception (the app would crash) is recorded in ``raised``, handed
///   at once to ``onRaise`` (the tests' harness fails the running test there), and the call does
///   nothing; what UIKit only logs (a refused presentation) goes to ``console``. A test that
///   means to provoke an exception runs it inside ``provoking(_:)``.
@MainActor
public enum UIKitModel {
  /// The exceptions UIKit would have raised, oldest first. Tests require it to stay empty.
  public static var raised: [String] = []
  /// What UIKit would have logged to the console when it refused something.
  public static var console: [String] = []
  /// Called with each exception UIKit would raise, as it is raised, unless inside
  /// ``provoking(_:)``.
  public static var onRaise: (@MainActor (String) -> Void)?
  /// How deep the current code is in ``provoking(_:)`` calls.
  private static var provokingDepth = 0
  /// Whether started animations wait for ``finishAnimations()``.
  public static var holdsAnimations = false
  /// Called with every appearance callback UIKit makes (`viewWillAppear(_:)`, `viewDidAppear(_:)`
  /// and their disappearing pair), on containers and children too, as a method swizzled into
  /// `UIViewController` would see them (how analytics SDKs track screens in UIKit).
  public static var onAppearance: (@MainActor (UIViewController, UIKitModelAppearance) -> Void)?
  private static var pending: [(id: Int, end: @MainActor () -> Void)] = []
  private static var nextID = 0

  /// Forgets everything: no pending animations, nothing raised or logged, animations not held.
  public static func reset() {
    raised = []
    console = []
    pending = []
    holdsAnimations = false
    onAppearance = nil
  }

  /// Ends every animation started so far, oldest first (and those their ends start).
  public static func finishAnimations() {
    while !pending.isEmpty {
      let animation = pending.removeFirst()
      animation.end()
    }
  }

  /// Starts an animation that ends with `end`, on a later turn of the main actor (or when
  /// ``finishAnimations()`` is called, while animations are held).
  static func animate(_ end: @escaping @MainActor () -> Void) {
    nextID += 1
    let id = nextID
    pending.append((id, end))
    Task { @MainActor in
      await Task.yield()
      await Task.yield()
      guard !holdsAnimations, let index = pending.firstIndex(where: { $0.id == id }) else { return }
      let animation = pending.remove(at: index)
      animation.end()
    }
  }

  /// Runs `body`, which means to provoke exceptions, and returns what it raised; they are
  /// recorded in ``raised`` but not handed to ``onRaise``.
  public static func provoking(_ body: () throws -> Void) rethrows -> [String] {
    let before = raised.count
    provokingDepth += 1
    defer { provokingDepth -= 1 }
    try body()
    return raised.count >= before ? Array(raised[before...]) : raised
  }

  /// Records an exception UIKit raises (`NSInvalidArgumentException`, `NSInternalInconsistencyException`).
  static func raise(_ reason: String) {
    raised.append(reason)
    if provokingDepth == 0 { onRaise?(reason) }
  }

  /// Records a console message of a refusal.
  static func log(_ message: String) {
    console.append(message)
  }
}

/// The transition coordinator of one model animation.
///
/// https://developer.apple.com/documentation/uikit/uiviewcontrollertransitioncoordinator — UIKit
/// makes one for each present, dismiss, push and pop and it "lasts for the duration of the
/// transition animation"; `animate(alongsideTransition:completion:)`'s completion runs when the
/// transition ends, cancelled or not.
@MainActor
final class ModelTransition: NSObject, UIViewControllerTransitionCoordinator {
  private(set) var isCancelled = false
  private var completions: [(any UIViewControllerTransitionCoordinatorContext) -> Void] = []
  private var ended = false

  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool {
    guard !ended else { return false }
    animation?(self)
    if let completion { completions.append(completion) }
    return true
  }

  /// Ends the transition: each completion runs once.
  func end(cancelled: Bool = false) {
    guard !ended else { return }
    ended = true
    isCancelled = cancelled
    let run = completions
    completions = []
    for completion in run { completion(self) }
  }
}

/// Model only: a delegate that says which of its protocol's optional methods it implements, as
/// Objective-C's `respondsToSelector:` does. A delegate that does not adopt it is taken to
/// implement every method.
@MainActor
public protocol _ModelResponding: AnyObject {
  /// Whether the delegate implements the optional method `selector` (such as
  /// `navigationController:didShowViewController:animated:`).
  func _modelResponds(to selector: String) -> Bool
}

/// Which optional methods a delegate answered it implements when it was set: UIKit asks then,
/// and keeps the answers (fastred/AHKNavigationController#5: "system calls respondsToSelector:
/// as early as in setDelegate:, and caches that response").
@MainActor
struct DelegateAnswers {
  private var answers: Set<String> = []

  /// Asks `delegate` about `selectors`.
  init(_ delegate: AnyObject?, _ selectors: [String]) {
    guard let delegate else { return }
    let responding = delegate as? any _ModelResponding
    answers = Set(selectors.filter { responding?._modelResponds(to: $0) ?? true })
  }

  /// Whether the delegate said, when it was set, that it implements `selector`.
  func implements(_ selector: String) -> Bool { answers.contains(selector) }
}

/// Model only: an appearance callback, as ``UIKitModel/onAppearance`` reports it.
public enum UIKitModelAppearance: Sendable, Hashable {
  /// `viewWillAppear(_:)`.
  case willAppear
  /// `viewDidAppear(_:)`.
  case didAppear
  /// `viewWillDisappear(_:)`.
  case willDisappear
  /// `viewDidDisappear(_:)`.
  case didDisappear
}
