public import Observation

/// A module shown by a ``ScreenCoordinator``, which can later be removed without the caller knowing
/// whether it was pushed, presented, added as a child or made the root.
///
/// States: unshown → showing → shown → removing → removed, and shown again after a new
/// ``show()``. The state is observable, so UI code can react when its route is removed:
///
/// ```swift
/// withObservationTracking { _ = route.state } onChange: { print("the editor's route changed") }
/// ```
///
/// **A screen that left by other means.** When the screen is taken off by something else (popped
/// or dismissed by the user, replaced by a new root, its presenter removed), the module becomes
/// `removed` and its observers get one `didRemove`. The ``ScreenCoordinator`` notices on its own
/// when its navigator is `@Observable`, and ``remove()``, ``show()`` and ``canRemove`` notice
/// when they are called.
///
/// **Make-only modules** (`none`) show nothing. Showing one again makes a new destination;
/// removing one shows nothing either: it succeeds, moves the module to `removed` with
/// `willRemove` and `didRemove`, and lets go of the destination.
///
/// **Who keeps the destination alive.** The module keeps its destination strongly while it is
/// shown. Once it is removed (or its screen is gone) it keeps a class destination only weakly,
/// so a view that has left the screen is released as soon as nobody else holds it; a value
/// destination is kept. `destination(as:)` is then `nil` once the destination is released,
/// and showing the module again makes a new one.
@MainActor
@Observable
public final class ShownModule {
  /// Where a shown module is in its life.
  public enum State: String, Sendable, Hashable {
    /// Made but not yet shown.
    case unshown
    /// Being shown: the navigator is showing it.
    case showing
    /// On screen, where it was put.
    case shown
    /// Being removed: the navigator is undoing what it did.
    case removing
    /// Removed, or its screen was taken off by something else.
    case removed
  }

  /// Where the module is in its life.
  public private(set) var state: State = .unshown
  /// The screen as shown, with the parameters it was opened with.
  ///
  /// A link's module gets its screen's id when its placement numbers it, in the navigator's turn.
  public package(set) var screen: Screen
  /// How it is shown.
  public let presentation: Presentation
  /// The screen it was shown from; `nil` for the top screen.
  ///
  /// A link's module gets the screen its placement shows it from when the navigator's turn comes.
  public private(set) var source: String?
  /// The module's key.
  public let key: ModuleKey
  /// The destination, held strongly while the module is shown.
  @ObservationIgnored private var heldStrongly: MadeModule?
  /// A class destination after removal, held weakly, so a view that left the screen is freed
  /// once nobody else holds it (a value destination stays in `heldStrongly`).
  @ObservationIgnored private weak var heldWeakly: AnyObject?
  /// Makes a new destination, for a shown module that has none to show; `nil` for an instance made
  /// elsewhere.
  @ObservationIgnored private let make: (@MainActor () throws -> MadeModule)?
  @ObservationIgnored private let navigator: any Navigator
  @ObservationIgnored private let notify: @MainActor (ModuleEvent.Phase, (any Error)?) -> Void
  @ObservationIgnored private var change: NavigationChange?
  /// Whether the module was last removed because its screen was taken off by something else.
  @ObservationIgnored private var wentAway = false
  /// What the module's observers heard of the show under way.
  @ObservationIgnored private var heard = Heard.nothing
  /// Hear the next removal, told whether something else took the screen off (the user).
  @ObservationIgnored private var removalListeners: [@MainActor (_ tookOff: Bool) -> Void] = []
  /// Whether a link may dismiss the screen when its route's presented policy is `dismiss`;
  /// `false` holds a presentation the user must finish (forced onboarding, a payment in
  /// progress): such a link then fails with `coveredByPresentation`.
  public var isDismissibleByLinks = true
  /// Whether the app takes the screen away because the gate it stood in for was passed (the
  /// sign-in screen closing after sign-in): the links parked behind it then stay parked, to be
  /// resumed, rather than dropped as cancelled.
  @ObservationIgnored package var leavesPastGate = false

  /// Why the navigator's state last changed, when it says so (Waypoint's navigators do): what
  /// took the screen off, read when the module hears it left.
  package var lastChangeCause: ScreenEvent.Cause? {
    (navigator as? any PublishesStates)?.statesPublished.lastCause
  }

  init(
    screen: Screen, presentation: Presentation, source: String?, key: ModuleKey, made: MadeModule?,
    make: (@MainActor () throws -> MadeModule)?, navigator: any Navigator,
    notify: @escaping @MainActor (ModuleEvent.Phase, (any Error)?) -> Void
  ) {
    self.screen = screen
    self.presentation = presentation
    self.source = source
    self.key = key
    self.make = make
    self.navigator = navigator
    self.notify = notify
    if let made { keep(made) }
  }

  /// The parameters the screen was opened with.
  package var parameters: [String: String] { screen.parameters }

  /// The destination, while something keeps it.
  var heldDestination: MadeModule? {
    heldStrongly ?? heldWeakly.map { MadeModule($0) }
  }

  /// Holds `made` strongly.
  private func keep(_ made: MadeModule) {
    heldStrongly = made
    heldWeakly = nil
  }

  /// Lets go of a class destination, keeping a weak reference to it.
  private func release() {
    guard let held = heldStrongly, type(of: held.value) is AnyClass else { return }
    heldWeakly = held.value as AnyObject
    heldStrongly = nil
  }

  /// Whether the module shows nothing (`none`).
  package var isMakeOnly: Bool { presentation.kind == .none }

  /// The made module, as `type`; `nil` when it is another type, or was released after the module
  /// was removed.
  public func destination<Destination>(as type: Destination.Type) -> Destination? {
    heldDestination?.value as? Destination
  }

  /// Whether ``remove()`` can undo the module now: it is shown and, unless it is make-only, its
  /// screen is still where it was put.
  public var canRemove: Bool {
    settle()
    return state == .shown
  }

  /// Shows the module: the destination it holds, or a new one when it has none (a make-only
  /// route, or a destination released after removal).
  ///
  /// The transition is checked against what is shown before anything is made or announced: an
  /// invalid source fails with a lone `failedToShow` event. Otherwise `willShow` is followed
  /// by `didShow` or `failedToShow`.
  ///
  /// - Throws: `inTransition` while showing or removing, `alreadyShown` when shown (and not
  ///   make-only) with its screen still shown, `invalidSource`, what the navigator throws (the
  ///   module then goes back to where it was), or `moduleFailed` with the ``ModuleError`` of
  ///   making a new destination.
  public func show() async throws(NavigationError) {
    _ = try await show { base throws(NavigationError) in try self.plan(over: base, base: base, from: self.source) }
  }

  /// Shows the module in one plan of the navigator, which `planning` works out from the state
  /// shown in the navigator's turn; returns the plan carried out.
  ///
  /// The plan is ``plan(over:base:from:)`` when the module's screen is shown with its
  /// transition, or one that places it as it is (a link found its screen already there, or made
  /// it a stack's root), which sends no events for this module.
  ///
  /// Events as ``show()`` says.
  package func show(planning: (NavigationState) throws(NavigationError) -> NavigationPlan)
    async throws(NavigationError) -> NavigationPlan
  {
    let previous = try beginShow()
    let plan: NavigationPlan
    do {
      if isMakeOnly {
        // A make-only route shows nothing, so the navigator has nothing to do (and may be busy).
        plan = try self.plan(over: navigator.state, base: navigator.state, from: source)
      } else {
        plan = try await navigator.carryOut(planning)
      }
    } catch {
      throw failedShow(error, previous: previous)
    }
    return endShow(plan)
  }

  /// Shows the module as ``show(planning:)`` does, within the caller's turn, through a
  /// navigator that can (``CarriesOutNow/canCarryOutNow``).
  package func showNow(
    planning: (NavigationState) throws(NavigationError) -> NavigationPlan, through navigator: any CarriesOutNow
  ) throws(NavigationError) -> NavigationPlan {
    let previous = try beginShow()
    let plan: NavigationPlan
    do {
      plan = try navigator.carryOutNow(planning)
    } catch {
      throw failedShow(error, previous: previous)
    }
    return endShow(plan)
  }

  /// Checks the module can be shown now (a refusal is the lone event) and returns the state it
  /// goes back to should showing fail.
  private func beginShow() throws(NavigationError) -> State {
    if let refusal = refusalToShow() {
      // Refused before any work began: the failure is the lone event.
      notify(.failedToShow, refusal)
      throw refusal
    }
    heard = .nothing
    return state
  }

  /// The module back where it was after showing failed with `error`, which is returned.
  private func failedShow(_ error: NavigationError, previous: State) -> NavigationError {
    state = previous
    // A failure before anything was made (a busy navigator) is the lone event; a failed
    // make was heard through the make events.
    if heard != .made { notify(.failedToShow, error) }
    return error
  }

  /// The module shown by `plan`, `didShow` sent when its screen was shown with its transition.
  private func endShow(_ plan: NavigationPlan) -> NavigationPlan {
    guard heard == .willShow else { return plan }
    change = plan.change
    state = .shown
    wentAway = false
    notify(.didShow, nil)
    return plan
  }

  /// The plan that shows this module's screen from `source` over `placed` (`base`, or `base`
  /// with a link's screens placed under it): the transition is checked before anything is made
  /// (a refusal is the lone `failedToShow`), then the destination is made when there is none,
  /// and `willShow` sent.
  package func plan(
    over placed: NavigationState, base: NavigationState, from source: String?
  ) throws(NavigationError) -> NavigationPlan {
    self.source = source
    let transition = NavigationTransition(presentation, screen: screen, from: source)
    var plan = try NavigationPlan(from: base, over: placed, showing: transition)
    state = .showing
    do {
      if isMakeOnly || heldDestination == nil { try keep(makeDestination()) }
    } catch {
      heard = .made
      throw NavigationError.showing(error, screen: screen.id)
    }
    plan.hand(heldDestination, to: screen.id)
    notify(.willShow, nil)
    heard = .willShow
    if isMakeOnly { plan.change = .nothing(screen: screen.id) }
    return plan
  }

  /// What a module's observers heard of a show under way.
  private enum Heard {
    /// Nothing yet: a failure is the lone `failedToShow`.
    case nothing
    /// The make events of a destination that could not be made.
    case made
    /// `willShow`: a failure is its `failedToShow`.
    case willShow
  }

  /// Why the module cannot be shown now (it is on its way, or already on screen), or `nil`.
  private func refusalToShow() -> NavigationError? {
    switch state {
    case .showing, .removing:
      return NavigationError(
        .inTransition, "'\(screen.id)' is already \(state.rawValue); wait for it to finish", screen: screen.id)
    case .shown where !isMakeOnly:
      settle()
      guard state != .removed else { return nil }
      return NavigationError(
        .alreadyShown, "'\(screen.id)' is already shown; remove it before showing it again", screen: screen.id)
    case .shown, .unshown, .removed:
      return nil
    }
  }

  /// Removes the module with the inverse of what was really done.
  ///
  /// That is a pop, a dismiss, removing the child, or restoring the previous root. A make-only
  /// route has nothing on screen, so removing it only moves it to `removed`.
  ///
  /// - Throws: `notShown` before ``show()`` or after removal, `inTransition` while showing or
  ///   removing, `screenGone` when the screen was taken off by something else (the module is then
  ///   `removed`, and stays so), or what the navigator throws (the module stays shown).
  public func remove() async throws(NavigationError) {
    settle()
    let refusal: NavigationError? =
      switch state {
      case .removed where wentAway:
        NavigationError(
          .screenGone, "'\(screen.id)' is no longer where it was shown (\(presentation)), so it cannot be removed",
          screen: screen.id)
      case .unshown, .removed:
        NavigationError(.notShown, "'\(screen.id)' is not shown, so it cannot be removed", screen: screen.id)
      case .showing, .removing:
        NavigationError(.inTransition, "'\(screen.id)' is \(state.rawValue); wait for it to finish", screen: screen.id)
      case .shown:
        nil
      }
    if let refusal {
      // Refused before any work began: the failure is the lone event.
      notify(.failedToRemove, refusal)
      throw refusal
    }
    if let change, !isMakeOnly {
      state = .removing
      notify(.willRemove, nil)
      do {
        try await navigator.carryOut(removing: change)
      } catch {
        state = .shown
        notify(.failedToRemove, error)
        throw error
      }
    } else {
      state = .removing
      notify(.willRemove, nil)
    }
    finishRemoval()
  }

  /// Moves a shown route whose screen was taken off by something else to `removed`, telling the
  /// observers once.
  func settle() {
    guard state == .shown, !isMakeOnly, let change, !navigator.state.canRemove(change) else { return }
    wentAway = true
    finishRemoval()
  }

  private func finishRemoval() {
    state = .removed
    change = nil
    release()
    notify(.didRemove, nil)
    let listeners = removalListeners
    removalListeners = []
    for listener in listeners { listener(wentAway) }
  }

  /// Calls `hear` once, when the module is next removed (at once when it is removed already),
  /// with whether something other than ``remove()`` took its screen off: the user, or a change
  /// that replaced what was shown.
  package func whenRemoved(_ hear: @escaping @MainActor (_ tookOff: Bool) -> Void) {
    settle()
    guard state != .removed else { return hear(wentAway) }
    removalListeners.append(hear)
  }

  /// Takes a screen already in a stack as this module's, shown as if pushed (a link found the app
  /// already showing it, or placed it as the root of an empty stack), with `made` as its
  /// destination when there is one; sends no events.
  func adopt(made: MadeModule?) {
    if let made { keep(made) }
    state = .shown
    change = .pushed(screen: screen.id)
    wentAway = false
  }

  private func makeDestination() throws -> MadeModule {
    guard let make else {
      throw NavigationError(
        .screenGone,
        "'\(screen.id)' was shown with an instance made elsewhere, which has been released; show a new one",
        screen: screen.id)
    }
    return try ModuleRegistry.startOnMainActor(make)
  }
}
