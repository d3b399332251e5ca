#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LinkInbox {
  // MARK: - Parking

  /// Opens again, in order, the links parked until `gate` (sign-in done).
  ///
  /// They wait if the app is not ready, their wait counted from now. Those parked longer than
  /// ``Policy/maxParked`` are dropped as expired instead.
  public func resume(_ gate: String) {
    let moment = now()
    let limit = Self.seconds(policy.maxParked)
    let (start, expired) = state.withLock { state -> (Bool, [Held]) in
      let parked = state.parked.removeValue(forKey: gate) ?? []
      let expired = parked.filter { moment.timeIntervalSince($0.received) > limit }
      // A resumed link waits afresh: sign-in may take longer than `maxWait`.
      state.waiting += parked.filter { moment.timeIntervalSince($0.received) <= limit }.map { held in
        Held(
          openID: held.openID, url: held.url, origin: held.origin, received: moment, extras: held.extras,
          completion: held.completion)
      }
      return (startDraining(&state), expired)
    }
    for held in expired { drop(held, because: Self.expiredParking(gate, policy.maxParked)) }
    if start { drainInTask() }
  }

  static func expiredParking(_ gate: String, _ limit: Duration) -> String {
    "expired: it was parked until '\(gate)' longer than \(limit)"
  }

  /// Drops the link `openID` parked until `gate` once it has been parked for ``Policy/maxParked``.
  func expireParked(_ openID: UInt64, gate: String) {
    let limit = Self.seconds(policy.maxParked)
    let moment = now()
    let held = state.withLock { state -> Held? in
      guard let index = state.parked[gate]?.firstIndex(where: { $0.openID == openID }),
        let found = state.parked[gate]?[index], moment.timeIntervalSince(found.received) >= limit
      else { return nil }
      state.parked[gate]?.remove(at: index)
      if state.parked[gate]?.isEmpty == true { state.parked[gate] = nil }
      return found
    }
    if let held { drop(held, because: Self.expiredParking(gate, policy.maxParked)) }
  }

  /// The screen shown in place of the link `openID` parked until `gate` (the sign-in screen)
  /// left: when the gate still holds (`stillClosed`, asked now), that link is dropped with
  /// `reason`; links parked behind the same gate in another window stay.
  func gateScreenLeft(
    _ gate: String, openID: UInt64, reason: String, stillClosed: (@Sendable () async -> Bool)?
  ) async {
    if let stillClosed, await !stillClosed() { return }
    dropParked(openID, gate: gate, because: reason)
  }

  /// Drops the link `openID` parked until `gate`, if it still is, with `reason`.
  func dropParked(_ openID: UInt64, gate: String, because reason: String) {
    let held = state.withLock { state -> Held? in
      guard let index = state.parked[gate]?.firstIndex(where: { $0.openID == openID }) else { return nil }
      let found = state.parked[gate]?.remove(at: index)
      if state.parked[gate]?.isEmpty == true { state.parked[gate] = nil }
      return found
    }
    if let held { drop(held, because: "\(reason) (parked until '\(gate)')") }
  }

  /// Why a link parked behind a gate is dropped when the screen shown in its place (`screen`)
  /// left while the gate still held: the user cancelled (a Cancel that closed it, a swipe), or a
  /// link took its place.
  @MainActor
  static func gateScreenReason(tookOff: Bool, cause: ScreenEvent.Cause?, screen: String) -> String {
    guard tookOff else { return cancelledSignIn }
    switch cause {
    case .user?, nil: return cancelledSignIn
    case .link(_, let url, _, _)?: return "the link '\(url)' took the place of the sign-in screen '\(screen)'"
    case .app?, .restore?, .background?, .foreground?:
      return "the app took the sign-in screen '\(screen)' away while the gate still held"
    }
  }

  /// The reason a link parked behind a gate gives when the user cancels the screen shown in its
  /// place (a Cancel button that closes it, a swipe down).
  package static let cancelledSignIn = "the user cancelled sign-in"

  /// Drops the links parked until `gate` (the user gave up signing in), each with a `dropped`
  /// event giving `reason`.
  ///
  /// - Parameters:
  ///   - gate: The gate the links wait behind (`signIn`); nothing happens when none waits.
  ///   - reason: Why they are dropped; each event gives it with the gate. `discarded` by default.
  public func discard(_ gate: String, reason: String = "discarded") {
    let dropped = state.withLock { $0.parked.removeValue(forKey: gate) ?? [] }
    for held in dropped { drop(held, because: "\(reason) (parked until '\(gate)')") }
  }
}
